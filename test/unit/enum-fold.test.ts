// The fold of a union of enums into one enum (src/validation/enum-fold.ts), which the schema
// engine's verdict pass reads: at every place of the contract where it applies, the folded schema
// and the contract's own accept exactly the same values; where a member asserts anything besides
// its values, or the values are of more than one type, nothing is folded; a value that fails is
// still explained through the contract's own schema.
import { validate as interpret, type Schema } from "@cfworker/json-schema";
import { describe, expect, it } from "vitest";
import { resolvePointer } from "../../src/contract/openapi-document.js";
import { contract, type JsonObject } from "../../src/validation/contract.js";
import { foldUnion } from "../../src/validation/enum-fold.js";
import { createSchemaValidator } from "../../src/validation/schema-validator.js";

const resolveIn = (document: unknown) => (ref: string) => resolvePointer(document, ref);

/** Every object of `document` the fold applies to, with its pointer. */
function foldablePlaces(document: unknown): { at: string; schema: JsonObject; folded: JsonObject }[] {
  const places: { at: string; schema: JsonObject; folded: JsonObject }[] = [];
  const walk = (node: unknown, at: string) => {
    if (node === null || typeof node !== "object") return;
    if (!Array.isArray(node)) {
      const folded = foldUnion(node as JsonObject, resolveIn(document));
      if (folded) places.push({ at, schema: node as JsonObject, folded });
    }
    for (const [key, value] of Object.entries(node)) walk(value, `${at}/${key.replace(/~/g, "~0").replace(/\//g, "~1")}`);
  };
  walk(document, "#");
  return places;
}

/** The library's lookup for every `$ref` reachable from `schema`, keyed by the reference as written. */
function lookupFor(document: unknown, schema: unknown, lookup: Record<string, Schema> = {}): Record<string, Schema> {
  if (schema === null || typeof schema !== "object") return lookup;
  const ref = (schema as { $ref?: unknown }).$ref;
  if (typeof ref === "string" && !(ref in lookup)) {
    lookup[ref] = resolvePointer(document, ref) as Schema;
    lookupFor(document, lookup[ref], lookup);
  }
  for (const value of Object.values(schema)) lookupFor(document, value, lookup);
  return lookup;
}

/** Each listed value, values a character or a case away from them, and values of every other type. */
function probes(values: unknown[]): unknown[] {
  const near = values.flatMap((value): unknown[] => {
    if (typeof value === "string") return [value.toUpperCase(), `${value} `, ` ${value}`, value.slice(0, -1), `${value}x`, value.replace(/_/g, "-"), [value], { value }];
    if (typeof value === "number") return [value + 1, value - 1, value + 0.5, String(value), [value]];
    return [String(value), [value]];
  });
  return [...values, ...near, "", "x", 0, 1, -1, 1.5, true, false, null, [], {}];
}

describe("a union of enums folded into one enum", () => {
  const places = foldablePlaces(contract);

  it("applies in the contract, Permission.action among the places", () => {
    expect(places.map((p) => p.at)).toContain("#/components/schemas/Permission/properties/action");
  });

  it("accepts exactly what the contract's own schema accepts, at every place it applies", () => {
    for (const { at, schema, folded } of places) {
      const lookup = lookupFor(contract, schema);
      const values = folded.enum as unknown[];
      // Every listed value accepted, and at least one probe refused: the comparison has both sides.
      expect(values.length, at).toBeGreaterThan(1);
      for (const value of probes(values)) {
        const original = interpret(value, schema as Schema, "2020-12", lookup).valid;
        const mine = interpret(value, folded as Schema, "2020-12", lookup).valid;
        expect({ at, value, accepted: mine }).toEqual({ at, value, accepted: original });
      }
      for (const value of values) expect(interpret(value, schema as Schema, "2020-12", lookup).valid, `${at} ${String(value)}`).toBe(true);
      expect(interpret(`${String(values[0])}x`, schema as Schema, "2020-12", lookup).valid).toBe(false);
    }
  });

  const document = {
    openapi: "3.1.0",
    paths: {},
    components: {
      schemas: {
        A: { type: "string", title: "A", description: "first", enum: ["a", "b"], "x-enumDescriptions": { a: "…" } },
        B: { enum: ["c", "b"], examples: ["c"] },
        N: { type: "integer", enum: [1, 2] },
        Long: { type: "string", enum: ["a", "bb"], minLength: 2 },
        Dated: { type: "string", format: "date", enum: ["2026-01-01"] },
        // A keyword beside a $ref applies too (2020-12): this one is not enum-only.
        ShortA: { $ref: "#/components/schemas/A", maxLength: 1 },
        NamedA: { $ref: "#/components/schemas/A", description: "A, by another name" },
        Both: { anyOf: [{ $ref: "#/components/schemas/A" }, { $ref: "#/components/schemas/B" }] },
        Exactly: { oneOf: [{ $ref: "#/components/schemas/A" }, { $ref: "#/components/schemas/B" }] },
      },
    },
  };
  const resolve = resolveIn(document);
  const union = (keyword: "anyOf" | "oneOf", ...members: unknown[]) => foldUnion({ description: "d", [keyword]: members }, resolve);
  const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });

  it("keeps the holder's annotations, ignores the members' own, and counts a const as a one-value enum", () => {
    expect(union("anyOf", ref("A"), ref("B"))).toEqual({ description: "d", enum: ["a", "b", "c"] });
    expect(union("anyOf", ref("A"), { const: "z", title: "Z" })).toEqual({ description: "d", enum: ["a", "b", "z"] });
    // A chain of references, each with no more than annotations beside it.
    expect(union("anyOf", ref("NamedA"), ref("B"))).toEqual({ description: "d", enum: ["a", "b", "c"] });
  });

  it("keeps in a oneOf only the values exactly one member lists", () => {
    expect(union("oneOf", ref("A"), ref("B"))).toEqual({ description: "d", enum: ["a", "c"] });
    expect(union("oneOf", { enum: ["a"] }, { enum: ["a"] })).toBeUndefined();
  });

  it("folds nothing where a member asserts more than its values, or the values are of two types", () => {
    expect(union("anyOf", ref("A"), ref("Long"))).toBeUndefined();
    expect(union("anyOf", ref("A"), ref("Dated"))).toBeUndefined();
    expect(union("anyOf", ref("ShortA"), ref("B"))).toBeUndefined();
    expect(union("anyOf", { ...ref("A"), minLength: 1 }, ref("B"))).toBeUndefined();
    expect(union("anyOf", ref("A"), ref("Nowhere"))).toBeUndefined();
    expect(union("anyOf", ref("A"), ref("N"))).toBeUndefined();
    expect(union("anyOf", ref("A"), { type: "string" })).toBeUndefined();
    expect(union("anyOf", ref("A"), { type: "integer", enum: ["a"] })).toBeUndefined();
    expect(union("anyOf", { enum: [{ a: 1 }] })).toBeUndefined();
    expect(foldUnion({ enum: ["a"], anyOf: [ref("A")] }, resolve)).toBeUndefined();
  });

  it("explains a value that fails through the contract's own union, its alternatives named", () => {
    const validator = createSchemaValidator();
    expect(validator.validate("#/components/schemas/Permission", { action: "update", allowed: true })).toEqual([]);
    const [problem] = validator.validate("#/components/schemas/Permission", { action: "fly", allowed: true });
    expect(problem).toEqual({ path: "$.action", message: expect.stringMatching(/^matches none of the alternatives: expected UserAction or GroupAction or .*OrganizationAction or AnnotationQueueAction or ControlResourceAction, got string$/) });
  });
});
