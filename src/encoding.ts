// What goes on the wire and what comes back, as the spec describes it. Inputs that would change
// the request in a way the caller did not write (a path value that adds a segment, a query value
// that adds a parameter, a file sent as "{}") are refused with a ServiceConfigurationError before
// anything is sent; answers that are not the JSON they claim to be become a ServiceResponseError.
import { refuse, ServiceResponseError } from "./errors.js";
import { isJsonMediaType } from "./media-type.js";
import { scrub } from "./redact.js";
import type { OperationPolicy } from "./policies.js";

type Primitive = string | number | boolean;

function isPrimitive(value: unknown): value is Primitive {
  return typeof value === "string" || typeof value === "boolean" || (typeof value === "number" && Number.isFinite(value));
}

function describe(value: unknown): string {
  if (value === null) return "null";
  if (typeof FormData !== "undefined" && value instanceof FormData) return "a FormData";
  if (typeof ReadableStream !== "undefined" && value instanceof ReadableStream) return "a stream";
  if (value instanceof ArrayBuffer || ArrayBuffer.isView(value)) return "binary data";
  if (Array.isArray(value)) return "an array";
  if (typeof value === "number") return "a number that is not finite";
  if (typeof Blob !== "undefined" && value instanceof Blob) return "a Blob";
  return typeof value === "object" ? "an object" : `a ${typeof value}`;
}

/** `value` as text, or a refusal naming `what` when it is not a string, number or boolean. */
function scalar(operation: string, what: string, value: unknown): string {
  if (!isPrimitive(value)) refuse(`${what} must be a string, number or boolean, not ${describe(value)}`, operation);
  return String(value);
}

const TEMPLATE_PARAMETER = /\{([^{}]+)\}/g;

/**
 * Fills `{name}` in a path with its value, percent-encoded as one segment. A value must be a
 * string, number or boolean, and a string must not be empty, `.` or `..` (each would change
 * which path is addressed: `/users/` is another operation, `..` climbs a segment).
 */
export function serializePath(operation: string, path: string, values: Readonly<Record<string, unknown>> | undefined): string {
  return path.replace(TEMPLATE_PARAMETER, (_, name: string) => {
    const value = values?.[name];
    if (value === undefined) refuse(`the path parameter ${name} is missing (params.path.${name})`, operation);
    const text = scalar(operation, `the path parameter ${name}`, value);
    if (text === "" || text === "." || text === "..") refuse(`the path parameter ${name} is ${text === "" ? "empty" : `"${text}"`}, which would address a different path`, operation);
    return encodeURIComponent(text);
  });
}

/**
 * The query string, as the spec's parameters are declared (form style, exploded): `name=value`,
 * and `name=a&name=b` for the parameters the spec declares as arrays. Names and values are
 * percent-encoded, so nothing in one can add, remove or cut off another. `undefined` and `null`
 * leave a parameter out (the service then applies its default). Objects are refused: the spec
 * declares no object parameter, and no serialisation of one would mean what the caller meant.
 */
export function serializeQuery(plan: { readonly operation: string; readonly policy: OperationPolicy }, query: Readonly<Record<string, unknown>>): string {
  const parts: string[] = [];
  for (const name of Object.keys(query)) {
    const value = query[name];
    if (value === undefined || value === null) continue;
    const key = encodeURIComponent(name);
    const values = Array.isArray(value) && plan.policy.arrayQuery.includes(name) ? value : [value];
    for (const item of values) parts.push(`${key}=${encodeURIComponent(scalar(plan.operation, `the query parameter ${name}`, item))}`);
  }
  return parts.join("&");
}

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

/**
 * The `data` of a successful answer read as text: parsed as the JSON the spec declares, or kept
 * as text for the operations that answer with a file (typed as strings). An answer that is not
 * the JSON it should be (an HTML maintenance page, a truncated body) becomes a
 * ServiceResponseError, which never quotes the body.
 */
export function decodeText(
  text: string,
  response: Response,
  plan: { readonly operation: string; readonly policy: OperationPolicy; readonly attempts: number },
  secrets: readonly string[],
): unknown {
  if (text === "" || plan.policy.answer === "file") return text === "" ? undefined : text;
  const type = response.headers.get("content-type");
  let problem = type !== null && !isJsonMediaType(type) ? `its body is ${type.split(";")[0]}, not the JSON the contract declares` : undefined;
  if (problem === undefined) {
    try {
      return JSON.parse(text);
    } catch {
      problem = "its body is not valid JSON";
    }
  }
  throw new ServiceResponseError(`${problem} (${text.length} characters, not shown)`, {
    status: response.status,
    operation: plan.operation,
    requestId: requestIdOf(response, secrets),
    attempts: plan.attempts,
  });
}

/** The service's `x-request-id`, scrubbed: a careless proxy may echo anything into it. */
export function requestIdOf(response: Response, secrets: readonly string[]): string | undefined {
  const requestId = response.headers.get("x-request-id");
  return requestId === null ? undefined : scrub(requestId, secrets);
}
