// Ajv's errors turned into problems a person reads: one line each, the JSON path of the value and
// what is wrong with it in words ("required property missing", "expected string, got number").
// Values from the body are never quoted: a body may hold personal data or an echoed credential.
// Words from the contract (enum members, formats, limits) are.
import type { ErrorObject } from "./ajv.js";
import { appendKey, jsonPath, jsonType } from "./json-path.js";

/** One way an answer differs from the contract. */
export interface ResponseProblem {
  /** Where: `$` is the whole body, `$.projects[0].created_by_user` a value inside it. */
  readonly path: string;
  /** What, in words. */
  readonly message: string;
}

/**
 * Explains a failed `oneOf`/`anyOf` at `path`: the problems of the alternative the value was
 * meant to be, or one line saying it matches none. Supplied by the validator, which can compile
 * each alternative on its own.
 */
export type UnionExplainer = (error: ErrorObject, path: string) => ResponseProblem[];

const MAX_LISTED_VALUES = 8;

function listValues(values: readonly unknown[]): string {
  const shown = values.slice(0, MAX_LISTED_VALUES).map((value) => JSON.stringify(value));
  return values.length > MAX_LISTED_VALUES ? `${shown.join(", ")}, … (${values.length} in all)` : shown.join(", ");
}

/** The expected types, "string or null", from Ajv's `params.type` ("string,null" or an array). */
function typeList(type: unknown): string {
  const types = Array.isArray(type) ? type : String(type).split(",");
  return types.length <= 2 ? types.join(" or ") : `${types.slice(0, -1).join(", ")} or ${types.at(-1)}`;
}

function plural(count: number, noun: string): string {
  return `${count} ${noun}${count === 1 ? "" : "s"}`;
}

/** One Ajv error as a problem, or undefined for errors that only echo another one. */
function toProblem(error: ErrorObject, data: unknown, base: string): ResponseProblem | undefined {
  const path = jsonPath(error.instancePath, data, base);
  const params = error.params as Record<string, unknown>;
  switch (error.keyword) {
    case "required":
      return { path: appendKey(path, String(params.missingProperty)), message: "required property missing" };
    case "dependentRequired":
      return { path: appendKey(path, String(params.missingProperty)), message: `required when ${String(params.property)} is present, but missing` };
    case "type":
      return { path, message: `expected ${typeList(params.type)}, got ${jsonType(error.data)}` };
    case "enum":
      return { path, message: `not one of the declared values (${listValues((params.allowedValues as unknown[]) ?? [])})` };
    case "const":
      return { path, message: `expected the constant ${JSON.stringify(params.allowedValue)}` };
    case "format":
      return { path, message: `not a valid ${String(params.format)}` };
    case "additionalProperties":
      return { path: appendKey(path, String(params.additionalProperty)), message: "property not declared in the contract" };
    case "unevaluatedProperties":
      return { path: appendKey(path, String(params.unevaluatedProperty)), message: "property not declared in the contract" };
    case "minimum":
    case "maximum":
    case "exclusiveMinimum":
    case "exclusiveMaximum":
      return { path, message: `must be ${String(params.comparison)} ${String(params.limit)}` };
    case "multipleOf":
      return { path, message: `must be a multiple of ${String(params.multipleOf)}` };
    case "minLength":
      return { path, message: `shorter than ${plural(Number(params.limit), "character")}` };
    case "maxLength":
      return { path, message: `longer than ${plural(Number(params.limit), "character")}` };
    case "pattern":
      return { path, message: `does not match the pattern ${String(params.pattern)}` };
    case "minItems":
      return { path, message: `fewer than ${plural(Number(params.limit), "item")}` };
    case "maxItems":
      return { path, message: `more than ${plural(Number(params.limit), "item")}` };
    case "uniqueItems":
      return { path, message: `items ${String(params.j)} and ${String(params.i)} are the same, but items must be unique` };
    case "minProperties":
      return { path, message: `fewer than ${plural(Number(params.limit), "property")}` };
    case "maxProperties":
      return { path, message: `more than ${plural(Number(params.limit), "property")}` };
    case "propertyNames":
      return { path: appendKey(path, String(params.propertyName)), message: "property name not allowed by the contract" };
    case "false schema":
      return { path, message: "no value is allowed here" };
    case "not":
      return { path, message: "matches a shape the contract rules out" };
    // The failure of an `if`/`then` or of `contains` is already reported by the keyword inside it.
    case "if":
      return undefined;
    default:
      return { path, message: error.message ?? `fails the contract's ${error.keyword} rule` };
  }
}

/** Is `inner` the same location as `outer`, or inside it? (JSON pointers, segment-wise.) */
function within(inner: string, outer: string): boolean {
  return inner === outer || inner.startsWith(`${outer}/`);
}

/**
 * The problems of one validation: each union failure is explained once (by `explainUnion`), and
 * the raw errors of its alternatives, which Ajv also lists, are dropped in its favour. Sorted by
 * path, without repeats.
 */
export function describeErrors(errors: readonly ErrorObject[], data: unknown, explainUnion: UnionExplainer, base = "$"): ResponseProblem[] {
  const unions = errors
    .filter((error) => error.keyword === "oneOf" || error.keyword === "anyOf")
    .sort((a, b) => a.instancePath.length - b.instancePath.length)
    .filter((error, index, all) => !all.slice(0, index).some((outer) => within(error.instancePath, outer.instancePath) && outer !== error));
  // A value of the wrong type fails its enum, format and limits too; the type says it all.
  const wrongType = new Set(errors.filter((error) => error.keyword === "type").map((error) => error.instancePath));
  const problems: ResponseProblem[] = [];
  for (const error of errors) {
    if (wrongType.has(error.instancePath) && error.keyword !== "type" && error.keyword !== "oneOf" && error.keyword !== "anyOf") continue;
    // A keyword beside the union in the same schema (its `required`, say) speaks for itself; the
    // rest at or below the union's location come from its alternatives.
    const union = unions.find((outer) => within(error.instancePath, outer.instancePath) && (error === outer || error.parentSchema !== outer.parentSchema));
    if (union && union !== error) continue;
    if (union === error) {
      problems.push(...explainUnion(error, jsonPath(error.instancePath, data, base)));
      continue;
    }
    const problem = toProblem(error, data, base);
    if (problem) problems.push(problem);
  }
  const seen = new Set<string>();
  return problems
    .filter(({ path, message }) => {
      const key = `${path}\u0000${message}`;
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    })
    .sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
}

/** `path: message`, the form the reports and error messages use. */
export function formatProblem(problem: ResponseProblem): string {
  return `${problem.path}: ${problem.message}`;
}
