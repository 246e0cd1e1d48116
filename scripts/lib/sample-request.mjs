// The HTTP request a code sample sends for one operation, in terms any language can print: the
// URL (server, path parameters filled in), query pairs, the credential the operation accepts,
// header parameters and the body by its encoding. The values are sample-values.mjs's, so curl,
// Python and the typed TypeScript call send the same request.
import { isJsonMediaType } from "../../src/contract/media-type.js";
import { SampleFile, sampleInputs, sampleServerUrl } from "./sample-values.mjs";

/**
 * The credential a sample sends, in the order a user is advised to use them: the API key, then
 * Basic (email and password), then a JWT. Each names the environment variable the client reads.
 */
const CREDENTIALS = [
  { kind: "apiKey", matches: (scheme) => scheme.type === "apiKey" && scheme.in === "header" },
  { kind: "basic", matches: (scheme) => scheme.type === "http" && scheme.scheme?.toLowerCase() === "basic" },
  { kind: "bearer", matches: (scheme) => scheme.type === "http" && scheme.scheme?.toLowerCase() === "bearer" },
];

/**
 * The one credential a sample sends for `operation`, or undefined when it is public.
 *
 * @returns {{ kind: "apiKey", header: string } | { kind: "basic" } | { kind: "bearer" } | undefined}
 */
export function sampleCredential(document, operation) {
  const requirements = operation.security ?? document.security ?? [];
  // `security: []`, or an empty alternative (`- {}`), means a call may go without credentials.
  if (requirements.length === 0 || requirements.some((alternative) => Object.keys(alternative).length === 0)) return undefined;
  const schemes = requirements.map((alternative) => {
    const names = Object.keys(alternative);
    if (names.length > 1) throw new Error(`sample-request: ${operation.operationId} requires ${names.join(" and ")} together; samples send one credential`);
    const scheme = document.components?.securitySchemes?.[names[0]];
    if (!scheme) throw new Error(`sample-request: ${operation.operationId} names the unknown security scheme ${names[0]}`);
    return scheme;
  });
  for (const { kind, matches } of CREDENTIALS) {
    const scheme = schemes.find(matches);
    if (scheme) return kind === "apiKey" ? { kind, header: scheme.name } : { kind };
  }
  throw new Error(`sample-request: ${operation.operationId} accepts no credential a sample can send`);
}

/**
 * @typedef {{ kind: "json", value: unknown }
 *   | { kind: "form", fields: [string, string][] }
 *   | { kind: "multipart", fields: [string, string][], files: [string, SampleFile][] }} SampleBody
 */

/**
 * @param {object} document the bundled OpenAPI document
 * @param {{ method: string, path: string, operation: object }} entry
 * @returns {{
 *   method: string, url: string, query: [string, string][], headers: [string, string][],
 *   credential: ReturnType<typeof sampleCredential>, body: SampleBody | undefined,
 * }}
 */
export function sampleRequest(document, entry) {
  const { operation } = entry;
  // The same request as the TypeScript sample: the spec's request example as the body.
  const { params, body } = sampleInputs(document, entry, { requestExample: true });
  const path = entry.path.replace(/\{([^}]+)\}/g, (_, name) => {
    if (!(name in (params.path ?? {}))) throw new Error(`sample-request: ${operation.operationId} has no value for the path parameter ${name}`);
    return encodeURIComponent(scalarText(params.path[name], name));
  });
  return {
    method: entry.method.toUpperCase(),
    url: `${sampleServerUrl(document)}${path}`,
    // Lists are sent the way the client sends them (form style, exploded): `a=1&a=2`.
    query: Object.entries(params.query ?? {}).flatMap(([name, value]) => (Array.isArray(value) ? value : [value]).map((item) => [name, scalarText(item, name)])),
    headers: Object.entries(params.header ?? {}).map(([name, value]) => [name, scalarText(value, name)]),
    credential: sampleCredential(document, operation),
    body: body && bodyOf(operation, body),
  };
}

/** The URL query string of `query` (with its `?`), or "" when there is none. */
export function queryString(query) {
  return query.length === 0 ? "" : `?${query.map(([name, value]) => `${encodeURIComponent(name)}=${encodeURIComponent(value)}`).join("&")}`;
}

/** @returns {SampleBody} */
function bodyOf(operation, { mediaType, value }) {
  if (isJsonMediaType(mediaType)) return { kind: "json", value };
  const entries = Object.entries(value ?? {});
  if (mediaType === "application/x-www-form-urlencoded") return { kind: "form", fields: entries.map(([name, item]) => [name, scalarText(item, name)]) };
  if (mediaType === "multipart/form-data") {
    return {
      kind: "multipart",
      fields: entries.filter(([, item]) => !(item instanceof SampleFile)).map(([name, item]) => [name, scalarText(item, name)]),
      files: entries.filter(([, item]) => item instanceof SampleFile),
    };
  }
  throw new Error(`sample-request: ${operation.operationId} takes ${mediaType}, which no sample can send yet`);
}

/** A parameter or form field as it goes on the wire: a string, number or boolean, as the client takes them. */
function scalarText(value, name) {
  if (value instanceof SampleFile) throw new Error(`sample-request: ${name} is a file in a place that cannot carry one`);
  if (value === null || typeof value === "object") throw new Error(`sample-request: ${name} is ${JSON.stringify(value)}; parameters and form fields take strings, numbers and booleans (lists for query parameters)`);
  return String(value);
}
