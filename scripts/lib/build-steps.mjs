// The steps that write generated/, in order. Each takes `--out <dir>` (default generated/).
// build-spec, check-drift and npm start all run exactly this list.
import { spawnSync } from "node:child_process";
import path from "node:path";
import { repoRoot } from "./paths.mjs";

export const BUILD_STEPS = ["scripts/bundle.mjs", "scripts/generate.ts", "scripts/convert-3.0.mjs", "scripts/dereference.mjs"];

/** Runs every step; throws with the failing step's output. `inherit` shows their output live. */
export function runBuildSteps({ outDir, inherit = false } = {}) {
  for (const step of BUILD_STEPS) {
    // TypeScript steps (generate.ts reads the client's own rules from src/) run through tsx.
    const loader = step.endsWith(".ts") ? ["--import", "tsx"] : [];
    const args = [...loader, path.join(repoRoot, step), ...(outDir ? ["--out", outDir] : [])];
    const result = spawnSync(process.execPath, args, { cwd: repoRoot, encoding: "utf8", stdio: inherit ? "inherit" : "pipe" });
    if (result.status !== 0) throw new Error(`${step} failed${inherit ? " (see above)" : `:\n${result.stdout}\n${result.stderr}`}`);
  }
}
