// Spectral function: names that differ only by letter case collide in generated code (file names
// on case-insensitive file systems, Go's exported names, snake_case method names). Given
// `$.components.schemas` it compares the schema names; given `$.paths` it compares operationIds.
import { operationsOf } from "../../src/contract/openapi-document.js";

export default function uniqueIgnoringCase(target, _options, context) {
  const names = [];
  const atPaths = context.path.length === 1 && context.path[0] === "paths";
  if (atPaths) {
    for (const { method, path: route, operation } of operationsOf({ paths: target ?? {} })) {
      if (typeof operation?.operationId === "string") names.push({ name: operation.operationId, path: ["paths", route, method.toLowerCase(), "operationId"] });
    }
  } else {
    for (const name of Object.keys(target ?? {})) names.push({ name, path: [...context.path, name] });
  }
  const seen = new Map();
  const results = [];
  for (const { name, path } of names) {
    const key = name.toLowerCase().replace(/[_-]/g, "");
    const first = seen.get(key);
    if (first === undefined) seen.set(key, name);
    else {
      results.push({
        message: `'${name}' differs from '${first}' only by case or separators: generated names would collide; rename one of them`,
        path,
      });
    }
  }
  return results;
}
