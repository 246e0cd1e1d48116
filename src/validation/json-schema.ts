// The JSON Schema engine behind `service-api/validate`, `service-api verify` and the testing entry:
// @cfworker/json-schema, which walks a schema as data instead of compiling it into code. Nothing
// here calls `eval` or `new Function`, so checks run in Cloudflare Workers, the Vercel Edge
// runtime and pages whose Content-Security-Policy has no 'unsafe-eval', as well as in Node.
//
// This is the one file that knows the library. It runs it in the dialect of OpenAPI 3.1 (JSON
// Schema 2020-12) over the contract in place, and turns its output into `Failure`s: the keyword,
// where in the value, and the schema object of the contract that holds the keyword. The library's
// own messages are never passed on: some of them quote the value (`42 is less than 50`), and a
// body may hold personal data or an echoed credential.
import { deepCompareStrict, schemaArrayKeyword, schemaKeyword, schemaMapKeyword, validate as interpret, type OutputUnit, type Schema } from "@cfworker/json-schema";
import { pointerKey, pointerSegment, resolvePointer } from "../contract/openapi-document.js";
import type { JsonObject, OpenApiDocument } from "./contract.js";
import { foldUnion } from "./enum-fold.js";

/** One way a value fails a schema of the contract. */
export interface Failure {
  /**
   * The keyword that failed ("type", "required", "oneOf", …). A property that no schema declares
   * where `additionalProperties` (or `unevaluatedProperties`) is false fails that keyword at the
   * property itself; any other schema that allows nothing fails as "false".
   */
  readonly keyword: string;
  /** Where in the value, as an RFC 6901 pointer ("" is the value itself). */
  readonly at: string;
  /** The schema object holding the keyword (for "false": the one whose keyword applied it). */
  readonly schema: JsonObject;
  /** Where the contract holds that schema object ("#/components/schemas/Pet"). */
  readonly schemaAt: string;
  /**
   * The way the validation went to reach the keyword, through every `$ref` on the way (the
   * library's keywordLocation). A failure inside a union's alternative has the union's trail
   * followed by "/" as its prefix: how the problems of the alternatives are told apart.
   */
  readonly trail: string;
  /** For uniqueItems: the indexes of two equal items, the earlier first. */
  readonly duplicates?: readonly [number, number];
}

export interface SchemaEngine {
  /** The failures of `value` (a JSON value) against the schema the contract holds at `pointer`. */
  check(pointer: string, value: unknown): Failure[];
}

/**
 * The library pushes one of these before the failures found under it ("A subschema had
 * errors."); they add nothing a person needs, so only what is under them is kept.
 */
const WRAPPERS = new Set(["$ref", "$recursiveRef", "properties", "patternProperties", "additionalProperties", "unevaluatedProperties", "items", "prefixItems", "additionalItems", "unevaluatedItems", "dependentSchemas", "allOf", "if"]);

/** A pointer in the library's encoding ("#/odd%20key/0") as a plain RFC 6901 pointer ("/odd key/0"). */
function plainPointer(location: string): string {
  return location
    .slice(1)
    .split("/")
    .map((segment) => decodeURIComponent(segment))
    .join("/");
}

/**
 * An engine over `document`, created once and kept: each pointer's schema is prepared the first
 * time it is checked and remembered, so checking one operation does not pay for the others.
 */
