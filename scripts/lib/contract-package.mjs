// The companion package `service-api-contract` (packages/contract/): every edition of the contract
// for tools, published from this repository in lockstep with `service-api`, so the client's own
// install stays small. Its editions are not committed there: they are copied from generated/, the
// one source, when it is packed (its `prepack`, and scripts/lib/pack.mjs for the checks).
import { copyFileSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { ensureUncommittedOutputs } from "./build-steps.mjs";
import { generatedDir, repoRoot } from "./paths.mjs";

export const CONTRACT_PACKAGE_DIR = path.join(repoRoot, "packages", "contract");

/** The editions it ships, each under its own name, exported as `service-api-contract/<name>`. */
export const CONTRACT_EDITIONS = ["openapi.json", "openapi.yaml", "openapi-3.0.json", "openapi-3.0.yaml", "openapi.dereferenced.json"];

/**
 * Copies the editions (building the dereferenced one if it is missing or stale: it is not
 * committed) and the licence into packages/contract/, where `npm pack` takes them from. The JSON
 * editions go minified: tools parse them, and their indentation was more than half of the
 * installed package (two thirds of the dereferenced edition). The YAML editions are the ones to read.
 * @returns {string[]} the files it wrote, relative to the package
 */
export function stageContract() {
  ensureUncommittedOutputs();
  for (const name of CONTRACT_EDITIONS) {
    const from = path.join(generatedDir, name);
    const to = path.join(CONTRACT_PACKAGE_DIR, name);
    if (name.endsWith(".json")) writeFileSync(to, `${JSON.stringify(JSON.parse(readFileSync(from, "utf8")))}\n`);
    else copyFileSync(from, to);
  }
  copyFileSync(path.join(repoRoot, "LICENSE"), path.join(CONTRACT_PACKAGE_DIR, "LICENSE"));
  return [...CONTRACT_EDITIONS, "LICENSE"];
}
