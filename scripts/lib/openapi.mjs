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

/** Follows a local `#/components/...` reference; other values come back unchanged. */
export function deref(document, value) {
  let current = value;
  const seen = new Set();
  while (current && typeof current === "object" && typeof current.$ref === "string" && current.$ref.startsWith("#/")) {
    if (seen.has(current.$ref)) throw new Error(`circular $ref ${current.$ref}`);
    seen.add(current.$ref);
    current = current.$ref
      .slice(2)
      .split("/")
      .map((part) => part.replace(/~1/g, "/").replace(/~0/g, "~"))
      .reduce((node, key) => node?.[key], document);
  }
  return current;
}
