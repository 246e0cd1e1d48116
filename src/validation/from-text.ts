// A path or query parameter, or a form field, arrives as text; the contract types it (an integer
// limit, a boolean flag, a list of run ids). Like the service, the mock reads the text as the
// type the schema allows before checking it, so "25" is a fine integer and "many" is not. Text
// that reads as none of the allowed types stays text, and the check then says what was expected.
// A response header's value is text too: the header check reads it the same way.
import { resolveRef } from "../contract/openapi-document.js";
import type { JsonObject, OpenApiDocument } from "./contract.js";

/** The JSON types a schema allows, through `$ref`s and the alternatives of anyOf/oneOf. */
function typesOf(document: OpenApiDocument, schema: unknown, seen = 0): Set<string> {
  const types = new Set<string>();
  const node = resolveRef<JsonObject | undefined>(document, schema as JsonObject);
  if (!node || typeof node !== "object" || seen > 16) return types;
  const { type } = node;
  for (const name of Array.isArray(type) ? type : type === undefined ? [] : [type]) types.add(String(name));
  for (const value of [...(Array.isArray(node.enum) ? node.enum : []), ...("const" in node ? [node.const] : [])]) {
    types.add(typeof value === "number" ? (Number.isInteger(value) ? "integer" : "number") : value === null ? "null" : typeof value);
  }
  for (const keyword of ["anyOf", "oneOf", "allOf"]) {
    const alternatives = node[keyword];
    if (Array.isArray(alternatives)) for (const alternative of alternatives) for (const name of typesOf(document, alternative, seen + 1)) types.add(name);
  }
  return types;
}

/** The schema of an array's items, when the schema allows an array. */
export function itemsOf(document: OpenApiDocument, schema: unknown): unknown {
  const node = resolveRef<JsonObject | undefined>(document, schema as JsonObject);
  if (!node || !typesOf(document, node).has("array")) return undefined;
  if (node.items !== undefined) return node.items;
  for (const keyword of ["anyOf", "oneOf"]) {
    const alternatives = node[keyword];
    if (!Array.isArray(alternatives)) continue;
    for (const alternative of alternatives) {
      const items = itemsOf(document, alternative);
      if (items !== undefined) return items;
    }
  }
  return {};
}

const NUMBER = /^-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?$/;

/** `text` as the type `schema` allows: a number, a boolean, or the text itself. */
export function fromText(document: OpenApiDocument, schema: unknown, text: string): unknown {
  const types = typesOf(document, schema);
  if ((types.has("integer") || types.has("number")) && NUMBER.test(text)) return Number(text);
  if (types.has("boolean") && (text === "true" || text === "false")) return text === "true";
  return text;
}

/** The property schema `name` of an object schema, through `$ref`s and allOf. */
export function propertyOf(document: OpenApiDocument, schema: unknown, name: string): unknown {
  const node = resolveRef<JsonObject | undefined>(document, schema as JsonObject);
  if (!node || typeof node !== "object") return undefined;
  const own = (node.properties as Record<string, unknown> | undefined)?.[name];
  if (own !== undefined) return own;
  for (const part of Array.isArray(node.allOf) ? node.allOf : []) {
    const found = propertyOf(document, part, name);
    if (found !== undefined) return found;
  }
  return undefined;
}
