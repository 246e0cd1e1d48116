// What the typed-model checks in other languages (typed-models.test.ts) decode, and what each
// decoded tagged union must have become. Shared by the Go and Python runs, so both are held to
// exactly the same inputs and expectations.
//
// Inputs ("cases"), each a JSON value with the schema it must decode as:
// - every response example of the bundle: the `example` or each of the `examples` of every 2xx
//   JSON response of every operation;
// - one probe per member of every tagged union (`oneOf` + `discriminator`): the smallest valid
//   value of the member (scripts/lib/sample-values.mjs) with its tag set, decoded as the union.
//   The examples alone name only a few members; the probes make every tag go through dispatch.
//
// Expectations: walking each input along its schema, every place where a tagged union is met
// (its JSON pointer in the input) must decode into the member that the tag's `mapping` names.
import { followRefs, operationsOf, resolveRef } from "../../src/contract/openapi-document.js";
import { sampleValue } from "../../scripts/lib/sample-values.mjs";
import { isJsonMediaType } from "../../src/contract/media-type.js";

type Schema = Record<string, any>;
type Document = { paths: Record<string, any>; components: { schemas: Record<string, Schema>; examples?: Record<string, any> } };

export interface DecodeCase {
  /** "GET /path 200 example-name" or "probe Union tag". */
  readonly label: string;
  /** The component schema the generators see for it (a wrapper with one property, `value`). */
  readonly wrapper: string;
  readonly value: unknown;
}

/** A tagged union met in an input: where it is, its tag, and the member the tag names. */
export interface UnionSite {
  readonly label: string;
  /** JSON pointer in the decoded wrapper (so it starts with /value). */
  readonly path: string;
  readonly union: string;
  readonly tag: string;
  readonly member: string;
  /** Every member of the union, so that decoding into another one can be told apart. */
  readonly members: readonly string[];
}

export interface TaggedUnion {
  readonly name: string;
  readonly propertyName: string;
  /** tag value → member schema name */
  readonly mapping: Record<string, string>;
}

const SCHEMA_REF = "#/components/schemas/";

/** The tagged unions of the edition: every `discriminator`, which must sit on a named schema. */
export function taggedUnions(document: Document): TaggedUnion[] {
  const unions: TaggedUnion[] = [];
  const misplaced: string[] = [];
  const visit = (node: unknown, where: string, named?: string) => {
    if (Array.isArray(node)) return node.forEach((item, i) => visit(item, `${where}/${i}`));
    if (!node || typeof node !== "object") return;
    const schema = node as Schema;
    if (schema.discriminator) {
      if (!named) misplaced.push(where);
      else
        unions.push({
          name: named,
          propertyName: schema.discriminator.propertyName,
          mapping: Object.fromEntries(Object.entries(schema.discriminator.mapping as Record<string, string>).map(([tag, ref]) => [tag, ref.slice(SCHEMA_REF.length)])),
        });
    }
    for (const [key, child] of Object.entries(schema)) if (key !== "example" && key !== "examples" && key !== "discriminator") visit(child, `${where}/${key}`);
  };
  for (const [name, schema] of Object.entries(document.components.schemas)) visit(schema, `${SCHEMA_REF}${name}`, name);
  visit(document.paths, "#/paths");
  // Generators name only component schemas; an inline tagged union would get an invented name.
  if (misplaced.length > 0) throw new Error(`tagged unions outside components/schemas: ${misplaced.join(", ")}`);
  return unions;
}

/** Every response example (2xx, JSON) of the edition, with its schema. */
export function responseExamples(document: Document): { label: string; schema: Schema; value: unknown }[] {
  const found: { label: string; schema: Schema; value: unknown }[] = [];
  for (const { method, path, operation } of operationsOf(document)) {
    for (const [status, responseOrRef] of Object.entries((operation.responses ?? {}) as Record<string, Schema>)) {
      if (!/^2\d\d$/.test(status)) continue;
      const response = resolveRef<Schema>(document, responseOrRef);
      for (const [mediaType, media] of Object.entries((response.content ?? {}) as Record<string, Schema>)) {
        if (!isJsonMediaType(mediaType) || !media.schema) continue;
        if (media.example !== undefined) found.push({ label: `${method} ${path} ${status}`, schema: media.schema, value: media.example });
        for (const [name, example] of Object.entries((media.examples ?? {}) as Record<string, Schema>)) {
          found.push({ label: `${method} ${path} ${status} ${name}`, schema: media.schema, value: resolveRef<Schema>(document, example).value });
        }
      }
    }
  }
  return found;
}

/**
 * The cases, and the document the generators read: the edition with one wrapper schema per case
 * (`{ value: <the case's schema> }`, named Decode0001…), so every case decodes as a named type.
 */
export function decodeCases(document: Document, bundle31: Document): { document: Document; cases: DecodeCase[] } {
  const copy = structuredClone(document);
  const cases: DecodeCase[] = [];
  const add = (label: string, schema: Schema, value: unknown) => {
    const wrapper = `Decode${String(cases.length + 1).padStart(4, "0")}`;
    copy.components.schemas[wrapper] = { type: "object", required: ["value"], properties: { value: schema } };
    cases.push({ label, wrapper, value: { value } });
  };
  for (const { label, schema, value } of responseExamples(document)) add(label, schema, value);
  for (const union of taggedUnions(document)) {
    for (const [tag, member] of Object.entries(union.mapping)) {
      // Sampled from the 3.1 bundle (the same schema names): the sampler reads 3.1's null types.
      const value = { ...(sampleValue(bundle31, { $ref: `${SCHEMA_REF}${member}` }, member) as object), [union.propertyName]: tag };
      add(`probe ${union.name} ${union.propertyName}=${tag}`, { $ref: `${SCHEMA_REF}${union.name}` }, value);
    }
  }
  return { document: copy, cases };
}

