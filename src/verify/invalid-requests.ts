// The invalid requests verify sends each read-only operation, made from the contract alone: a
// required query parameter (or, in a JSON body, a required field) left out, a value of the wrong
// type, a value outside its enum, a value outside its bounds or pattern, and a path identifier that
// is not a uuid where the contract says uuid. At most one request per kind per operation (the first
// parameter, in the contract's order, that has the kind; the body's top-level fields, in the
// schema's order, after the parameters), and only the kinds the operation has. Each is the
// operation's valid request with that one parameter or field broken, so a refusal can only be
// about it. What an answer to one counts
// as is decided here too (`judgeInvalid`): a deployment must refuse each with 400 or 422.
import { parametersOf, resolveRef } from "../contract/openapi-document.js";
import type { ContractOperation, JsonObject, OpenApiDocument, OpenApiParameter } from "../validation/contract.js";
import { INVALID_KINDS, type Finding, type InvalidKind } from "./findings.js";
import type { Value } from "./send.js";

/** One invalid request: the valid one with one parameter (or top-level body field) left out or given `value`. */
export interface InvalidRequest {
  readonly kind: InvalidKind;
  readonly in: "path" | "query" | "body";
  /** The parameter's name, or the body field's. */
  readonly parameter: string;
  /** The value sent in its place; absent when the parameter is left out. */
  readonly value?: Value;
  /** What is wrong with it, in words: "limit=-1 is below its minimum 1". */
  readonly what: string;
}

/** A parameter's schema without its `null` alternative: what a present value must match. */
function valueSchema(document: OpenApiDocument, schema: unknown): JsonObject | undefined {
  const resolved = resolveRef<JsonObject | undefined>(document, schema as JsonObject | undefined);
  if (!resolved || typeof resolved !== "object") return undefined;
  for (const key of ["anyOf", "oneOf"] as const) {
    const members = (resolved[key] as JsonObject[] | undefined)?.map((member) => resolveRef<JsonObject>(document, member)).filter((member) => member.type !== "null");
    if (members) return members.length === 1 ? valueSchema(document, members[0]) : undefined;
  }
  return resolved;
}

/** The schema's one non-null type, or undefined when it has none or several. */
function typeOf(schema: JsonObject): string | undefined {
  const types = (Array.isArray(schema.type) ? schema.type : [schema.type]).filter((type): type is string => typeof type === "string" && type !== "null");
  return types.length === 1 ? types[0] : undefined;
}

const WRONG_TYPE: Readonly<Record<string, string>> = { integer: "not-a-number", number: "not-a-number", boolean: "not-a-boolean" };
// In a JSON body a field of any type can be given another: a string where an array or an object is
// due, and a number where a string is.
const WRONG_BODY_TYPE: Readonly<Record<string, Value>> = { ...WRONG_TYPE, array: "not-an-array", object: "not-an-object", string: 0 };
const NOT_A_MEMBER = "service-api-verify-not-a-member";
const NOT_A_UUID = "not-a-uuid";

/** A value beyond the schema's bounds or pattern, with what is wrong with it; undefined when it has none verify can break. */
function outOfBounds(name: string, schema: JsonObject, type: string): { value: Value; what: string } | undefined {
  if (type === "integer" || type === "number") {
    const step = type === "integer" ? 1 : 0.5;
    if (typeof schema.minimum === "number") return { value: schema.minimum - step, what: `${name}=${schema.minimum - step} is below its minimum ${schema.minimum}` };
    if (typeof schema.exclusiveMinimum === "number") return { value: schema.exclusiveMinimum, what: `${name}=${schema.exclusiveMinimum} is not above its exclusive minimum` };
    if (typeof schema.maximum === "number") return { value: schema.maximum + step, what: `${name}=${schema.maximum + step} is above its maximum ${schema.maximum}` };
    if (typeof schema.exclusiveMaximum === "number") return { value: schema.exclusiveMaximum, what: `${name}=${schema.exclusiveMaximum} is not below its exclusive maximum` };
    return undefined;
  }
  if (type !== "string") return undefined;
  if (typeof schema.maxLength === "number") return { value: "x".repeat(schema.maxLength + 1), what: `${name} is ${schema.maxLength + 1} characters long, over its maxLength ${schema.maxLength}` };
  // A value of one character at least: an empty one reads as left out.
  if (typeof schema.minLength === "number" && schema.minLength > 1) return { value: "x".repeat(schema.minLength - 1), what: `${name} is ${schema.minLength - 1} characters long, under its minLength ${schema.minLength}` };
  if (typeof schema.pattern === "string") {
    const pattern = new RegExp(schema.pattern, "u");
    const value = ["~", "x", "0", "~ ~"].find((candidate) => !pattern.test(candidate));
    if (value !== undefined) return { value, what: `${name}=${JSON.stringify(value)} does not match its pattern ${schema.pattern}` };
  }
  return undefined;
}

