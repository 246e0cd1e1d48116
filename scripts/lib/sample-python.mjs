// The Python code sample of one operation: the request of sample-request.mjs sent with
// `requests`, the answer checked with raise_for_status() and printed (JSON as data, a file as
// text). Credentials come from the environment variables the TypeScript client reads.
import { isJsonMediaType } from "../../src/contract/media-type.js";
import { HTTP_METHODS, resolveRef } from "../../src/contract/openapi-document.js";
import { sampleRequest } from "./sample-request.mjs";

const INDENT = "    ";
/** requests has a shortcut function for every method but TRACE, which goes through requests.request(). */
const hasShortcut = (method) => HTTP_METHODS.includes(method.toLowerCase()) && method !== "TRACE";
/** A sample never waits forever: requests has no timeout of its own. */
const TIMEOUT_SECONDS = 30;

/**
 * @param {object} document the bundled OpenAPI document
 * @param {{ method: string, path: string, operation: object }} entry
 * @returns {string} a whole Python program
 */
export function pythonSample(document, entry) {
  const request = sampleRequest(document, entry);
  const { method, credential, body } = request;
  const callee = hasShortcut(method) ? `requests.${method.toLowerCase()}(` : `requests.request(${JSON.stringify(method)}, `;
  /** @type {string[]} keyword arguments, as `name=value` */
  const args = [JSON.stringify(request.url)];
  if (request.query.length > 0) args.push(`params=${pythonSource(groupQuery(request.query))}`);
  const headers = request.headers.map(([name, value]) => [JSON.stringify(name), JSON.stringify(value)]);
  if (credential?.kind === "apiKey") headers.unshift([JSON.stringify(credential.header), 'os.environ["SERVICE_API_KEY"]']);
  if (credential?.kind === "bearer") headers.unshift(['"Authorization"', 'f"Bearer {os.environ[\'SERVICE_JWT\']}"']);
  if (headers.length > 0) args.push(`headers={${headers.map(([name, value]) => `${name}: ${value}`).join(", ")}}`);
  if (credential?.kind === "basic") args.push('auth=(os.environ["SERVICE_USERNAME"], os.environ["SERVICE_PASSWORD"])');
  if (body?.kind === "json") args.push(`json=${pythonSource(body.value)}`);
  const files = body?.kind === "multipart" ? body.files : [];
  // requests writes a multipart body only when it has files to send; a form of fields alone goes
  // as files too, each part with no file name (None), or it would be sent URL-encoded.
  if (body?.kind === "multipart" && files.length === 0) args.push(`files={${body.fields.map(([name, value]) => `${JSON.stringify(name)}: (None, ${JSON.stringify(value)})`).join(", ")}}`);
  else if (body?.kind === "form" || (body?.kind === "multipart" && body.fields.length > 0)) args.push(`data=${pythonSource(Object.fromEntries(body.fields))}`);
  if (files.length > 1) throw new Error(`sample-python: ${entry.operation.operationId} uploads ${files.length} files; samples handle one`);
  if (files.length === 1) {
    const [[name, file]] = files;
    args.push(`files={${JSON.stringify(name)}: (${JSON.stringify(file.name)}, upload, ${JSON.stringify(file.type)})}`);
  }
  args.push(`timeout=${TIMEOUT_SECONDS}`);

  const call = [`response = ${callee}`, ...args.map((arg) => `${INDENT}${indentTail(arg, INDENT)},`), ")"];
  // The file is opened in a `with` block so that it is closed once it is sent.
  const send = files.length === 1 ? [`with open(${JSON.stringify(files[0][1].name)}, "rb") as upload:`, ...call.map((line) => `${INDENT}${line}`)] : call;
  const imports = credential ? ["import os", "", "import requests"] : ["import requests"];
  return [...imports, "", ...send, "response.raise_for_status()", answersJson(document, entry.operation) ? "print(response.json())" : "print(response.text)", ""].join("\n");
}

/** Whether the success answer is JSON (the others here are files, printed as text). */
function answersJson(document, operation) {
  const [, response] = Object.entries(operation.responses ?? {}).find(([status]) => /^2/.test(status)) ?? [];
  const content = Object.keys(resolveRef(document, response)?.content ?? {});
  return content.some(isJsonMediaType);
}

/** Query pairs as requests takes them: one key per name, a list for a repeated one. */
function groupQuery(pairs) {
  /** @type {Record<string, string | string[]>} */
  const grouped = {};
  for (const [name, value] of pairs) {
    const held = grouped[name];
    grouped[name] = held === undefined ? value : [...(Array.isArray(held) ? held : [held]), value];
  }
  return grouped;
}

function indentTail(text, indent) {
  return text.split("\n").join(`\n${indent}`);
}

/**
 * A Python literal for JSON data: dicts and lists on one line when short, otherwise one entry
 * per line (4 spaces, as PEP 8 has it).
 */
export function pythonSource(value, indent = "") {
  const inline = inlinePython(value);
  if (inline.length <= 72 || value === null || typeof value !== "object") return inline;
  const inner = `${indent}${INDENT}`;
  if (Array.isArray(value)) return `[\n${value.map((item) => `${inner}${pythonSource(item, inner)},`).join("\n")}\n${indent}]`;
  const entries = Object.entries(value).map(([key, item]) => `${inner}${JSON.stringify(key)}: ${pythonSource(item, inner)},`);
  return `{\n${entries.join("\n")}\n${indent}}`;
}

function inlinePython(value) {
  if (value === null) return "None";
  if (value === true) return "True";
  if (value === false) return "False";
  if (Array.isArray(value)) return `[${value.map(inlinePython).join(", ")}]`;
  if (typeof value === "object") return `{${Object.entries(value).map(([key, item]) => `${JSON.stringify(key)}: ${inlinePython(item)}`).join(", ")}}`;
  // JSON's string and number forms are valid Python literals too.
  return JSON.stringify(value);
}
