// The smallest typed call a user writes for one operation of the bundled spec, as TypeScript
// source: `await client.POST("/signup_link", { params: { query: { user_email: "…" } } })`.
// Only what the spec requires goes in (path parameters, required query and header parameters,
// a required body with its required properties), with values from the spec's examples, enums,
// formats and bounds (sample-values.mjs, shared with the curl and Python samples), and a `Blob`
// for a file. The contract test compiles one such call per operation under `tsc --strict` and runs
// it against the mock; the TypeScript code sample of each operation (code-samples.mjs) is built
// around the same call.
import { SampleFile, sampleInputs } from "./sample-values.mjs";

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
  return `await ${callSource(document, entry, { ...options, column: "await ".length })}`;
}

/**
 * The call expression alone, without `await`, for code that wraps it (`unwrap(client.GET(...))`).
 *
 * @param {object} document
 * @param {{ method: string, path: string, operation: object }} entry
 * @param {{ client?: string, column?: number, requestExample?: boolean }} [options] `column`: where
 *   the expression starts on its line, so that a long init is broken at the same width wherever the
 *   call is put; `requestExample`: send the spec's request example as the body (sample-values.mjs)
 * @returns {string} e.g. `client.GET("/v1/healthcheck")`
 */
export function callSource(document, entry, { client = "client", column = 0, requestExample = false } = {}) {
  const head = `${client}.${entry.method.toUpperCase()}(${JSON.stringify(entry.path)}`;
  const init = minimalInit(document, entry, { requestExample });
  if (init === undefined) return `${head})`;
  const prefix = `${head}, `;
  return `${prefix}${sourceOf(init, { column: column + prefix.length })})`;
}

/**
 * The init argument of the minimal call (`{ params, body }`), or undefined when the operation
 * requires nothing. File fields are `Code` values; print them with `sourceOf`.
 *
 * @param {object} document
 * @param {{ method: string, path: string, operation: object }} entry
 * @param {{ requestExample?: boolean }} [options] passed to `sampleInputs`
 * @returns {Record<string, unknown> | undefined}
 */
export function minimalInit(document, entry, options = {}) {
  const { params, body } = sampleInputs(document, entry, options);
  /** @type {Record<string, unknown>} */
  const init = {};
  if (Object.keys(params).length > 0) init.params = params;
  if (body) init.body = withBlobs(body.value);
  return Object.keys(init).length > 0 ? init : undefined;
}

/** The value with each sample file as the `Blob` a user passes for it (openapi-fetch sends it as a file part). */
function withBlobs(value) {
  if (value instanceof SampleFile) return new Code(`new Blob([${JSON.stringify(value.contents)}], { type: ${JSON.stringify(value.type)} })`);
  if (Array.isArray(value)) return value.map(withBlobs);
  if (value !== null && typeof value === "object") return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, withBlobs(item)]));
  return value;
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
