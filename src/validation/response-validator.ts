// The response validator: given an operation's answer (status, content type, parsed body), the
// ways it differs from the contract. Built once per contract; each (operation, status, media
// type) schema is compiled by Ajv the first time an answer needs it, so checking one operation
// does not pay for the other 215.
import { createAjv, type Ajv, type ErrorObject, type ValidateFunction } from "./ajv.js";
import { contract, contractOperations, deref, followRefs, type ContractOperation, type JsonObject, type OpenApiDocument, type OpenApiResponse } from "./contract.js";
import { appendKey, jsonType, pointerSegment } from "./json-path.js";
import { describeErrors, type ResponseProblem } from "./problems.js";

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

const CONTRACT_ID = "service-api:contract";

/** "application/json; charset=utf-8" → "application/json". */
function mediaTypeOf(contentType: string | null): string | undefined {
  const type = contentType?.split(";")[0]?.trim().toLowerCase();
  return type ? type : undefined;
}

function isJson(mediaType: string): boolean {
  return mediaType === "application/json" || /^application\/[\w.-]+\+json$/.test(mediaType);
}

/** The declared media type an actual one falls under: exact, `type/*` or `*\/*`. */
function matchMediaType(declared: readonly string[], actual: string): string | undefined {
  const lower = declared.map((type) => type.toLowerCase());
  const index = [lower.indexOf(actual), lower.indexOf(`${actual.split("/")[0]}/*`), lower.indexOf("*/*")].find((i) => i >= 0);
  return index === undefined ? undefined : declared[index];
}

/** A schema's name for a person: its component name, or its type, or its constant. */
function describeSchema(document: OpenApiDocument, schema: unknown): string {
  if (schema === null || typeof schema !== "object") return "an alternative";
  const ref = (schema as { $ref?: unknown }).$ref;
  if (typeof ref === "string") return ref.split("/").at(-1) ?? ref;
  const { type, const: constant } = schema as { type?: unknown; const?: unknown };
  if (constant !== undefined) return JSON.stringify(constant);
  if (typeof type === "string") return type;
  if (Array.isArray(type)) return type.join(" or ");
  return "an alternative";
}

