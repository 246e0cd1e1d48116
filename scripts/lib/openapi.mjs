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
