// Validation failures turned into problems a person reads: one line each, the JSON path of the
// value and what is wrong with it in words ("required property missing", "expected string, got
// number"). The words come from the failing keyword and the contract's own schema (enum members,
// formats, limits), never from the value: a body may hold personal data or an echoed credential.
import type { Failure } from "./json-schema.js";
import { appendKey, jsonPath, jsonType } from "./json-path.js";
import { resolvePointer } from "../contract/openapi-document.js";

/**
 * One way a value differs from the contract: an answer's body for validate and verify, and
 * equally a request's body or parameter for the testing entry.
 */
export interface ResponseProblem {
  /** Where: `$` is the whole body, `$.projects[0].created_by_user` a value inside it. */
  readonly path: string;
  /** What, in words. */
  readonly message: string;
}

/**
 * Explains a failed `oneOf`/`anyOf` whose value is at `path`: the problems of the alternative the
 * value was meant to be, or one line saying it matches none. Supplied by the validator, which can
 * check each alternative on its own.
 */
export type UnionExplainer = (failure: Failure, path: string, value: unknown) => ResponseProblem[];

const MAX_LISTED_VALUES = 8;

function listValues(values: readonly unknown[]): string {
  const shown = values.slice(0, MAX_LISTED_VALUES).map((value) => JSON.stringify(value));
  return values.length > MAX_LISTED_VALUES ? `${shown.join(", ")}, … (${values.length} in all)` : shown.join(", ");
}

/** "string or null", "string, integer or null". */
function typeList(type: unknown): string {
  const types = Array.isArray(type) ? type.map(String) : [String(type)];
  return types.length <= 2 ? types.join(" or ") : `${types.slice(0, -1).join(", ")} or ${types.at(-1)}`;
}

function plural(count: number, noun: string): string {
  return `${count} ${noun}${count === 1 ? "" : "s"}`;
}

const hasOwn = (value: unknown, key: string) => value !== null && typeof value === "object" && Object.prototype.hasOwnProperty.call(value, key);

/** The bounds a number is held to, as comparisons. */
const COMPARISONS: Record<string, string> = { minimum: ">=", maximum: "<=", exclusiveMinimum: ">", exclusiveMaximum: "<" };

/** One failure as problems (several for `required`, one per missing property; none for a union, which the explainer handles). */
function toProblems(failure: Failure, value: unknown, path: string): ResponseProblem[] {
  const { schema } = failure;
  const limit = schema[failure.keyword];
  switch (failure.keyword) {
    case "required":
      return ((schema.required as string[] | undefined) ?? []).filter((key) => !hasOwn(value, key)).map((key) => ({ path: appendKey(path, key), message: "required property missing" }));
    case "dependentRequired":
      return Object.entries((schema.dependentRequired as Record<string, string[]> | undefined) ?? {})
        .filter(([present]) => hasOwn(value, present))
        .flatMap(([present, needed]) => needed.filter((key) => !hasOwn(value, key)).map((key) => ({ path: appendKey(path, key), message: `required when ${present} is present, but missing` })));
    case "type":
      return [{ path, message: `expected ${typeList(schema.type)}, got ${jsonType(value)}` }];
    case "enum":
      return [{ path, message: `not one of the declared values (${listValues(Array.isArray(limit) ? limit : [])})` }];
    case "const":
      return [{ path, message: `expected the constant ${JSON.stringify(limit)}` }];
    case "format":
      return [{ path, message: `not a valid ${String(limit)}` }];
    case "additionalProperties":
    case "unevaluatedProperties":
      return [{ path, message: "property not declared in the contract" }];
    case "minimum":
    case "maximum":
    case "exclusiveMinimum":
    case "exclusiveMaximum":
      return [{ path, message: `must be ${COMPARISONS[failure.keyword]} ${String(limit)}` }];
    case "multipleOf":
      return [{ path, message: `must be a multiple of ${String(limit)}` }];
    case "minLength":
      return [{ path, message: `shorter than ${plural(Number(limit), "character")}` }];
    case "maxLength":
      return [{ path, message: `longer than ${plural(Number(limit), "character")}` }];
    case "pattern":
      return [{ path, message: `does not match the pattern ${String(limit)}` }];
    case "minItems":
      return [{ path, message: `fewer than ${plural(Number(limit), "item")}` }];
    case "maxItems":
      return [{ path, message: `more than ${plural(Number(limit), "item")}` }];
    case "uniqueItems": {
      const [earlier, later] = failure.duplicates ?? ["?", "?"];
      return [{ path, message: `items ${earlier} and ${later} are the same, but items must be unique` }];
    }
    case "contains":
      return [{ path, message: "has no item of the kind the contract asks for" }];
    case "minContains":
      return [{ path, message: `fewer than ${plural(Number(limit), "item")} of the kind the contract asks for` }];
    case "maxContains":
      return [{ path, message: `more than ${plural(Number(limit), "item")} of the kind the contract asks for` }];
    case "minProperties":
      return [{ path, message: `fewer than ${plural(Number(limit), "property")}` }];
    case "maxProperties":
      return [{ path, message: `more than ${plural(Number(limit), "property")}` }];
    case "propertyNames":
      return [{ path, message: "property name not allowed by the contract" }];
    case "false":
      return [{ path, message: "no value is allowed here" }];
    case "not":
      return [{ path, message: "matches a shape the contract rules out" }];
    default:
      return [{ path, message: `fails the contract's ${failure.keyword} rule` }];
  }
}

