// Spectral function: what a description says about defaults, `null`, absence, formats and enum
// values agrees with the schema it describes. Given the whole document (resolved: false), it
// reads the description of every schema (at any depth, properties included) and every parameter,
// and reports one that
//   - names a default the node does not declare, or a different one;
//   - mentions `null` where neither the value nor its items can be null;
//   - calls a required field or parameter absent or omitted;
//   - says UUID where nothing in the value has the uuid format;
//   - says "free-form" where the values are typed;
//   - names, in backticks, a value its enum lacks (and x-enumDescriptions keys likewise).
// A description is a promise read in hovers and docs tables; these clauses are the ones the
// schema itself can settle, so the schema settles them (CONTRIBUTING, "Every sentence true").
import { resolveRef } from "../../src/contract/openapi-document.js";
import { walkObjects } from "../lib/walk-objects.mjs";
import { DATA_KEYS, parameterLists } from "./documentationDepth.js";

const BRANCHES = ["anyOf", "oneOf", "allOf"];

const isObject = (value) => value !== null && typeof value === "object" && !Array.isArray(value);
const types = (schema) => (Array.isArray(schema.type) ? schema.type : schema.type === undefined ? [] : [schema.type]);

/** The node with its `$ref` chain followed, the node's own keywords winning (3.1 allows siblings). */
function effective(document, node) {
  if (!isObject(node) || typeof node.$ref !== "string") return isObject(node) ? node : {};
  const { $ref, ...own } = node;
  return { ...effective(document, resolveRef(document, { $ref })), ...own };
}

/** The schemas a value may match: the node itself and, through anyOf/oneOf, each branch. */
function alternatives(document, node, seen = new Set()) {
  const schema = effective(document, node);
  if (seen.has(schema)) return [];
  seen.add(schema);
  const branches = [...(schema.anyOf ?? []), ...(schema.oneOf ?? [])];
  return [schema, ...branches.flatMap((branch) => alternatives(document, branch, seen))];
}

const constrains = (schema) =>
  types(schema).length > 0 || "enum" in schema || "const" in schema || BRANCHES.some((key) => key in schema) || "properties" in schema || "items" in schema;

function canBeNull(document, node) {
  const all = alternatives(document, node);
  const [self] = all;
  if (!constrains(self)) return true; // no constraint at all: any JSON value, null included
  // `nullable: true` is how the 3.0 edition says it (the rule also lints that edition).
  return all.some((schema) => types(schema).includes("null") || schema.nullable === true || schema.const === null || (Array.isArray(schema.enum) && schema.enum.includes(null)));
}

/** The value and what it holds one level down: a list's items, a map's values and keys. */
function valueAndContents(document, node) {
  return alternatives(document, node).flatMap((schema) => [
    schema,
    // x-propertyNames: the 3.0 edition's form of propertyNames (scripts/convert-3.0.mjs).
    ...["items", "additionalProperties", "propertyNames", "x-propertyNames"].filter((key) => isObject(schema[key])).map((key) => schema[key]),
  ]);
}

/** Any JSON value, an object of any keys and values, or text of any form. */
function isFreeForm(schema) {
  if (!constrains(schema)) return true;
  const objectOnly = types(schema).filter((type) => type !== "null");
  if (objectOnly.length === 1 && objectOnly[0] === "string") return !("enum" in schema || "const" in schema || "format" in schema || "pattern" in schema);
  const open = schema.additionalProperties === undefined || schema.additionalProperties === true || (isObject(schema.additionalProperties) && !constrains(schema.additionalProperties));
  return objectOnly.length === 1 && objectOnly[0] === "object" && !("properties" in schema) && open;
}

function enumValues(document, node) {
  const values = [];
  for (const schema of valueAndContents(document, node).flatMap((schema) => alternatives(document, schema))) {
    if (Array.isArray(schema.enum)) values.push(...schema.enum);
    if ("const" in schema) values.push(schema.const);
  }
  return values;
}

