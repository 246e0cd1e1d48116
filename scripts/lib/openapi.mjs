// Small helpers for walking an OpenAPI document; shared by the scripts and the tests.
// The scripts' method list, in plain JavaScript for Node without a TypeScript loader. The client's
// (src/policy-defaults.ts) is the same list; test/unit/policies.test.ts holds the two equal.
export const HTTP_METHODS = new Set(["get", "put", "post", "delete", "options", "head", "patch", "trace"]);

/** Yields { method, path, operation, pathItem } for every operation, in document order. */
export function* operationsOf(document) {
  for (const [path, pathItem] of Object.entries(document.paths ?? {})) {
    for (const [method, operation] of Object.entries(pathItem)) {
      if (HTTP_METHODS.has(method)) yield { method: method.toUpperCase(), path, operation, pathItem };
    }
  }
}

/**
 * The node a local reference ("#/components/schemas/Name") points at. The spec only uses local
 * references, so anything else, or a pointer to nothing, is an error rather than a silent undefined.
 */
export function resolvePointer(document, ref) {
  if (!ref.startsWith("#/")) throw new Error(`only local references are supported, got ${ref}`);
  const target = ref
    .slice(2)
    .split("/")
    .map((part) => part.replace(/~1/g, "/").replace(/~0/g, "~"))
    .reduce((node, key) => node?.[key], document);
  if (target === undefined) throw new Error(`${ref} points at nothing`);
  return target;
}

/** Follows a chain of references to the first node that is not one (siblings of a $ref are not merged). */
export function resolveRef(document, node) {
  let current = node;
  while (current && typeof current.$ref === "string") current = resolvePointer(document, current.$ref);
  return current;
}

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
    walkObjects(child, visit, `${pointer}/${key.replace(/~/g, "~0").replace(/\//g, "~1")}`, key);
  }
}
