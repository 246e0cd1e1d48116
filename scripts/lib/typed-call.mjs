// The smallest typed call a user writes for one operation of the bundled spec, as TypeScript
// source: `await client.POST("/signup_link", { params: { query: { user_email: "…" } } })`.
// Only what the spec requires goes in (path parameters, required query and header parameters,
// a required body with its required properties), with values from the spec's examples, enums,
// formats and bounds, and a `Blob` for a file. The contract test compiles one such call per
// operation under `tsc --strict` and runs it against the mock; the docs can show the same text.

/** Values for the string formats the spec uses; each is valid for its format. */
const FORMAT_SAMPLES = {
  uuid: "3fa85f64-5717-4562-b3fc-2c963f66afa6",
  "date-time": "2026-11-22T10:00:00Z",
  date: "2026-11-22",
  email: "ada@acme.example",
  uri: "https://acme.example/resource",
  url: "https://acme.example/resource",
  "http-date": "Sun, 22 Nov 2026 10:00:00 GMT",
};

/** What a file field gets: a small CSV, which every upload of the service takes. */
const FILE_CONTENTS = "input,output\nhello,world\n";

/** Lines longer than this are broken, one property per line. */
const WIDTH = 100;

/** Source text to print as it is (a `new Blob(...)`), not as a value. */
class Code {
  /** @param {string} text */
  constructor(text) {
    this.text = text;
  }
}

/**
 * The source of the minimal typed call for `entry` (one operation, as `operationsOf` yields it).
 *
 * @param {object} document the bundled OpenAPI document
 * @param {{ method: string, path: string, operation: object }} entry
 * @param {{ client?: string }} [options] `client`: the variable that holds the client
 * @returns {string} e.g. `await client.GET("/v1/healthcheck")`
 */
export function typedCall(document, entry, options = {}) {
  const head = `await ${options.client ?? "client"}.${entry.method.toUpperCase()}(${JSON.stringify(entry.path)}`;
  const init = minimalInit(document, entry);
  if (init === undefined) return `${head})`;
  const prefix = `${head}, `;
  return `${prefix}${sourceOf(init, { column: prefix.length })})`;
}

/**
 * The init argument of the minimal call (`{ params, body }`), or undefined when the operation
 * requires nothing. File fields are `Code` values; print them with `sourceOf`.
 *
 * @param {object} document
 * @param {{ method: string, path: string, operation: object }} entry
 * @returns {Record<string, unknown> | undefined}
 */
export function minimalInit(document, { operation }) {
  const resolve = resolverOf(document);
  /** @type {Record<string, Record<string, unknown>>} */
  const params = {};
  for (const parameter of (operation.parameters ?? []).map(resolve)) {
    if (!parameter.required || parameter.in === "cookie") continue;
    const where = (params[parameter.in] ??= {});
    where[parameter.name] = parameterValue(resolve, parameter);
  }
  /** @type {Record<string, unknown>} */
  const init = {};
  // openapi-fetch's order (path, then query), whatever order the spec lists them in.
  const ordered = Object.fromEntries(["path", "query", "header"].filter((where) => params[where]).map((where) => [where, params[where]]));
  if (Object.keys(ordered).length > 0) init.params = ordered;
  const requestBody = resolve(operation.requestBody);
  if (requestBody?.required) {
    const [mediaType, media] = Object.entries(requestBody.content ?? {})[0] ?? [];
    if (media) init.body = new Sampler(resolve, mediaType === "multipart/form-data").value(media.schema, "body");
  }
  return Object.keys(init).length > 0 ? init : undefined;
}

/**
 * TypeScript source for a value: plain data, with `Code` printed as is. Objects and arrays stay
 * on one line when they fit in the width from `column`, and otherwise take one entry per line.
 *
 * @param {unknown} value
 * @param {{ column?: number, indent?: string }} [at]
 */
export function sourceOf(value, { column = 0, indent = "" } = {}) {
  const inline = inlineSource(value);
  if (column + inline.length <= WIDTH || !isComposite(value)) return inline;
  const inner = `${indent}  `;
  if (Array.isArray(value)) {
    const items = value.map((item) => `${inner}${sourceOf(item, { column: inner.length, indent: inner })},`);
    return `[\n${items.join("\n")}\n${indent}]`;
  }
  const entries = Object.entries(value).map(([key, item]) => {
    const lead = `${inner}${keySource(key)}: `;
    return `${lead}${sourceOf(item, { column: lead.length, indent: inner })},`;
  });
  return `{\n${entries.join("\n")}\n${indent}}`;
}

function isComposite(value) {
  return value !== null && typeof value === "object" && !(value instanceof Code);
}

function inlineSource(value) {
  if (value instanceof Code) return value.text;
  if (Array.isArray(value)) return `[${value.map(inlineSource).join(", ")}]`;
  if (value !== null && typeof value === "object") {
    const entries = Object.entries(value);
    if (entries.length === 0) return "{}";
    return `{ ${entries.map(([key, item]) => `${keySource(key)}: ${inlineSource(item)}`).join(", ")} }`;
  }
  return JSON.stringify(value);
}

function keySource(key) {
  return /^[A-Za-z_$][\w$]*$/.test(key) ? key : JSON.stringify(key);
}