/** Every kind `parameter` can be broken by, with the request that breaks it. */
function breakages(document: OpenApiDocument, parameter: OpenApiParameter & { in: "path" | "query" }): InvalidRequest[] {
  const at = { in: parameter.in, parameter: parameter.name };
  const found: InvalidRequest[] = [];
  if (parameter.in === "query" && parameter.required) found.push({ ...at, kind: "missing-required", what: `the required query parameter ${parameter.name} left out` });
  const schema = valueSchema(document, parameter.schema);
  const type = schema && typeOf(schema);
  if (!schema || !type) return found;
  if (parameter.in === "path" && type === "string" && schema.format === "uuid") found.push({ ...at, kind: "not-a-uuid", value: NOT_A_UUID, what: `${parameter.name}=${NOT_A_UUID}, where the contract says uuid` });
  if (WRONG_TYPE[type] !== undefined) found.push({ ...at, kind: "wrong-type", value: WRONG_TYPE[type]!, what: `${parameter.name}=${WRONG_TYPE[type]}, where the contract says ${type}` });
  if (type === "string" && Array.isArray(schema.enum) && schema.enum.length > 0 && !schema.enum.includes(NOT_A_MEMBER)) {
    found.push({ ...at, kind: "outside-enum", value: NOT_A_MEMBER, what: `${parameter.name}=${NOT_A_MEMBER}, which is none of its ${schema.enum.length} enum values` });
  }
  const bounds = outOfBounds(parameter.name, schema, type);
  if (bounds) found.push({ ...at, kind: "outside-bounds", ...bounds });
  return found;
}

/** The JSON body's schema, when the operation takes one. */
function bodySchema(document: OpenApiDocument, operation: ContractOperation): JsonObject | undefined {
  const requestBody = resolveRef<JsonObject | undefined>(document, operation.operation.requestBody as JsonObject | undefined);
  const media = (requestBody?.content as Record<string, JsonObject> | undefined)?.["application/json"];
  return media?.schema ? valueSchema(document, media.schema) : undefined;
}

/** Every kind a top-level field of the valid `body` can be broken by, with the request that breaks it. */
function bodyBreakages(document: OpenApiDocument, operation: ContractOperation, body: unknown): InvalidRequest[] {
  // Only a body sent as an object has fields to break; without one, a broken field would come
  // with others left out, and a refusal could be about them.
  if (body === null || typeof body !== "object" || Array.isArray(body)) return [];
  const schema = bodySchema(document, operation);
  const properties = schema?.properties as Record<string, unknown> | undefined;
  if (!schema || !properties) return [];
  const required = new Set((schema.required as string[] | undefined) ?? []);
  const found: InvalidRequest[] = [];
  for (const [name, property] of Object.entries(properties)) {
    const at = { in: "body" as const, parameter: name };
    if (required.has(name) && name in body) found.push({ ...at, kind: "missing-required", what: `the required body field ${name} left out` });
    const field = valueSchema(document, property);
    const type = field && typeOf(field);
    if (!field || !type) continue;
    const wrong = WRONG_BODY_TYPE[type];
    if (wrong !== undefined) found.push({ ...at, kind: "wrong-type", value: wrong, what: `body field ${name}=${JSON.stringify(wrong)}, where the contract says ${type}` });
    if (type === "string" && Array.isArray(field.enum) && field.enum.length > 0 && !field.enum.includes(NOT_A_MEMBER)) {
      found.push({ ...at, kind: "outside-enum", value: NOT_A_MEMBER, what: `body field ${name}=${NOT_A_MEMBER}, which is none of its ${field.enum.length} enum values` });
    }
    const bounds = outOfBounds(`body field ${name}`, field, type);
    if (bounds) found.push({ ...at, kind: "outside-bounds", ...bounds });
  }
  return found;
}

