// What the client sent, read and checked as the service reads and checks it: first the credential
// (a secured operation without one is a 401), then every path and query parameter and the body
// against their schemas in the contract (a 422 listing each problem, in the service's `detail`
// shape: `loc` is where, as keys, `msg` what, `type` the kind).
import { specPolicy, type SecurityScheme } from "../client/policies.js";
import { followRefs, parametersOf, pointerSegment } from "../contract/openapi-document.js";
import type { ContractOperation, JsonObject, OpenApiDocument, OpenApiParameter } from "../validation/contract.js";
import { appendKey, pathKeys } from "../validation/json-path.js";
import type { ResponseProblem } from "../validation/problems.js";
import { isJsonMediaType } from "../contract/media-type.js";
import { mediaTypeOf } from "../validation/response-validator.js";
import type { SchemaValidator } from "../validation/schema-validator.js";
import { fromText, itemsOf, propertyOf } from "../validation/from-text.js";

/** One entry of the service's 422 `detail`. */
export interface ValidationDetail {
  readonly loc: (string | number)[];
  readonly msg: string;
  readonly type: string;
}

export interface ReadRequest {
  readonly params: { readonly path: Record<string, unknown>; readonly query: Record<string, unknown> };
  /** Parsed JSON, or a form's fields (a file as the File it is); undefined without a body. */
  readonly body: unknown;
  /** The service's refusal, when there is one: 401 without a credential, 422 for input the contract refuses. */
  readonly refusal?: { readonly status: 401 | 422; readonly problems: readonly ResponseProblem[]; readonly detail: readonly ValidationDetail[] };
}

export interface SentRequest {
  readonly url: URL;
  readonly headers: Headers;
  readonly bytes: ArrayBuffer | undefined;
}

const MISSING = "required property missing";

/** Whether the request carries a credential in the form `scheme` takes, as the contract declares it. */
function presents(document: OpenApiDocument, scheme: SecurityScheme, headers: Headers): boolean {
  const declared = ((document.components?.securitySchemes ?? {}) as Record<string, JsonObject>)[scheme];
  if (declared?.type === "apiKey" && declared.in === "header") return (headers.get(String(declared.name)) ?? "").trim() !== "";
  if (declared?.type === "http") return new RegExp(`^${String(declared.scheme)}\\s+\\S`, "i").test(headers.get("authorization") ?? "");
  return false;
}

export function createRequestChecker(document: OpenApiDocument, schemas: SchemaValidator) {
  return async function read(operation: ContractOperation, pathValues: Record<string, string>, sent: SentRequest): Promise<ReadRequest> {
    const at = `#/paths/${pointerSegment(operation.path)}/${operation.method.toLowerCase()}`;
    const problems: ResponseProblem[] = [];
    const detail: ValidationDetail[] = [];
    const reportProblem = (loc: (string | number)[], problem: ResponseProblem, type: string) => {
      problems.push(problem);
      detail.push({ loc, msg: problem.message, type });
    };
    /** Problems of `value` at `base`, whose keys start `loc` (["query", "limit"], ["body"]). */
    const check = (pointer: string, value: unknown, base: string, loc: (string | number)[]) => {
      for (const problem of schemas.validate(pointer, value, base)) reportProblem([...loc, ...pathKeys(problem.path, base)], problem, problem.message === MISSING ? "missing" : "value_error");
    };

    const params = { path: {} as Record<string, unknown>, query: {} as Record<string, unknown> };
    // The path item's shared parameters count as much as the operation's own.
    for (const { parameter, pointer } of parametersOf<OpenApiParameter>(document, operation)) {
      if (parameter.in !== "path" && parameter.in !== "query") continue;
      const base = appendKey(parameter.in, parameter.name);
      const texts = parameter.in === "path" ? (parameter.name in pathValues ? [pathValues[parameter.name]!] : []) : sent.url.searchParams.getAll(parameter.name);
      if (texts.length === 0) {
        if (parameter.required) reportProblem([parameter.in, parameter.name], { path: base, message: "required parameter missing" }, "missing");
        continue;
      }
      const items = itemsOf(document, parameter.schema);
      const value = items !== undefined ? texts.map((text) => fromText(document, items, text)) : fromText(document, parameter.schema, texts.at(-1)!);
      params[parameter.in][parameter.name] = value;
      check(`${pointer}/schema`, value, base, [parameter.in, parameter.name]);
    }

    let body: unknown;
    const { node: requestBody, pointer: bodyAt } = followRefs(document, operation.operation.requestBody, `${at}/requestBody`);
    const declared = (requestBody as { required?: boolean; content?: Record<string, unknown> } | undefined) ?? undefined;
    if (declared?.content) {
      const media = mediaTypeOf(sent.headers.get("content-type"));
      const types = Object.keys(declared.content);
      const matched = types.find((type) => type === media) ?? (media === undefined || isJsonMediaType(media) ? types.find(isJsonMediaType) : undefined);
      if (!sent.bytes || sent.bytes.byteLength === 0) {
        if (declared.required) reportProblem(["body"], { path: "$", message: "no body, where the contract requires one" }, "missing");
      } else if (matched === undefined) {
        reportProblem(["body"], { path: "$", message: `content type ${media ?? "(none)"} is not one the operation takes (${types.join(", ")})` }, "value_error");
      } else {
        const schemaAt = `${bodyAt}/content/${pointerSegment(matched)}/schema`;
        if (isJsonMediaType(matched)) {
          try {
            body = JSON.parse(new TextDecoder().decode(sent.bytes));
            check(schemaAt, body, "$", ["body"]);
          } catch (error) {
            if (!(error instanceof SyntaxError)) throw error;
            reportProblem(["body"], { path: "$", message: "the body is not valid JSON" }, "json_invalid");
          }
        } else {
          const fields = await readForm(document, followRefs(document, { $ref: schemaAt }, schemaAt).node, sent.bytes, sent.headers.get("content-type")!);
          body = fields.forHandler;
          check(schemaAt, fields.forCheck, "$", ["body"]);
        }
      }
    }

    // The credential is the service's first check: without it, nothing else is looked at.
    const security = specPolicy(operation.method, operation.path).security;
    if (security.length > 0 && !security.some((scheme) => presents(document, scheme, sent.headers))) {
      return { params, body, refusal: { status: 401, problems: [{ path: "$", message: `no credential this operation accepts (${security.join(", ")})` }], detail: [] } };
    }
    return problems.length > 0 ? { params, body, refusal: { status: 422, problems, detail } } : { params, body };
  };
}

/**
 * A form body's fields, read as the schema types them. The handler gets a file as the File it is;
 * the check sees it as the string the contract's `format: binary` describes.
 */
async function readForm(document: OpenApiDocument, schema: unknown, bytes: ArrayBuffer, contentType: string) {
  const form = await new Response(bytes, { headers: { "content-type": contentType } }).formData();
  const forHandler: Record<string, unknown> = {};
  const forCheck: Record<string, unknown> = {};
  for (const name of new Set(form.keys())) {
    const property = propertyOf(document, schema, name);
    const items = itemsOf(document, property);
    const read = (entry: FormDataEntryValue) => (typeof entry === "string" ? fromText(document, items ?? property, entry) : entry);
    const checked = (entry: FormDataEntryValue) => (typeof entry === "string" ? read(entry) : "");
    const entries = form.getAll(name);
    forHandler[name] = items !== undefined ? entries.map(read) : read(entries.at(-1)!);
    forCheck[name] = items !== undefined ? entries.map(checked) : checked(entries.at(-1)!);
  }
  return { forHandler, forCheck };
}
