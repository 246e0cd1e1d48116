// `npm test` and `npm run test:all`: vitest over a tier of scripts/lib/test-tiers.mjs, with any
// further arguments passed on (`npm test -- test/unit/retries.test.ts`, `-- --reporter=verbose`).
import { spawnSync } from "node:child_process";
import os from "node:os";
import path from "node:path";
import { binDir, repoRoot } from "./lib/paths.mjs";
import { vitestArgs } from "./lib/test-tiers.mjs";

const [selection = "fast", ...rest] = process.argv.slice(2);
// vitest's default is one worker fewer than the cores: one worker on two. The fast tier is CPU
// work in short files (the linters wait on their own processes), so it takes every core.
const workers = selection === "fast" ? [`--maxWorkers=${Math.max(2, os.availableParallelism())}`] : [];
const result = spawnSync(path.join(binDir, "vitest"), ["run", ...vitestArgs(selection), ...workers, ...rest], { cwd: repoRoot, stdio: "inherit" });
if (result.error) throw result.error;
process.exit(result.status ?? 1);