/**
 * The invalid requests for `operation`: one per kind it has, in INVALID_KINDS order. `body` is the
 * valid request's body; its top-level fields are broken too.
 */
export function invalidRequestsOf(document: OpenApiDocument, operation: ContractOperation, body?: unknown): InvalidRequest[] {
  const all = parametersOf<OpenApiParameter>(document, operation)
    .map(({ parameter }) => parameter)
    .filter((parameter): parameter is OpenApiParameter & { in: "path" | "query" } => parameter.in === "path" || parameter.in === "query")
    .flatMap((parameter) => breakages(document, parameter))
    .concat(bodyBreakages(document, operation, body));
  return INVALID_KINDS.flatMap((kind) => {
    const first = all.find((request) => request.kind === kind);
    return first ? [first] : [];
  });
}

/** The valid request's path, query and body with `request`'s one parameter or body field broken. */
export function broken(request: InvalidRequest, path: Readonly<Record<string, Value>>, query: Readonly<Record<string, unknown>>, body?: unknown) {
  const target = { path: { ...path }, query: { ...query }, body: body !== null && typeof body === "object" && !Array.isArray(body) ? { ...body } : body } as {
    path: Record<string, Value>;
    query: Record<string, unknown>;
    body: unknown;
  };
  const into = (request.in === "body" ? target.body : target[request.in]) as Record<string, unknown>;
  if (request.value === undefined) delete into[request.parameter];
  else into[request.parameter] = request.value;
  return target;
}

/** What an answer to an invalid request counts as. */
export type InvalidOutcome = "refused" | "accepted" | "server-error" | "inconclusive" | "other" | "no-answer";

/** The outcome of one invalid request's answer: 400 or 422 refuse it; 404 does for a malformed path identifier only; 401/403 say nothing about the input. */
export function outcomeOf(request: InvalidRequest, status: number | null): InvalidOutcome {
  if (status === null) return "no-answer";
  if (status === 400 || status === 422 || (status === 404 && request.kind === "not-a-uuid")) return "refused";
  if (status === 401 || status === 403) return "inconclusive";
  if (status >= 200 && status <= 299) return "accepted";
  if (status >= 500) return "server-error";
  return "other";
}

const ADVICE = {
  accepted: "the deployment does not check this input: code that sends it by mistake gets no error; tell whoever runs the deployment, with the curl command",
  "server-error": "send the curl command and its answer to whoever runs the deployment: invalid input should be refused with 422, not fail the server",
  other: "run the curl command and read the answer; the contract's refusal of invalid input is 422 (or 400)",
  "no-answer": "run the curl command: if it gets no answer either, the deployment drops invalid requests; check the connection and run verify again",
} as const;

/** The finding an invalid request's answer makes, or none when it was refused (or the credential was, which says nothing). */
export function judgeInvalid(operation: string, request: InvalidRequest, status: number | null, curl: string | undefined): Finding | undefined {
  const outcome = outcomeOf(request, status);
  if (outcome === "refused" || outcome === "inconclusive") return undefined;
  const base = { operation, invalid: request.kind, location: `/${request.in}/${request.parameter}`, ...(curl !== undefined ? { curl } : {}), advice: ADVICE[outcome] };
  if (outcome === "accepted") return { ...base, kind: "accepts-invalid", severity: "error", message: `HTTP ${status} to an invalid request (${request.what}): it should be refused with 400 or 422` };
  if (outcome === "server-error") return { ...base, kind: "server-error", severity: "error", message: `HTTP ${status} to an invalid request (${request.what}): a server error on invalid input, where 400 or 422 is due` };
  if (outcome === "no-answer") return { ...base, kind: "status", severity: "error", message: `no answer to an invalid request (${request.what})` };
  return { ...base, kind: "status", severity: "warning", message: `HTTP ${status} to an invalid request (${request.what}): the contract's refusal of invalid input is 400 or 422` };
}
