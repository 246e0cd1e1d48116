// Ajv set up for the contract: JSON Schema 2020-12 (the dialect of OpenAPI 3.1) with the formats
// OpenAPI names. One instance per validator; schemas are compiled on first use.
import { Ajv2020 } from "ajv/dist/2020.js";
import * as ajvFormats from "ajv-formats";

// ajv-formats is CommonJS whose `module.exports` is the plugin: what an ES namespace's `default`
// holds under Node's rules and esbuild's alike (TypeScript types it as the whole module).
const addFormats = ajvFormats.default as unknown as (ajv: Ajv2020) => unknown;

export type Ajv = Ajv2020;
export type { ErrorObject, ValidateFunction } from "ajv/dist/2020.js";

/**
 * `strict: false`: the contract carries OpenAPI's own keywords (`discriminator`, `example`,
 * `x-…`) beside JSON Schema's; they describe, they do not constrain. `discriminator` is only a
 * hint on top of `oneOf`, so validating the `oneOf` itself is the whole rule.
 * `verbose`: errors keep the schema and data they failed on, which the readable problems need
 * (the alternatives of a failed `oneOf`, the type of the value found).
 */
export function createAjv(): Ajv {
  const ajv = new Ajv2020({ strict: false, allErrors: true, verbose: true, validateSchema: false, addUsedSchema: false });
  addFormats(ajv);
  return ajv;
}
