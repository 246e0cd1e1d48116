// The path and query on the wire and the answer read back, as the spec describes them (the body
// has its own file, request-body.ts). Inputs that would change the request in a way the caller
// did not write (a path value that adds a segment, a query value that adds a parameter) are
// refused with a ServiceConfigurationError before anything is sent; answers that are not the JSON
// they claim to be become a ServiceResponseError.
import { refuse, ServiceResponseError } from "./errors.js";
import { isJsonMediaType } from "../contract/media-type.js";
import { scrub } from "./redact.js";
import type { OperationPolicy } from "./policies.js";

type Primitive = string | number | boolean;

function isPrimitive(value: unknown): value is Primitive {
  return typeof value === "string" || typeof value === "boolean" || (typeof value === "number" && Number.isFinite(value));
}

export function describe(value: unknown): string {
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
export function scalar(operation: string, what: string, value: unknown): string {
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
