// A walk over every object of an OpenAPI document, for the scripts that rewrite or inspect the
// document node by node (the docs' copy, the 3.0 edition). Operations, pointers and references
// have their one home in src/contract/openapi-document.ts.
import { pointerSegment } from "../../src/contract/openapi-document.js";

// Keys whose values are data (examples, defaults, enum values) or extensions, not schemas: not
// walked, unless they name a property inside a `properties` map.
const DATA_KEYS = new Set(["example", "examples", "default", "enum", "const"]);

/**
 * Calls visit(node, pointer) on every object of the document's structure (not on arrays, and not
 * inside examples, defaults, enum values or extensions), parents before children.
 */
export function walkObjects(value, visit, pointer = "", parentKey = "") {
  if (Array.isArray(value)) {
    value.forEach((item, index) => walkObjects(item, visit, `${pointer}/${index}`, parentKey));
    return;
  }
  if (!value || typeof value !== "object") return;
  visit(value, pointer);
  for (const [key, child] of Object.entries(value)) {
    if (parentKey !== "properties" && (DATA_KEYS.has(key) || key.startsWith("x-"))) continue;
    walkObjects(child, visit, `${pointer}/${pointerSegment(key)}`, key);
  }
}
