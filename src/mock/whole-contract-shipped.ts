// In the package, the whole contract is dist/openapi.full.json.gz, beside the command's own
// dist/cli.js (scripts/finish-build.mjs writes it). The build puts this module in place of
// ./whole-contract.ts (tsup.config.ts).
import { readFile } from "node:fs/promises";
import { gunzipSync } from "node:zlib";

/** The whole contract as JSON text. */
export async function wholeContract(): Promise<string> {
  return gunzipSync(await readFile(new URL("./openapi.full.json.gz", import.meta.url))).toString("utf8");
}