/** Every tagged union met in the cases, walking each value along its schema. */
export function unionSites(document: Document, cases: readonly DecodeCase[]): UnionSite[] {
  const unions = new Map(taggedUnions(document).map((union) => [union.name, union]));
  const sites: UnionSite[] = [];
  const walk = (label: string, schemaOrRef: Schema | undefined, value: unknown, path: string, depth: number): void => {
    if (!schemaOrRef || value === null || value === undefined || depth > 64) return;
    const { node, pointer } = followRefs(document, schemaOrRef);
    const schema = node as Schema;
    const name = pointer.startsWith(SCHEMA_REF) ? pointer.slice(SCHEMA_REF.length) : undefined;
    const union = name ? unions.get(name) : undefined;
    if (union && typeof value === "object" && !Array.isArray(value)) {
      const tag = String((value as Record<string, unknown>)[union.propertyName]);
      const member = union.mapping[tag];
      if (!member) throw new Error(`${label}: ${path} has ${union.propertyName}=${tag}, which ${union.name} does not map`);
      sites.push({ label, path, union: union.name, tag, member, members: [...new Set(Object.values(union.mapping))] });
      return walk(label, { $ref: `${SCHEMA_REF}${member}` }, value, path, depth + 1);
    }
    // Untagged unions are not followed: which branch a value takes is the generator's guess.
    for (const part of schema.allOf ?? []) walk(label, part, value, path, depth + 1);
    if (Array.isArray(value)) {
      value.forEach((item, i) => walk(label, schema.items, item, `${path}/${i}`, depth + 1));
    } else if (typeof value === "object") {
      for (const [key, child] of Object.entries(value as Record<string, unknown>)) {
        const propertySchema = schema.properties?.[key] ?? (typeof schema.additionalProperties === "object" ? schema.additionalProperties : undefined);
        walk(label, propertySchema, child, `${path}/${key.replace(/~/g, "~0").replace(/\//g, "~1")}`, depth + 1);
      }
    }
  };
  for (const decodeCase of cases) walk(decodeCase.label, { $ref: `${SCHEMA_REF}${decodeCase.wrapper}` }, decodeCase.value, "", 0);
  return sites;
}

/**
 * The edition as openapi-generator 4.3.1 can build it. Its Go and Python generators refer to types
 * they never emit in two cases, so the code would not compile or import:
 * - an untagged union written inline (`anyOf`, or `oneOf` without a discriminator): each becomes
 *   "any JSON value" (`{}`, nullable), which both decode as plain JSON;
 * - a named free-form object (`type: object` and nothing else, such as an answer whose fields
 *   the service does not declare): each reference to one becomes the same schema inline.
 * And its Python generator stops on a date or date-time property that carries an `example` (it
 * reads the example as an OffsetDateTime and casts it to a Date, a ClassCastException): such
 * property examples are dropped from its copy. Examples document; nothing decodes them.
 * Tagged unions (the named `oneOf` + `discriminator` schemas) and everything else are kept as
 * they are. Returns how many places were changed, by kind.
 */
export function forOpenapiGenerator(document: Document): { document: Document; untaggedUnions: number; freeFormRefs: number; dateExamples: number } {
  const copy = structuredClone(document);
  let untaggedUnions = 0;
  let freeFormRefs = 0;
  let dateExamples = 0;
  const structural = ["properties", "allOf", "anyOf", "oneOf", "items", "enum", "$ref", "discriminator"];
  const freeForm = new Set(
    Object.entries(copy.components.schemas)
      .filter(([, schema]) => schema.type === "object" && !structural.some((key) => key in schema) && (schema.additionalProperties ?? true) !== false)
      .map(([name]) => `${SCHEMA_REF}${name}`),
  );
  const visit = (node: unknown): unknown => {
    if (Array.isArray(node)) return node.map(visit);
    if (!node || typeof node !== "object") return node;
    const schema = node as Schema;
    if ((schema.anyOf || schema.oneOf) && !schema.discriminator) {
      untaggedUnions++;
      return { nullable: true, ...(schema.description ? { description: schema.description } : {}) };
    }
    if (typeof schema.$ref === "string" && freeForm.has(schema.$ref)) {
      freeFormRefs++;
      return { type: "object", additionalProperties: true };
    }
    const dated = schema.type === "string" && (schema.format === "date-time" || schema.format === "date");
    if (dated && "example" in schema) dateExamples++;
    const kept = Object.entries(schema).filter(([key]) => !(dated && key === "example"));
    return Object.fromEntries(kept.map(([key, child]) => [key, key === "example" || key === "examples" ? child : visit(child)]));
  };
  copy.components.schemas = visit(copy.components.schemas) as Record<string, Schema>;
  copy.paths = visit(copy.paths) as Record<string, any>;
  return { document: copy, untaggedUnions, freeFormRefs, dateExamples };
}

/** Names compared across languages: LlmStep, llm_step and Llmstep are the same schema. */
export function sameName(name: string): string {
  return name.replace(/[^A-Za-z0-9]/g, "").toLowerCase();
}
