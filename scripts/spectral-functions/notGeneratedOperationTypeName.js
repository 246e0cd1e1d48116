// Spectral function: Go's oapi-codegen declares types of its own for each operation, named
// <OperationId><Suffix> (its parameters, its request bodies, the wrapper of its answer). A schema
// with one of those names is declared twice and the generated client does not compile. Given `$`,
// it reports each schema named so; `allowed` lists the names the contract already had when the
// check came (they stay, since renaming them would break every client; the Go check moves the
// answer wrapper to another suffix instead).
import { operationsOf } from "../../src/contract/openapi-document.js";

export default function notGeneratedOperationTypeName(document, options) {
  const schemas = document?.components?.schemas ?? {};
  const allowed = new Set(options?.allowed ?? []);
  const results = [];
  for (const { operation } of operationsOf(document ?? {})) {
    const id = operation?.operationId;
    if (typeof id !== "string" || id.length === 0) continue;
    const stem = id[0].toUpperCase() + id.slice(1);
    for (const suffix of options?.suffixes ?? []) {
      const name = `${stem}${suffix}`;
      if (name in schemas && !allowed.has(name)) {
        results.push({
          message: `schema '${name}' has the name oapi-codegen gives an operation type of '${id}' (<OperationId>${suffix}): Go's generated client would declare it twice; rename the schema for what it holds (keep the service's own name in x-service-name)`,
          path: ["components", "schemas", name],
        });
      }
    }
  }
  return results;
}
