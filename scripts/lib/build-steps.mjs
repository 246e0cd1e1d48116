// The steps that write generated/, in order. Each takes `--out <dir>` (default generated/).
// build-spec, check-drift, npm start and npm run check all run exactly this list.
import { mkdirSync, mkdtempSync, rmSync, existsSync, statSync } from "node:fs";
import path from "node:path";
import { generatedDir, repoRoot } from "./paths.mjs";
import { moveChangedFiles } from "./move-changed.mjs";
import { runNode } from "./run.mjs";

export const BUILD_STEPS = ["scripts/bundle.mjs", "scripts/generate.ts", "scripts/convert-3.0.mjs", "scripts/dereference.mjs"];

/**
 * Outputs the steps write into generated/ that are built, shipped in the npm package and kept out
 * of git (see .gitignore): the fully dereferenced edition is 18 MB and churns about a thousand
 * lines for a small spec change, so a reviewer would only scroll past it. check-drift skips them.
 */
export const UNCOMMITTED_OUTPUTS = ["openapi.dereferenced.json"];

/** The step that writes each uncommitted output from the committed bundle (generated/openapi.json). */
const UNCOMMITTED_OUTPUT_STEPS = { "openapi.dereferenced.json": "scripts/dereference.mjs" };

/**
 * Builds each uncommitted output that is missing (a fresh clone) or older than the bundle it is
 * made from, so packing and the tests that read it work without a full `npm run build:spec`.
 * @returns {string[]} the outputs it built
 */
export function ensureUncommittedOutputs() {
  const bundle = statSync(path.join(generatedDir, "openapi.json")).mtimeMs;
  const built = [];
  for (const name of UNCOMMITTED_OUTPUTS) {
    const file = path.join(generatedDir, name);
    if (existsSync(file) && statSync(file).mtimeMs >= bundle) continue;
    const step = UNCOMMITTED_OUTPUT_STEPS[name];
    runNode(step);
    built.push(name);
  }
  return built;
}

/**
 * Runs every step; throws with the failing step's output. `inherit` shows their output live.
 * With an `outDir` the steps write there directly (check-drift's scratch folder). Without one they
 * build into a scratch folder beside generated/ and only the files whose bytes changed are moved
 * in, each by an atomic rename: a running mock (`npm run mock` follows the bundle) or a test that
 * reads generated/ never sees a half-written file, and unchanged files keep their timestamps.
 * @returns {string[]} the names of the files that changed in generated/ (empty with an outDir)
 */
export function runBuildSteps({ outDir, inherit = false } = {}) {
  if (outDir) {
    runSteps(outDir, inherit);
    return [];
  }
  const scratchRoot = path.join(repoRoot, "build");
  mkdirSync(scratchRoot, { recursive: true });
  const scratch = mkdtempSync(path.join(scratchRoot, ".generated-"));
  try {
    runSteps(scratch, inherit);
    // A clone whose generated/ was deleted rebuilds it from nothing.
    mkdirSync(generatedDir, { recursive: true });
    return moveChangedFiles(scratch, generatedDir);
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}

function runSteps(outDir, inherit) {
  for (const step of BUILD_STEPS) {
    // TypeScript steps (generate.ts reads the client's own rules from src/) run through tsx.
    runNode(step, ["--out", outDir], { stdio: inherit ? "inherit" : "pipe" });
  }
}
