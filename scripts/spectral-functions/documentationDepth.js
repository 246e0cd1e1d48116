// Spectral function: the contract explains itself at field level. Given the whole document
// (resolved: false), it reports
//   - a property (of a component schema, at any depth) with no description, or one that only
//     restates the property's name;
//   - an enum schema of two or more values whose values are not all explained in
//     x-enumDescriptions (an integer enum also names them in x-enum-varnames), unless it says that
//     nothing names them (x-enum-unnamed: true, with the reason in its description);
//   - a parameter with no example;
//   - an object schema in components.schemas with no schema-level `examples`.
// `scripts/doc-coverage.mjs` measures the same things with the same helpers (exported below).
import { operationsOf } from "../../src/contract/openapi-document.js";

const WORD = /[a-z0-9]+/g;
// Words that carry no meaning of their own: a description made of these and the name's own words
// says nothing the name does not.
const FILLER = new Set([
  "a", "an", "the", "of", "for", "to", "in", "on", "at", "by", "with", "and", "or", "is", "are",
  "its", "it", "this", "that", "as", "be", "field", "value", "property", "attribute", "parameter",
  "object", "string", "number", "integer", "boolean", "list", "array", "optional", "given",
]);

/** The words of an identifier: `duration_ns`, `createdAt` and `ProjectID` split alike. */
export function nameWords(name) {
  return String(name)
    .replace(/([a-z0-9])([A-Z])/g, "$1 $2")
    .replace(/([A-Z]+)([A-Z][a-z])/g, "$1 $2")
    .toLowerCase()
    .match(WORD) ?? [];
}

/** True when a description is missing, or uses no word beyond the name's own and filler words. */
export function restatesName(description, name) {
  if (typeof description !== "string" || description.trim() === "") return true;
  const own = new Set(nameWords(name));
  const words = description.toLowerCase().match(WORD) ?? [];
  return words.every((word) => own.has(word) || FILLER.has(word) || own.has(word.replace(/s$/, "")));
}

/** What an enum schema lacks: the values with no explanation (and, for integers, no name). */
export function unexplainedEnumValues(schema) {
  const values = (schema.enum ?? []).filter((value) => value !== null);
  if (values.length < 2 || schema["x-enum-unnamed"] === true) return [];
  const explained = schema["x-enumDescriptions"] ?? {};
  const names = schema["x-enum-varnames"];
  return values.filter((value, index) => {
    const text = explained[String(value)];
    if (typeof text !== "string" || text.trim() === "") return true;
    return typeof value === "number" && (!Array.isArray(names) || typeof names[index] !== "string");
  });
}

export const isObjectSchema = (schema) =>
  schema !== null && typeof schema === "object" && (schema.type === "object" || (Array.isArray(schema.type) && schema.type.includes("object")) || "properties" in schema);

const hasExample = (node) =>
  node.example !== undefined || (node.examples !== undefined && Object.keys(node.examples).length > 0);

// Keywords whose values are data, not schemas: nothing below them is walked.
export const DATA_KEYS = new Set(["example", "examples", "default", "const", "enum", "discriminator"]);

/** Every list of parameters in the paths, a path item's shared ones and each operation's, as [parameters, path]. */
export function* parameterLists(document) {
  for (const [route, item] of Object.entries(document?.paths ?? {})) yield [item?.parameters ?? [], ["paths", route, "parameters"]];
  for (const { method, path: route, operation } of operationsOf(document ?? {})) {
    yield [operation?.parameters ?? [], ["paths", route, method.toLowerCase(), "parameters"]];
  }
}

/** Every property under a schema, at any depth, as [name, property, path]. */
export function* propertiesOf(schema, path) {
  if (!schema || typeof schema !== "object") return;
  if (Array.isArray(schema)) {
    for (const [index, item] of schema.entries()) yield* propertiesOf(item, [...path, index]);
    return;
  }
  for (const [key, child] of Object.entries(schema)) {
    if (DATA_KEYS.has(key) || key.startsWith("x-") || key === "$ref") continue;
    if (key === "properties" && child && typeof child === "object") {
      for (const [name, property] of Object.entries(child)) {
        yield [name, property, [...path, "properties", name]];
        yield* propertiesOf(property, [...path, "properties", name]);
      }
    } else yield* propertiesOf(child, [...path, key]);
  }
}

export default function documentationDepth(document) {
  const results = [];
  const schemas = document?.components?.schemas ?? {};
  for (const [schemaName, schema] of Object.entries(schemas)) {
    const at = ["components", "schemas", schemaName];
    for (const [name, property, path] of propertiesOf(schema, at)) {
      if (restatesName(property?.description, name)) {
        results.push({
          message: `${schemaName}.${name}: describe what the field means, not just its name: what its schema establishes, what a cited source (x-source) states, or that the service does not document it`,
          path,
        });
      }
    }
    const missing = unexplainedEnumValues(schema);
    if (missing.length > 0) {
      results.push({
        message: `${schemaName}: explain ${missing.map(String).join(", ")} in x-enumDescriptions${typeof missing[0] === "number" ? " and name them in x-enum-varnames" : ""} (or, when nothing names the values, set x-enum-unnamed: true and say so in the description)`,
        path: at,
      });
    }
    if (isObjectSchema(schema) && !hasExample(schema)) {
      results.push({ message: `${schemaName}: add a schema-level \`examples\` entry that validates against it`, path: at });
    }
  }
  for (const [parameters, path] of parameterLists(document)) {
    for (const [index, parameter] of parameters.entries()) {
      if (parameter && !parameter.$ref && !hasExample(parameter)) {
        results.push({ message: `parameter '${parameter.name}': add an example of a value a caller would send`, path: [...path, index] });
      }
    }
  }
  for (const [name, parameter] of Object.entries(document?.components?.parameters ?? {})) {
    if (!hasExample(parameter)) results.push({ message: `parameter '${name}': add an example`, path: ["components", "parameters", name] });
  }
  return results;
}