export function createResponseValidator(document: OpenApiDocument = contract): ResponseValidator {
  const operations = contractOperations(document);
  const byName = new Map<string, ContractOperation>();
  for (const operation of operations) {
    byName.set(operation.key, operation);
    byName.set(operation.operationId, operation);
  }
  let ajv: Ajv | undefined;
  const compiled = new Map<string, ValidateFunction>();
  let pointers: WeakMap<object, string> | undefined;

  function validatorAt(pointer: string): ValidateFunction {
    const known = compiled.get(pointer);
    if (known) return known;
    if (!ajv) {
      ajv = createAjv();
      // The whole document under one id, so that "#/components/schemas/…" resolves in it.
      ajv.addSchema(document as unknown as JsonObject, CONTRACT_ID);
    }
    const validate = ajv.compile({ $ref: `${CONTRACT_ID}${pointer}` });
    compiled.set(pointer, validate);
    return validate;
  }

  /** Where each object of the document lives, to find a failed union's alternatives. */
  function pointerOf(node: object): string | undefined {
    if (!pointers) {
      const map = new WeakMap<object, string>();
      const walk = (value: unknown, at: string) => {
        if (value === null || typeof value !== "object" || map.has(value)) return;
        map.set(value, at);
        if (Array.isArray(value)) value.forEach((item, index) => walk(item, `${at}/${index}`));
        else for (const [key, item] of Object.entries(value)) walk(item, `${at}/${pointerSegment(key)}`);
      };
      walk(document, "#");
      pointers = map;
    }
    return pointers.get(node);
  }

  function validate(pointer: string, data: unknown, base: string): ResponseProblem[] {
    const run = validatorAt(pointer);
    if (run(data)) return [];
    return describeErrors([...(run.errors ?? [])], data, explainUnion, base);
  }

  /**
   * A value that fits none of a union's alternatives (or, for `oneOf`, more than one). When the
   * discriminator names the alternative, or exactly one alternative has the value's shape, its
   * own problems say precisely what is wrong; otherwise one line lists what would have fitted.
   */
  function explainUnion(error: ErrorObject, path: string): ResponseProblem[] {
    const keyword = error.keyword as "oneOf" | "anyOf";
    const holder = error.parentSchema as JsonObject | undefined;
    const alternatives = holder?.[keyword] as unknown[] | undefined;
    const at = holder ? pointerOf(holder) : undefined;
    const names = (alternatives ?? []).map((alternative) => describeSchema(document, alternative));
    const passing = (error.params as { passingSchemas?: number[] | null }).passingSchemas;
    if (passing && passing.length > 1) {
      return [{ path, message: `matches more than one of the alternatives (${passing.map((i) => names[i]).join(", ")}), but oneOf allows exactly one` }];
    }
    const none: ResponseProblem = { path, message: `matches none of the alternatives: expected ${names.join(" or ")}, got ${jsonType(error.data)}` };
    if (!alternatives || at === undefined) return [none];
    const pointerOfAlternative = (index: number) => `${at}/${keyword}/${index}`;

    const chosen = discriminated(holder!, alternatives, error.data, path);
    if (typeof chosen === "object") return [chosen];
    if (chosen !== undefined) {
      const problems = validate(pointerOfAlternative(chosen), error.data, path);
      return problems.length > 0 ? problems : [none];
    }
    // The alternatives the value has the shape of: those that do not fail on the value itself
    // with a type, const or enum error.
    const candidates = alternatives
      .map((_, index) => ({ index, problems: validate(pointerOfAlternative(index), error.data, path) }))
      .filter(({ problems }) => !problems.some((problem) => problem.path === path && /^(expected|not one of the declared values|matches none)/.test(problem.message)));
    if (candidates.length === 0) return [none];
    candidates.sort((a, b) => a.problems.length - b.problems.length);
    const best = candidates[0]!;
    return best.problems.length > 0 ? best.problems : [none];
  }

  /**
   * The alternative the discriminator property names, when there is one and the value is an
   * object; or the problem with the discriminator property itself (missing, or naming nothing).
   */
  function discriminated(holder: JsonObject, alternatives: readonly unknown[], data: unknown, path: string): number | ResponseProblem | undefined {
    const discriminator = holder.discriminator as { propertyName?: string; mapping?: Record<string, string> } | undefined;
    if (!discriminator?.propertyName || data === null || typeof data !== "object" || Array.isArray(data)) return undefined;
    const at = appendKey(path, discriminator.propertyName);
    const value = (data as JsonObject)[discriminator.propertyName];
    if (value === undefined) return { path: at, message: "required property missing (it says which alternative the value is)" };
    if (typeof value !== "string") return { path: at, message: `expected string, got ${jsonType(value)}` };
    const mapped = discriminator.mapping?.[value];
    if (mapped !== undefined) {
      const index = alternatives.findIndex((alternative) => (alternative as { $ref?: string }).$ref === mapped);
      if (index >= 0) return index;
    }
    // Without a mapping entry: the alternative whose property is that constant (or enum member),
    // or, as OpenAPI's default mapping has it, whose schema name is the value.
    const index = alternatives.findIndex((alternative) => {
      const property = (deref<JsonObject>(document, alternative as JsonObject)?.properties as Record<string, JsonObject> | undefined)?.[discriminator.propertyName!];
      const resolved = property ? deref<JsonObject>(document, property) : undefined;
      return resolved?.const === value || (Array.isArray(resolved?.enum) && resolved.enum.length === 1 && resolved.enum[0] === value);
    });
    if (index >= 0) return index;
    const byName = alternatives.findIndex((alternative) => describeSchema(document, alternative) === value);
    if (byName >= 0) return byName;
    const known = discriminator.mapping ? Object.keys(discriminator.mapping) : alternatives.map((alternative) => describeSchema(document, alternative));
    return { path: at, message: `not one of the values the discriminator knows (${known.map((name) => JSON.stringify(name)).join(", ")})` };
  }

  function check(answer: AnswerToCheck): CheckResult {
    const operation = byName.get(answer.operation);
    if (!operation) return { operation: answer.operation, operationId: undefined, problems: [{ path: "$", message: "the contract has no such operation" }] };
    const result = (problems: ResponseProblem[]): CheckResult => ({ operation: operation.key, operationId: operation.operationId, problems });
    const responses = operation.operation.responses ?? {};
    const statusKey = [String(answer.status), `${String(answer.status)[0]}XX`, "default"].find((key) => key in responses);
    if (statusKey === undefined) {
      return result([{ path: "$", message: `status ${answer.status} is not declared for this operation (declared: ${Object.keys(responses).join(", ")})` }]);
    }
    const base = `#/paths/${pointerSegment(operation.path)}/${operation.method.toLowerCase()}/responses/${pointerSegment(statusKey)}`;
    const { node, pointer } = followRefs(document, responses[statusKey], base);
    const declared = Object.keys((node as OpenApiResponse | undefined)?.content ?? {});
    if (declared.length === 0) return result([]);
    const actual = mediaTypeOf(answer.contentType);
    const matched = actual === undefined ? undefined : matchMediaType(declared, actual);
    if (matched === undefined) {
      const what = actual === undefined ? "no content type" : `content type ${actual}`;
      return result([{ path: "$", message: `${what} is not declared for status ${answer.status} (declared: ${declared.join(", ")})` }]);
    }
    if (!isJson(actual!) || answer.body === undefined) return result([]);
    if (answer.body === UNPARSABLE_BODY) return result([{ path: "$", message: `the body is not valid JSON, though the content type is ${actual}` }]);
    const media = (node as OpenApiResponse).content![matched]!;
    if (!media.schema) return result([]);
    return result(validate(`${pointer}/content/${pointerSegment(matched)}/schema`, answer.body, "$"));
  }

  return {
    check,
    operation: (name) => byName.get(name),
    readsBody: (contentType) => {
      const type = mediaTypeOf(contentType);
      return type !== undefined && isJson(type);
    },
  };
}
