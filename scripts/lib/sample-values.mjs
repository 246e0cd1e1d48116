// The example values every generated sample of an operation uses, chosen in one place so that
// the typed call (typed-call.mjs) and the curl and Python samples (code-samples.mjs) send the same
// request: the parameters the spec requires and a required body with its required properties,
// with values from the spec's examples, enums, formats and bounds. Nothing here writes source
// text; each language prints these values its own way.
import { isJsonMediaType } from "../../src/contract/media-type.js";
import { resolveRef } from "../../src/contract/openapi-document.js";

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

/** Values for the servers' URL variables (`https://api.{domain}`): the deployment the docs use. */
const SERVER_VARIABLE_SAMPLES = {
  domain: "acme.example",
};

/** A file a sample uploads: a small CSV, which every upload of the service takes. */
export class SampleFile {
  name = "data.csv";
  type = "text/csv";
  contents = "input,output\nhello,world\n";
}

/**
 * The address a sample calls: the first server meant for users (not `x-internal`), its variables
 * filled in, without a trailing slash.
 *
 * @param {object} document the bundled OpenAPI document
 */
export function sampleServerUrl(document) {
  const server = (document.servers ?? []).find((candidate) => candidate["x-internal"] !== true);
  if (!server) throw new Error("sample-values: the spec lists no server for users (all are x-internal)");
  const url = server.url.replace(/\{([^}]+)\}/g, (_, name) => {
    const value = SERVER_VARIABLE_SAMPLES[name] ?? server.variables?.[name]?.default;
    if (value === undefined) throw new Error(`sample-values: no value for the server variable ${name}`);
    return value;
  });
  return url.replace(/\/+$/, "");
}

/**
 * The inputs of the smallest valid request of one operation.
 * `params` holds only the locations that have a required parameter, in openapi-fetch's order
 * (path, query, header), whatever order the spec lists them in; cookies are left out. `body` is
 * there when the operation requires one: its media type and value, with a `SampleFile` for each
 * file field of a multipart body.
 *
 * With `requestExample`, a JSON body is the request example the spec gives (what the code samples
 * show a reader), even when it carries optional fields or the body is optional; without it, or when
 * there is no example, the body is built from the schema's required properties alone (what the
 * minimal typed call of every operation needs).
 *
 * @param {object} document the bundled OpenAPI document
 * @param {{ operation: object }} entry one operation, as `operationsOf` yields it
 * @param {{ requestExample?: boolean }} [options]
 * @returns {{ params: Record<string, Record<string, unknown>>, body?: { mediaType: string, value: unknown } }}
 */
export function sampleInputs(document, { operation }, { requestExample = false } = {}) {
  const resolve = (value) => resolveRef(document, value);
  /** @type {Record<string, Record<string, unknown>>} */
  const found = {};
  for (const parameter of (operation.parameters ?? []).map(resolve)) {
    if (!parameter.required || parameter.in === "cookie") continue;
    (found[parameter.in] ??= {})[parameter.name] = parameterValue(resolve, parameter);
  }
  const params = Object.fromEntries(["path", "query", "header"].filter((where) => found[where]).map((where) => [where, found[where]]));
  const requestBody = resolve(operation.requestBody);
  const [mediaType, media] = Object.entries(requestBody?.content ?? {})[0] ?? [];
  if (!media) return { params };
  const example = requestExample && isJsonMediaType(mediaType) ? exampleOf(resolve, media) : undefined;
  if (example !== undefined) return { params, body: { mediaType, value: example } };
  if (!requestBody.required) return { params };
  return { params, body: { mediaType, value: new Sampler(resolve, mediaType === "multipart/form-data").value(media.schema, "body") } };
}

/** A media type's example: `example`, or the first of its named `examples`. */
function exampleOf(resolve, media) {
  if (media.example !== undefined) return media.example;
  const [first] = Object.values(media.examples ?? {});
  return first === undefined ? undefined : resolve(first).value;
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

/**
 * The smallest valid value of a schema (required properties only, shortest branches), as the
 * samples build a body; the typed-model checks in other languages use it too.
 *
 * @param {object} document the bundled OpenAPI document
 * @param {object} schema a schema or a reference to one
 * @param {string} name what the value is for (a readable placeholder for text)
 */
export function sampleValue(document, schema, name) {
  return new Sampler((value) => resolveRef(document, value), false).value(schema, name);
}

/** Builds the smallest valid value of a schema: required properties only, shortest branches. */
class Sampler {
  /** @param {boolean} multipart whether binary strings are files (a `SampleFile`) */
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
    if (depth > 12) throw new Error(`sample-values: ${name} nests deeper than 12 levels without an optional way out`);
    const schema = this.resolve(schemaOrRef) ?? {};
    // A multipart form's own example writes its file as text; built field by field, the file is a file.
    const wholeExample = !(this.multipart && this.types(schema).includes("object"));
    if (wholeExample && Array.isArray(schema.examples) && schema.examples.length > 0) return schema.examples[0];
    if (wholeExample && schema.example !== undefined) return schema.example;
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
        throw new Error(`sample-values: no value for type ${types[0]} (${name})`);
    }
  }

  string(schema, name) {
    if (this.multipart && (schema.format === "binary" || schema.contentMediaType === "application/octet-stream")) return new SampleFile();
    if (schema.format && FORMAT_SAMPLES[schema.format]) return FORMAT_SAMPLES[schema.format];
    if (schema.pattern) {
      // An anchored literal (`^password$`) is its own sample; anything else needs an example.
      const literal = /^\^([\w-]+)\$$/.exec(schema.pattern);
      if (literal) return literal[1];
      throw new Error(`sample-values: ${name} has the pattern ${schema.pattern}; give it an example in the spec`);
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
