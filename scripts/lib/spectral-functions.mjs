// Spectral's custom functions (scripts/spectral-functions/), each bundled into one plain
// JavaScript file in .cache/spectral-functions/, which .spectral.yaml's functionsDir names.
// Spectral loads a function itself, as `<functionsDir>/<name>.js` (resolved from the ruleset's own
// folder), and bundles it with rollup, which has no TypeScript step: it cannot read the document
// model in src/contract/, which is TypeScript. tsup (already the client's bundler) inlines what a
// function imports from src/ and scripts/lib; npm packages stay imports, as Spectral left them.
import { mkdirSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import path from "node:path";
import { build } from "tsup";
import { moveChangedFiles } from "./move-changed.mjs";
import { repoRoot } from "./paths.mjs";

const sources = path.join(repoRoot, "scripts", "spectral-functions");
export const spectralFunctionsDir = path.join(repoRoot, ".cache", "spectral-functions");

/**
 * Bundles every function into .cache/spectral-functions/, through a scratch folder beside it (see
 * move-changed.mjs): tests lint side by side, and a Spectral run never reads half a file.
 * @returns {Promise<string[]>} the names of the files it wrote
 */
export async function bundleSpectralFunctions() {
  const entry = Object.fromEntries(
    readdirSync(sources)
      .filter((file) => file.endsWith(".js"))
      .map((file) => [path.basename(file, ".js"), path.join(sources, file)]),
  );
  mkdirSync(spectralFunctionsDir, { recursive: true });
  const scratch = mkdtempSync(path.join(spectralFunctionsDir, ".build-"));
  try {
    await build({
      config: false,
      entry,
      outDir: scratch,
      format: ["esm"],
      outExtension: () => ({ js: ".js" }),
      platform: "node",
      target: "node20",
      bundle: true,
      splitting: false,
      skipNodeModulesBundle: true,
      dts: false,
      sourcemap: false,
      clean: false,
      silent: true,
      tsconfig: path.join(repoRoot, "tsconfig.json"),
    });
    return moveChangedFiles(scratch, spectralFunctionsDir);
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}