// "Defaults to `x`", "default is 5", "Default: true", "defaults to null".
const DEFAULT_CLAUSE = /\bdefaults?(?: value)?(?: is| to|:)\s+(`[^`]*`|"[^"]*"|-?\d+(?:\.\d+)?\b|true\b|false\b|null\b)/gi;
const NULL_WORD = /(^|[^\w-])null([^\w-]|$)/i;
const ABSENT_WORDS = /\b(absent|omit(?:s|ted|ting)?|not (?:sent|given|provided|supplied))\b/i;
const UUID_WORD = /\buuids?\b/i;
const FREE_FORM = /\bfree[- ]form\b/i;
const BACKTICKED = /`([^`]+)`/g;

/** The declared value a default clause names, read as JSON where it parses and as text otherwise. */
function namedDefault(text) {
  const bare = text.replace(/^[`"]|[`"]$/g, "");
  try {
    return { value: JSON.parse(bare) };
  } catch {
    return { value: bare };
  }
}

const sameValue = (a, b) => JSON.stringify(a) === JSON.stringify(b) || (typeof b !== "string" && String(b) === a);

/**
 * What a backticked word in a description may name besides a value of its own enum: a field,
 * parameter, schema or operation, or a value or value name of another enum (a filter's operator
 * beside its operand). Only a word that is none of these is taken for a value the enum lacks.
 */
function knownNames(document) {
  const names = new Set(Object.keys(document?.components?.schemas ?? {}));
  const visit = (node) => {
    if (isObject(node.properties)) Object.keys(node.properties).forEach((name) => names.add(name));
    for (const key of ["name", "operationId"]) if (typeof node[key] === "string") names.add(node[key]);
    for (const key of ["enum", "x-enum-varnames"]) if (Array.isArray(node[key])) node[key].forEach((value) => names.add(String(value)));
    if ("const" in node && typeof node.const !== "object") names.add(String(node.const));
  };
  walkObjects(document?.components, visit);
  walkObjects(document?.paths, visit);
  return names;
}

/** Every described place: { description, node, required, path, isValue }. */
function* describedPlaces(document) {
  function* walk(node, path, required, isValue) {
    if (!isObject(node)) return;
    if (typeof node.description === "string") yield { description: node.description, node, required, path, isValue };
    else if (isObject(node["x-enumDescriptions"])) yield { description: "", node, required, path, isValue };
    for (const [key, child] of Object.entries(node)) {
      if (DATA_KEYS.has(key) || key.startsWith("x-") || key === "$ref") continue;
      if (key === "properties" && isObject(child)) {
        const requiredNames = Array.isArray(node.required) ? node.required : [];
        for (const [name, property] of Object.entries(child)) yield* walk(property, [...path, "properties", name], requiredNames.includes(name), true);
      } else if (BRANCHES.includes(key) && Array.isArray(child)) {
        for (const [index, branch] of child.entries()) yield* walk(branch, [...path, key, index], undefined, true);
      } else if ((key === "items" || key === "additionalProperties") && isObject(child)) {
        yield* walk(child, [...path, key], undefined, true);
      }
    }
  }
  for (const [name, schema] of Object.entries(document?.components?.schemas ?? {})) {
    yield* walk(schema, ["components", "schemas", name], undefined, false);
  }
  for (const [parameters, path] of parameterLists(document)) {
    for (const [index, parameter] of parameters.entries()) {
      if (!isObject(parameter) || parameter.$ref) continue;
      const at = [...path, index];
      if (typeof parameter.description === "string") {
        yield { description: parameter.description, node: parameter.schema ?? {}, required: parameter.required === true, path: at, isValue: true };
      }
      yield* walk(parameter.schema, [...at, "schema"], parameter.required === true, true);
    }
  }
}

export default function descriptionAgreesWithSchema(document) {
  const results = [];
  const names = knownNames(document);
  const report = (path, message) => results.push({ message, path });
  for (const { description, node, required, path, isValue } of describedPlaces(document)) {
    const schema = effective(document, node);
    const where = path.join(".");

    for (const [, text] of description.matchAll(DEFAULT_CLAUSE)) {
      const named = namedDefault(text);
      if (!("default" in schema)) report(path, `${where}: the description names the default ${text}, but the schema declares none: declare \`default\` or drop the clause`);
      else if (!sameValue(named.value, schema.default)) report(path, `${where}: the description names the default ${text}, the schema declares ${JSON.stringify(schema.default)}: make them agree`);
    }
    if (isValue && NULL_WORD.test(description) && !valueAndContents(document, node).some((value) => canBeNull(document, value))) {
      report(path, `${where}: the description speaks of null, but the value cannot be null: drop the clause (or make the schema nullable if the service sends null)`);
    }
    if (required === true && ABSENT_WORDS.test(description)) {
      report(path, `${where}: the field is required, but the description speaks of it being absent or omitted: say what the value means instead`);
    }
    if (isValue && UUID_WORD.test(description)) {
      const formats = valueAndContents(document, node).flatMap((value) => alternatives(document, value)).map((value) => value.format);
      if (!formats.some((format) => typeof format === "string" && format.startsWith("uuid"))) {
        report(path, `${where}: the description says UUID, but the value has no uuid format: add \`format: uuid\` if the service says so, or say "ID"`);
      }
    }
    if (isValue && FREE_FORM.test(description) && !valueAndContents(document, node).some((value) => isFreeForm(value))) {
      report(path, `${where}: the description says free-form, but the values are typed: describe what they hold instead`);
    }
    const values = enumValues(document, node);
    if (values.length > 0) {
      const known = new Set(values.map(String));
      const named = [...description.matchAll(BACKTICKED)].map(([, token]) => token).filter((token) => /^[\w.-]+$/.test(token) && token !== "null");
      // `Schema.field` names a place, not a value; a number with a point may still be a value.
      const lacking = named.filter((token) => !known.has(token) && !names.has(token) && !/^[A-Za-z_][\w-]*\.[A-Za-z_]/.test(token));
      const explained = Object.keys(isObject(node["x-enumDescriptions"]) ? node["x-enumDescriptions"] : {}).filter((key) => !known.has(key));
      for (const token of new Set([...lacking, ...explained])) {
        report(path, `${where}: \`${token}\` is not a value of this enum (${[...known].join(", ")}): name only values it has`);
      }
    }
  }
  return results;
}