export function createSchemaEngine(document: OpenApiDocument): SchemaEngine {
  // Where each `$ref` leads, keyed by the reference exactly as written: the library looks a
  // reference up by its text when no absolute address was worked out for it. We never let the
  // library work those out (its `dereference`): that walk writes hidden properties onto every
  // object of the contract, which users may import themselves, and reads an `id` field of an
  // example object as a schema identifier.
  const lookup: Record<string, Schema | boolean> = Object.create(null);
  const prepared = new Map<string, Schema | boolean>();
  // The same schemas with each union of enums folded into one enum (enum-fold.ts), for the
  // verdict pass only; every failure is still found and explained on the contract's own schemas.
  // A schema with nothing to fold is shared, not copied.
  const verdictLookup: Record<string, Schema | boolean> = Object.create(null);
  const verdictPrepared = new Map<string, Schema | boolean>();
  const folded = new WeakMap<object, unknown>();
  const lookUp = (ref: string) => resolvePointer(document, ref);

  /** `schema` with every union of enums under it folded (references are left to the lookup). */
  function fold(schema: unknown): unknown {
    if (schema === null || typeof schema !== "object") return schema;
    const known = folded.get(schema);
    if (known !== undefined) return known;
    let result = schema as JsonObject;
    const change = (key: string, value: unknown) => {
      if (value !== result[key]) result = { ...result, [key]: value };
    };
    for (const [key, value] of Object.entries(schema)) {
      if (schemaArrayKeyword[key] && Array.isArray(value)) {
        const items = value.map(fold);
        if (items.some((item, index) => item !== value[index])) change(key, items);
      } else if (schemaMapKeyword[key] && value !== null && typeof value === "object") {
        const entries = Object.entries(value).map(([name, item]) => [name, fold(item)] as const);
        if (entries.some(([name, item]) => item !== (value as JsonObject)[name])) change(key, Object.fromEntries(entries));
      } else if (schemaKeyword[key]) change(key, fold(value));
    }
    result = foldUnion(result, lookUp) ?? result;
    folded.set(schema, result);
    return result;
  }

  /** Registers every reference reachable from `schema`, following each one once. */
  function register(schema: unknown, at: string): void {
    if (schema === null || typeof schema !== "object") return;
    const ref = (schema as { $ref?: unknown }).$ref;
    if (typeof ref === "string" && !(ref in lookup)) {
      const target = resolvePointer(document, ref);
      if (target === undefined) throw new Error(`the contract's schema at ${at} refers to ${ref}, which the contract does not hold`);
      lookup[ref] = target as Schema | boolean;
      verdictLookup[ref] = fold(target) as Schema | boolean;
      register(target, ref);
    }
    for (const [key, value] of Object.entries(schema)) {
      const inner = `${at}/${pointerSegment(key)}`;
      if (schemaArrayKeyword[key] && Array.isArray(value)) value.forEach((item, index) => register(item, `${inner}/${index}`));
      else if (schemaMapKeyword[key] && value !== null && typeof value === "object") for (const [name, item] of Object.entries(value)) register(item, `${inner}/${pointerSegment(name)}`);
      else if (schemaKeyword[key]) register(value, inner);
    }
  }

  function prepare(pointer: string): Schema | boolean {
    const known = prepared.get(pointer);
    if (known !== undefined) return known;
    const schema = resolvePointer(document, pointer);
    if (schema === undefined || (typeof schema !== "object" && typeof schema !== "boolean")) throw new Error(`the contract holds no schema at ${pointer}`);
    register(schema, pointer);
    prepared.set(pointer, schema as Schema | boolean);
    verdictPrepared.set(pointer, fold(schema) as Schema | boolean);
    return schema as Schema | boolean;
  }

  /** The schema object a trail's keyword belongs to, and where the contract holds it. */
  function holderOf(pointer: string, trail: string): { schema: JsonObject; schemaAt: string } {
    let at = pointer;
    let node = resolvePointer(document, pointer);
    for (const segment of trail.split("/").slice(1, -1)) {
      const key = pointerKey(decodeURIComponent(segment));
      const ref = (node as { $ref?: unknown } | undefined)?.$ref;
      if (key === "$ref" && typeof ref === "string") {
        at = ref;
        node = resolvePointer(document, ref);
      } else {
        at = `${at}/${pointerSegment(key)}`;
        node = node !== null && typeof node === "object" ? (node as JsonObject)[key] : undefined;
      }
    }
    return { schema: node !== null && typeof node === "object" ? (node as JsonObject) : {}, schemaAt: at };
  }

  function failuresOf(pointer: string, value: unknown, errors: readonly OutputUnit[]): Failure[] {
    const failures: Failure[] = [];
    const failure = (keyword: string, location: string, trail: string, extra: Partial<Failure> = {}): void => {
      failures.push({ keyword, at: plainPointer(location), trail, ...holderOf(pointer, trail), ...extra });
    };
    // A property name that fails `propertyNames` is one problem, whatever failed inside.
    let namesTrail: string | undefined;
    errors.forEach((error, index) => {
      const before = errors[index - 1];
      // The library files a `false` schema's failure under the value's location instead of the
      // schema's; it always comes right after the failure of the keyword that applied it (or of
      // a sibling under the same keyword), so it goes where that one went.
      const trail = error.keyword === "false" ? (before?.keywordLocation ?? "#") : error.keywordLocation;
      const underNames = namesTrail !== undefined && error.keyword !== "propertyNames" && (trail === namesTrail || trail.startsWith(`${namesTrail}/`));
      if (underNames) return;
      namesTrail = undefined;
      switch (error.keyword) {
        case "false": {
          const closing = before?.keyword === "additionalProperties" || before?.keyword === "unevaluatedProperties" ? before.keyword : undefined;
          failure(closing ?? "false", error.instanceLocation, trail);
          return;
        }
        case "propertyNames":
          namesTrail = trail;
          failure("propertyNames", errors[index + 1]?.instanceLocation ?? error.instanceLocation, trail);
          return;
        case "uniqueItems": {
          const items = resolvePointer(value, `#${plainPointer(error.instanceLocation)}`);
          failure("uniqueItems", error.instanceLocation, trail, { duplicates: Array.isArray(items) ? firstDuplicate(items) : undefined });
          return;
        }
        default:
          if (!WRAPPERS.has(error.keyword)) failure(error.keyword, error.instanceLocation, trail);
      }
    });
    return failures;
  }

  return {
    check(pointer, value) {
      const schema = prepare(pointer);
      // Most values conform: the first pass stops at a failure, and only a value that fails is
      // walked again for every failure. Stopping early never changes the verdict: the library
      // stops only where a failure is already recorded, and weighs every alternative of a union.
      // The first pass reads the folded schemas, which accept exactly the same values.
      if (interpret(value, verdictPrepared.get(pointer)!, "2020-12", verdictLookup, true).valid) return [];
      return failuresOf(pointer, value, interpret(value, schema, "2020-12", lookup, false).errors);
    },
  };
}

/** The last item equal to an earlier one, and the nearest earlier one it equals. */
function firstDuplicate(items: readonly unknown[]): [number, number] | undefined {
  for (let later = items.length - 1; later > 0; later--) {
    for (let earlier = later - 1; earlier >= 0; earlier--) if (deepCompareStrict(items[later], items[earlier])) return [earlier, later];
  }
  return undefined;
}