/** A `$ref` resolver over `document` (local references only, which is all a bundle has). */
function resolverOf(document) {
  return function resolve(value) {
    let current = value;
    for (let hops = 0; current && typeof current.$ref === "string"; hops++) {
      if (hops > 32) throw new Error(`typed-call: $ref cycle at ${current.$ref}`);
      if (!current.$ref.startsWith("#/")) throw new Error(`typed-call: only local references are supported, not ${current.$ref}`);
      current = current.$ref
        .slice(2)
        .split("/")
        .map((part) => part.replace(/~1/g, "/").replace(/~0/g, "~"))
        .reduce((node, key) => node?.[key], document);
    }
    return current;
  };
}

function parameterValue(resolve, parameter) {
  if (parameter.example !== undefined) return parameter.example;
  const sampler = new Sampler(resolve, false);
  // A parameter that is null or an empty list is left out of the URL, so a required one needs a
  // real value: the first non-null branch, and one item for a list.
  const schema = sampler.nonNull(parameter.schema);
  if (sampler.types(schema).includes("array")) {
    const items = sampler.value(schema, parameter.name);
    return items.length > 0 ? items : [sampler.value(schema.items, parameter.name)];
  }
  return sampler.value(schema, parameter.name);
}

/** Builds the smallest valid value of a schema: required properties only, shortest branches. */
class Sampler {
  /** @param {boolean} multipart whether binary strings are files (a `Blob`) */
  constructor(resolve, multipart) {
    this.resolve = resolve;
    this.multipart = multipart;
  }

  types(schema) {
    return Array.isArray(schema.type) ? schema.type : schema.type ? [schema.type] : [];
  }

  onlyNull(schemaOrRef) {
    const types = this.types(this.resolve(schemaOrRef) ?? {});
    return types.length === 1 && types[0] === "null";
  }

  /** The schema without its null branch (for values that must be present). */
  nonNull(schemaOrRef) {
    const schema = this.resolve(schemaOrRef) ?? {};
    for (const key of ["anyOf", "oneOf"]) {
      if (Array.isArray(schema[key])) {
        const branch = schema[key].find((b) => !this.onlyNull(b));
        if (branch) return this.nonNull(branch);
      }
    }
    const types = this.types(schema);
    if (types.includes("null") && types.length > 1) return { ...schema, type: types.filter((t) => t !== "null") };
    return schema;
  }

  /**
   * @param {unknown} schemaOrRef
   * @param {string} name the property or parameter it is for (a readable placeholder for text)
   */
  value(schemaOrRef, name, depth = 0) {
    if (depth > 12) throw new Error(`typed-call: ${name} nests deeper than 12 levels without an optional way out`);
    const schema = this.resolve(schemaOrRef) ?? {};
    if (Array.isArray(schema.examples) && schema.examples.length > 0) return schema.examples[0];
    if (schema.example !== undefined) return schema.example;
    if ("const" in schema) return schema.const;
    if (Array.isArray(schema.enum)) return schema.enum[0];
    if ("default" in schema) return schema.default;
    for (const key of ["anyOf", "oneOf"]) {
      if (Array.isArray(schema[key])) {
        // null is the shortest value a nullable input can take; otherwise the first branch.
        if (schema[key].some((b) => this.onlyNull(b))) return null;
        return this.value(schema[key][0], name, depth + 1);
      }
    }
    if (Array.isArray(schema.allOf)) {
      return Object.assign({}, ...schema.allOf.map((part) => this.value(part, name, depth + 1)));
    }
    const types = this.types(schema);
    if (types.includes("null")) return null;
    switch (types[0]) {
      case "string":
        return this.string(schema, name);
      case "integer":
      case "number":
        return this.number(schema, types[0]);
      case "boolean":
        return true;
      case "array":
        return Array.from({ length: schema.minItems ?? 0 }, () => this.value(schema.items, name, depth + 1));
      case "object":
      case undefined: {
        /** @type {Record<string, unknown>} */
        const object = {};
        for (const property of schema.required ?? []) object[property] = this.value(schema.properties?.[property] ?? {}, property, depth + 1);
        return object;
      }
      default:
        throw new Error(`typed-call: no value for type ${types[0]} (${name})`);
    }
  }

  string(schema, name) {
    if (this.multipart && (schema.format === "binary" || schema.contentMediaType)) {
      return new Code(`new Blob([${JSON.stringify(FILE_CONTENTS)}], { type: "text/csv" })`);
    }
    if (schema.format && FORMAT_SAMPLES[schema.format]) return FORMAT_SAMPLES[schema.format];
    if (schema.pattern) {
      // An anchored literal (`^password$`) is its own sample; anything else needs an example.
      const literal = /^\^([\w-]+)\$$/.exec(schema.pattern);
      if (literal) return literal[1];
      throw new Error(`typed-call: ${name} has the pattern ${schema.pattern}; give it an example in the spec`);
    }
    // The field's own name is a readable placeholder, fitted to the length bounds.
    const min = schema.minLength ?? 1;
    const max = schema.maxLength ?? Infinity;
    return name.padEnd(min, "x").slice(0, Math.max(min, Math.min(max, name.length)));
  }

  number(schema, type) {
    let value = schema.minimum ?? (schema.exclusiveMinimum !== undefined ? schema.exclusiveMinimum + (type === "integer" ? 1 : 0.5) : 1);
    if (schema.maximum !== undefined && value > schema.maximum) value = schema.maximum;
    if (schema.exclusiveMaximum !== undefined && value >= schema.exclusiveMaximum) value = schema.exclusiveMaximum - (type === "integer" ? 1 : 0.5);
    return value;
  }
}