/** Keywords a wrong type does not make redundant: the type itself, unions, and those about a property's name or presence. */
const ABOUT_MORE_THAN_THE_TYPE = new Set(["type", "oneOf", "anyOf", "propertyNames", "additionalProperties", "unevaluatedProperties"]);

const isUnion = (failure: Failure) => failure.keyword === "oneOf" || failure.keyword === "anyOf";

/** Is `failure` found under `union`, in one of its alternatives? */
const under = (failure: Failure, union: Failure) => failure.trail.startsWith(`${union.trail}/`);

/**
 * The problems of one validation of `data`: each union failure is explained once (by
 * `explainUnion`), and the failures inside its alternatives are dropped in its favour. A keyword
 * beside the union in the same schema (its `required`, say) speaks for itself. Sorted by path,
 * without repeats.
 */
export function describeFailures(failures: readonly Failure[], data: unknown, explainUnion: UnionExplainer, base = "$"): ResponseProblem[] {
  const unions = failures.filter(isUnion);
  const outermost = unions.filter((union) => !unions.some((outer) => under(union, outer)));
  // A value of the wrong type fails its enum and const too; the type says it all. (A property's
  // name, or its being there at all, is another matter than its value.)
  const wrongType = new Set(failures.filter((failure) => failure.keyword === "type").map((failure) => failure.at));
  const problems: ResponseProblem[] = [];
  for (const failure of failures) {
    if (wrongType.has(failure.at) && !ABOUT_MORE_THAN_THE_TYPE.has(failure.keyword)) continue;
    if (outermost.some((union) => under(failure, union))) continue;
    const value = resolvePointer(data, `#${failure.at}`);
    const path = jsonPath(failure.at, data, base);
    problems.push(...(isUnion(failure) ? explainUnion(failure, path, value) : toProblems(failure, value, path)));
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

const SHOWN_PROBLEMS = 3;

/** The first few problems as one line, and how many more there are: for an error's message. */
export function summarizeProblems(problems: readonly ResponseProblem[]): string {
  const shown = problems.slice(0, SHOWN_PROBLEMS).map(formatProblem).join("; ");
  return problems.length > SHOWN_PROBLEMS ? `${shown} (and ${problems.length - SHOWN_PROBLEMS} more)` : shown;
}
