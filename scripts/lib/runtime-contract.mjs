// The contract as the package's code reads it at run time (`service-api/openapi.json`): the whole
// bundle without its prose. The validator, the mock and verify read schemas, formats, enums,
// defaults, examples, discriminators, `deprecated` and the extensions that carry policy
// (x-service-name, x-pagination, x-idempotent, x-side-effect); none of them reads a description,
// a summary, a title or a code sample, which are nearly half of the file. Written by
// scripts/finish-build.mjs; the whole contract ships in service-api-contract, and gzipped beside
// this one for `service-api mock` to publish (CONTRIBUTING, "What each shipped file carries").
import { NAMED_MAPS, PROSE } from "./openapi-keywords.mjs";

/** Dropped besides the prose: titles (annotations nothing reads) and the words for each enum value. */
const DROPPED = new Set([...PROSE, "title", "x-enumDescriptions"]);

/**
 * The words OpenAPI requires, kept so that the runtime document stays a valid document for any
 * tool handed it: a Response object's `description` and the `info.title`.
 */
const REQUIRED = { response: "description", info: "title" };

/**
 * Kept exactly, whatever keys they hold: values the API sends or takes (an Example object's
 * `value` among them), and security requirements, whose keys are the schemes' names.
 */
const KEPT_WHOLE = new Set(["example", "default", "enum", "const", "value", "security"]);

/**
 * `node` without its prose, as a new value. `kind` says what `node` is where it is not a plain
 * OpenAPI or JSON Schema object: "named", a map from the API's names to definitions; "response"
 * and "info", the objects that keep a word OpenAPI requires (REQUIRED).
 * @param {unknown} node
 * @param {"object" | "named" | keyof typeof REQUIRED} [kind]
 * @returns {unknown}
 */
export function runtimeContract(node, kind = "object") {
  if (Array.isArray(node)) return node.map((item) => runtimeContract(item));
  if (!node || typeof node !== "object") return node;
  const kept = {};
  for (const [key, child] of Object.entries(node)) {
    if (key.startsWith("x-") && DROPPED.has(key)) continue;
    if (key.startsWith("x-") || (kind !== "named" && KEPT_WHOLE.has(key))) kept[key] = child;
    else if (kind === "named") kept[key] = runtimeContract(child);
    else if (DROPPED.has(key) && REQUIRED[kind] !== key) continue;
    // A schema's `examples` is a list of values; a parameter's or a media type's is a map of
    // Example objects, whose summary and description are prose.
    else if (key === "examples") kept[key] = Array.isArray(child) ? child : runtimeContract(child, "named");
    else if (key === "responses") kept[key] = Object.fromEntries(Object.entries(child).map(([status, answer]) => [status, runtimeContract(answer, "response")]));
    else kept[key] = runtimeContract(child, key === "info" ? "info" : NAMED_MAPS.has(key) ? "named" : "object");
  }
  return kept;
}
