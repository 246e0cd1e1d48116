// The whole contract, prose and all, as `service-api mock` publishes it at /openapi.json. In the
// repository that is the bundle the sources import (generated/openapi.json, through
// src/validation/contract.ts). The build swaps this module for ./whole-contract-shipped.ts
// (tsup.config.ts): the package's own openapi.json is the contract without its prose, and the
// whole one ships beside it, gzipped.
import { contract } from "../validation/contract.js";

/** The whole contract as JSON text. */
export async function wholeContract(): Promise<string> {
  return JSON.stringify(contract);
}
