// Small helpers for walking an OpenAPI document; shared by the scripts and the tests.
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
