// The response validator: given an operation's answer (status, content type, parsed body), the
// ways it differs from the contract. Built once per contract; the body is checked against the
// schema the contract declares for that (operation, status, media type), which the schema
// validator prepares the first time an answer needs it, so checking one operation does not pay
// for the other 215.
import { followRefs, pointerSegment } from "../contract/openapi-document.js";
import { contract, contractOperations, type ContractOperation, type OpenApiDocument, type OpenApiResponse } from "./contract.js";
import { isJsonMediaType } from "../contract/media-type.js";
import type { ResponseProblem } from "./problems.js";
import { createSchemaValidator, type SchemaValidator } from "./schema-validator.js";

export type { ResponseProblem } from "./problems.js";

/** An answer to check. */
export interface AnswerToCheck {
  /** "GET /projects/{project_id}" (method and path template) or the operationId. */
  readonly operation: string;
  readonly status: number;
  /** The Content-Type header as sent, or null. */
  readonly contentType: string | null;
  /**
   * The parsed JSON body; `undefined` when the answer had no body or it was not read (files are
   * never read). Use `parseJsonBody` on the text so that malformed JSON is reported too.
   */
  readonly body?: unknown;
}

export interface CheckResult {
  /** "GET /projects/{project_id}", or what was asked for when the contract has no such operation. */
  readonly operation: string;
  readonly operationId: string | undefined;
  /** Empty when the answer matches the contract. */
  readonly problems: readonly ResponseProblem[];
  /** Which check the problems come from: one fails, and the later ones are not made. */
  readonly failed?: "status" | "content-type" | "schema";
}

export interface ResponseValidator {
  check(answer: AnswerToCheck): CheckResult;
  /** The contract's operation for "METHOD /template" or an operationId. */
  operation(name: string): ContractOperation | undefined;
  /** Whether the body of an answer with this content type is parsed and checked. */
  readsBody(contentType: string | null): boolean;
}

/** The body as JSON, or the problem that it is not. */
export const UNPARSABLE_BODY: unique symbol = Symbol("unparsable body");

/** JSON.parse, but a body that is not JSON becomes a marker the validator reports. */
export function parseJsonBody(text: string): unknown {
  if (text === "") return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return UNPARSABLE_BODY;
  }
}

/** "application/json; charset=utf-8" → "application/json". */
export function mediaTypeOf(contentType: string | null): string | undefined {
  const type = contentType?.split(";")[0]?.trim().toLowerCase();
  return type ? type : undefined;
}

/** The declared media type an actual one falls under: exact, `type/*` or `*\/*`. */
function matchMediaType(declared: readonly string[], actual: string): string | undefined {
  const lower = declared.map((type) => type.toLowerCase());
  const index = [lower.indexOf(actual), lower.indexOf(`${actual.split("/")[0]}/*`), lower.indexOf("*/*")].find((i) => i >= 0);
  return index === undefined ? undefined : declared[index];
}

/**
 * The response `operation` declares for `status` (the status itself, then `4XX`-style ranges,
 * then `default`, as OpenAPI has it), its `$ref` followed, and the pointer it lives at.
 */
export function declaredResponse(document: OpenApiDocument, operation: ContractOperation, status: number): { response: OpenApiResponse; pointer: string } | undefined {
  const responses = operation.operation.responses ?? {};
  const statusKey = [String(status), `${String(status)[0]}XX`, "default"].find((key) => key in responses);
  if (statusKey === undefined) return undefined;
  const base = `#/paths/${pointerSegment(operation.path)}/${operation.method.toLowerCase()}/responses/${pointerSegment(statusKey)}`;
  const { node, pointer } = followRefs(document, responses[statusKey], base);
  return { response: (node ?? {}) as OpenApiResponse, pointer };
}

/**
 * A validator over `document`. `schemas` may be one the caller keeps for other checks too (the
 * testing entry checks requests with it), so that each schema is prepared once.
 */
export function createResponseValidator(document: OpenApiDocument = contract, schemas: SchemaValidator = createSchemaValidator(document)): ResponseValidator {
  const operations = contractOperations(document);
  const byName = new Map<string, ContractOperation>();
  for (const operation of operations) {
    byName.set(operation.key, operation);
    byName.set(operation.operationId, operation);
  }

  function check(answer: AnswerToCheck): CheckResult {
    const operation = byName.get(answer.operation);
    if (!operation) return { operation: answer.operation, operationId: undefined, problems: [{ path: "$", message: "the contract has no such operation" }] };
    const result = (problems: ResponseProblem[], failed?: CheckResult["failed"]): CheckResult =>
      problems.length > 0 && failed ? { operation: operation.key, operationId: operation.operationId, problems, failed } : { operation: operation.key, operationId: operation.operationId, problems };
    const answered = declaredResponse(document, operation, answer.status);
    if (answered === undefined) {
      return result([{ path: "$", message: `status ${answer.status} is not declared for this operation (declared: ${Object.keys(operation.operation.responses ?? {}).join(", ")})` }], "status");
    }
    const { response: node, pointer } = answered;
    const declared = Object.keys(node.content ?? {});
    if (declared.length === 0) return result([]);
    const actual = mediaTypeOf(answer.contentType);
    const matched = actual === undefined ? undefined : matchMediaType(declared, actual);
    if (matched === undefined) {
      const what = actual === undefined ? "no content type" : `content type ${actual}`;
      return result([{ path: "$", message: `${what} is not declared for status ${answer.status} (declared: ${declared.join(", ")})` }], "content-type");
    }
    if (!isJsonMediaType(actual!) || answer.body === undefined) return result([]);
    if (answer.body === UNPARSABLE_BODY) return result([{ path: "$", message: `the body is not valid JSON, though the content type is ${actual}` }], "schema");
    const media = node.content![matched]!;
    if (!media.schema) return result([]);
    return result(schemas.validate(`${pointer}/content/${pointerSegment(matched)}/schema`, answer.body), "schema");
  }

  return {
    check,
    operation: (name) => byName.get(name),
    readsBody: (contentType) => {
      const type = mediaTypeOf(contentType);
      return type !== undefined && isJsonMediaType(type);
    },
  };
}
