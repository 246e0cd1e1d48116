// The request body as the operation's content type in the spec says: JSON, a multipart form with
// its files, or a URL-encoded form. A body the operation cannot take (a file sent as "{}", a form
// where JSON is due) is refused with a ServiceConfigurationError before anything is sent.
import { describe, scalar } from "./encoding.js";
import { refuse } from "./errors.js";
import type { OperationPolicy } from "./policies.js";

function isBinary(value: unknown): boolean {
  return (
    (typeof Blob !== "undefined" && value instanceof Blob) ||
    value instanceof ArrayBuffer ||
    ArrayBuffer.isView(value) ||
    (typeof ReadableStream !== "undefined" && value instanceof ReadableStream) ||
    (typeof FormData !== "undefined" && value instanceof FormData) ||
    (typeof URLSearchParams !== "undefined" && value instanceof URLSearchParams)
  );
}

/**
 * The body as the operation's content type in the spec says: JSON by default, a multipart form
 * (an object of fields, files as Blob, File or Uint8Array, or a FormData) or a URL-encoded form
 * (an object of fields or a URLSearchParams). The result is what the Request is
 * built from; the transport reads it once, so a retry resends the identical bytes.
 */
export function encodeBody(plan: { readonly operation: string; readonly policy: OperationPolicy }, body: unknown): BodyInit {
  const { operation, policy } = plan;
  if (policy.body === "json") {
    if (isBinary(body)) refuse(`the body must be JSON (an object, array or value), not ${describe(body)}: this operation does not take files or forms`, operation);
    try {
      return JSON.stringify(body);
    } catch (error) {
      refuse(`the body cannot be written as JSON (${error instanceof Error ? error.message : String(error)})`, operation);
    }
  }
  // The platform's own form bodies, built by the caller, go as they are: the transport reads
  // them once, so a retry resends the same bytes under the same boundary.
  if (policy.body === "multipart" && typeof FormData !== "undefined" && body instanceof FormData) return body;
  if (policy.body === "form" && typeof URLSearchParams !== "undefined" && body instanceof URLSearchParams) return body;
  if (body === null || typeof body !== "object" || Array.isArray(body) || isBinary(body)) {
    const own = policy.body === "multipart" ? ["multipart/form-data", "a FormData"] : ["application/x-www-form-urlencoded", "a URLSearchParams"];
    refuse(`the body must be an object of form fields or ${own[1]} (the operation takes ${own[0]}), not ${describe(body)}`, operation);
  }
  const fields = body as Record<string, unknown>;
  return policy.body === "multipart" ? multipart(operation, policy, fields) : urlEncoded(operation, fields);
}

/** A form field's values: one, or one per item of an array (the field is then repeated). */
function formValues(operation: string, name: string, value: unknown): string[] {
  return (Array.isArray(value) ? value : [value]).map((item) => scalar(operation, `the form field ${name}`, item));
}

function multipart(operation: string, policy: OperationPolicy, fields: Record<string, unknown>): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) {
    if (value === undefined || value === null) continue;
    if (!policy.files.includes(name)) {
      for (const item of formValues(operation, name, value)) form.append(name, item);
    } else if (value instanceof Blob) {
      form.append(name, value);
    } else if (value instanceof Uint8Array) {
      form.append(name, new Blob([value as Uint8Array<ArrayBuffer>]));
    } else {
      const hint = typeof value === "string" ? " (wrap text in a Blob: new Blob([text]))" : "";
      refuse(`the form field ${name} is a file and must be a Blob, File or Uint8Array, not ${describe(value)}${hint}`, operation);
    }
  }
  return form;
}

function urlEncoded(operation: string, fields: Record<string, unknown>): URLSearchParams {
  const form = new URLSearchParams();
  for (const [name, value] of Object.entries(fields)) {
    if (value === undefined || value === null) continue;
    for (const item of formValues(operation, name, value)) form.append(name, item);
  }
  return form;
}
