// The contract's examples, the mock's default answers and `service.example(name)`. An answer's
// example is the one its media type gives (`example`, or the first of `examples`), else the
// schema's own (every object schema of the contract has one). Each use gets its own copy, so a
// test that changes what it got cannot change what the next one gets.
import { resolveRef } from "../contract/openapi-document.js";
import type { JsonObject, OpenApiDocument } from "../validation/contract.js";

/** A JSON value's deep copy (examples are JSON: this loses nothing). */
const copy = <T>(value: T): T => JSON.parse(JSON.stringify(value)) as T;

/** The example a schema gives: its first `examples` entry, or its constant or first enum member. */
function schemaExample(document: OpenApiDocument, schema: unknown): unknown {
  const node = resolveRef<JsonObject | undefined>(document, schema as JsonObject);
  if (!node || typeof node !== "object") return undefined;
  if (Array.isArray(node.examples) && node.examples.length > 0) return node.examples[0];
  if ("const" in node) return node.const;
  if (Array.isArray(node.enum) && node.enum.length > 0) return node.enum[0];
  return undefined;
}

/** A copy of the example of one media type of an answer, or undefined when it has none. */
export function mediaExample(document: OpenApiDocument, media: { schema?: unknown; example?: unknown; examples?: Record<string, { value?: unknown }> } | undefined): unknown {
  if (!media) return undefined;
  const named = media.examples ? Object.values(media.examples).find((entry) => entry.value !== undefined)?.value : undefined;
  const found = media.example ?? named ?? schemaExample(document, media.schema);
  return found === undefined ? undefined : copy(found);
}

/** A copy of a named schema's example; a TypeError names what is missing. */
export function namedExample(document: OpenApiDocument, name: string): unknown {
  const schemas = (document.components?.schemas ?? {}) as Record<string, unknown>;
  if (typeof name !== "string" || !Object.prototype.hasOwnProperty.call(schemas, name)) throw new TypeError(`example: the contract has no schema named ${JSON.stringify(name)}`);
  const found = schemaExample(document, schemas[name]);
  if (found === undefined) throw new TypeError(`example: the contract's schema ${name} gives no example`);
  return copy(found);
}

/** A copy of the example a declared header gives, as text. */
export function headerExample(document: OpenApiDocument, header: unknown): string | undefined {
  const node = resolveRef<JsonObject | undefined>(document, header as JsonObject);
  const found = node?.example ?? schemaExample(document, node?.schema);
  return found === undefined || found === null ? undefined : String(found);
}
