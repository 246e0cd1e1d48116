// Checks a value against any schema the contract holds, named by its JSON pointer: an answer's
// body (validate, verify), and a request's body or a parameter (the testing entry). Problems come
// back as `$.path: words`; a value that fits none of a union's alternatives is explained through
// the alternative its discriminator names or its shape suggests, not as "matches none" alone.
// Internal: the entries build their own public surface on it.
import { resolveRef } from "../contract/openapi-document.js";
import { contract, type JsonObject, type OpenApiDocument } from "./contract.js";
import { appendKey, jsonType } from "./json-path.js";
import { createSchemaEngine, type Failure } from "./json-schema.js";
import { describeFailures, type ResponseProblem } from "./problems.js";

export interface SchemaValidator {
  /**
   * The ways `value` differs from the schema at `pointer` ("#/components/schemas/ProjectDB",
   * "#/paths/~1projects/post/requestBody/content/application~1json/schema", a parameter's
   * `…/parameters/0/schema`); empty when it conforms. `base` starts every path (`$` for a body;
   * the testing entry may say `query.limit`).
   *
   * `value` is checked as JSON carries it: a parsed body as it is, a JavaScript value as
   * `JSON.stringify` would send it (an undefined property is absent, a Date is its ISO string).
   * A query or path parameter arrives as text: convert it to the schema's type first.
   */
  validate(pointer: string, value: unknown, base?: string): ResponseProblem[];
}

/** Is `value` already what JSON carries, so that it needs no round trip? */
function isJsonValue(value: unknown): boolean {
  if (value === null || typeof value === "string" || typeof value === "boolean") return true;
  if (typeof value === "number") return Number.isFinite(value);
  if (Array.isArray(value)) return value.every(isJsonValue);
  if (typeof value !== "object") return false;
  const prototype = Object.getPrototypeOf(value);
  return (prototype === Object.prototype || prototype === null) && Object.values(value).every(isJsonValue);
}

/** A schema's name for a person: its component name, or its type, or its constant. */
function describeSchema(schema: unknown): string {
  if (schema === null || typeof schema !== "object") return "an alternative";
  const ref = (schema as { $ref?: unknown }).$ref;
  if (typeof ref === "string") return ref.split("/").at(-1) ?? ref;
  const { type, const: constant } = schema as { type?: unknown; const?: unknown };
  if (constant !== undefined) return JSON.stringify(constant);
  if (typeof type === "string") return type;
  if (Array.isArray(type)) return type.join(" or ");
  return "an alternative";
}

/** A validator over `document` (the bundled contract by default); keep one, it remembers what it prepared. */
export function createSchemaValidator(document: OpenApiDocument = contract): SchemaValidator {
  const engine = createSchemaEngine(document);

  function validate(pointer: string, value: unknown, base = "$"): ResponseProblem[] {
    if (value === undefined) return [{ path: base, message: "no value, where the contract expects one" }];
    const data = isJsonValue(value) ? value : JSON.parse(JSON.stringify(value));
    return describeFailures(engine.check(pointer, data), data, explainUnion, base);
  }

  /**
   * A value that fits none of a union's alternatives (or, for `oneOf`, more than one). When the
   * discriminator names the alternative, or exactly one alternative has the value's shape, its
   * own problems say precisely what is wrong; otherwise one line lists what would have fitted.
   */
  function explainUnion(failure: Failure, path: string, value: unknown): ResponseProblem[] {
    const keyword = failure.keyword as "oneOf" | "anyOf";
    const alternatives = (failure.schema[keyword] as unknown[] | undefined) ?? [];
    const pointerOfAlternative = (index: number) => `${failure.schemaAt}/${keyword}/${index}`;
    const names = alternatives.map(describeSchema);
    if (keyword === "oneOf") {
      const passing = alternatives.flatMap((_, index) => (engine.check(pointerOfAlternative(index), value).length === 0 ? [names[index]] : []));
      if (passing.length > 1) return [{ path, message: `matches more than one of the alternatives (${passing.join(", ")}), but oneOf allows exactly one` }];
    }
    const none: ResponseProblem = { path, message: `matches none of the alternatives: expected ${names.join(" or ")}, got ${jsonType(value)}` };
    if (alternatives.length === 0) return [none];

    const chosen = discriminated(failure.schema, alternatives, value, path);
    if (typeof chosen === "object") return [chosen];
    if (chosen !== undefined) {
      const problems = validate(pointerOfAlternative(chosen), value, path);
      return problems.length > 0 ? problems : [none];
    }
    // The alternatives the value has the shape of: those that do not fail on the value itself
    // with a type, const or enum problem.
    const candidates = alternatives
      .map((_, index) => ({ index, problems: validate(pointerOfAlternative(index), value, path) }))
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
      const property = (resolveRef<JsonObject>(document, alternative as JsonObject)?.properties as Record<string, JsonObject> | undefined)?.[discriminator.propertyName!];
      const resolved = property ? resolveRef<JsonObject>(document, property) : undefined;
      return resolved?.const === value || (Array.isArray(resolved?.enum) && resolved.enum.length === 1 && resolved.enum[0] === value);
    });
    if (index >= 0) return index;
    const byName = alternatives.findIndex((alternative) => describeSchema(alternative) === value);
    if (byName >= 0) return byName;
    const known = discriminator.mapping ? Object.keys(discriminator.mapping) : alternatives.map(describeSchema);
    return { path: at, message: `not one of the values the discriminator knows (${known.map((name) => JSON.stringify(name)).join(", ")})` };
  }

  return { validate };
}
