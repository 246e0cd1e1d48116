// The spec pipeline and the tests, each step once, timed, with the load average before and after
// (the machine is shared: a figure means little without it). Every step but `npm run check` writes
// to a scratch folder, never to generated/; the check rebuilds generated/ and leaves it as it was
// when the tree is clean. `npm test` and `npm run check` are the loop: their times are reported
// with the load, and are not goals (issue 37), here or in CI.
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { binDir, repoRoot } from "../scripts/lib/paths.mjs";
import { run } from "../scripts/lib/run.mjs";
import { round1 } from "./stats.mjs";

const vitest = path.join(binDir, "vitest");

/** Runs a command in the repo and returns its wall time in seconds; throws with its output on failure. */
export function timeCommand(command, args) {
  const t0 = performance.now();
  run(command, args, { env: { CI: "true" }, timeoutMs: 900_000 });
  return round1((performance.now() - t0) / 1000);
}

/** The 1-minute load average (Linux; null elsewhere). */
export function loadAverage() {
  try {
    return Number(readFileSync("/proc/loadavg", "utf8").split(" ")[0]);
  } catch {
    return null;
  }
}

/**
 * Each step's seconds (null for one that failed, its first line of error in `failed`), and the
 * load average before and after it (`load[step] = [before, after]`).
 */
export async function pipelineTimes({ buildSeconds, fullTests }) {
  const scratch = mkdtempSync(path.join(os.tmpdir(), "service-api-bench-"));
  const steps = {};
  const load = {};
  // A step that fails is recorded as failed (no time), and the run goes on: the figures taken
  // before it are not lost to, say, a test that fails in `npm run check`.
  const failed = {};
  const timed = (step, command, args) => {
    const before = loadAverage();
    try {
      steps[step] = timeCommand(command, args);
    } catch (error) {
      steps[step] = null;
      // The command, and what names the failure (vitest's FAIL lines), not the whole output.
      const lines = String(error instanceof Error ? error.message : error).trim().split("\n");
      failed[step] = [lines[0], ...lines.filter((line) => /\bFAIL\b|Error:/.test(line)).slice(0, 5)].join(" | ");
    }
    load[step] = [before, loadAverage()];
  };
  try {
    timed("lint: redocly", "npm", ["run", "--silent", "lint:redocly"]);
    timed("lint: spectral", "npm", ["run", "--silent", "lint:spectral"]);
    timed("bundle (redocly bundle → openapi.{yaml,json})", process.execPath, ["--import", "tsx", "scripts/bundle.mjs", "--out", scratch]);
    // Reads the openapi.json the bundle step just wrote into the scratch folder.
    timed("type generation (schema.d.ts + operations.ts)", process.execPath, ["--import", "tsx", "scripts/generate.ts", "--out", scratch]);
    timed("docs (redocly build-docs, inlined)", process.execPath, ["--import", "tsx", "scripts/docs.mjs", path.join(scratch, "docs.html")]);
    steps["client build (tsup: ESM + CJS + d.ts)"] = buildSeconds;
    const { startPrism } = await import(path.join(repoRoot, "scripts", "lib", "prism.mjs"));
    const before = loadAverage();
    const t0 = performance.now();
    const prism = await startPrism();
    steps["Prism start-up (until it answers)"] = round1((performance.now() - t0) / 1000);
    load["Prism start-up (until it answers)"] = [before, loadAverage()];
    await prism.stop();
    timed(LOOP_STEPS.check, "npm", ["run", "--silent", "check"]);
    timed(LOOP_STEPS.test, "npm", ["test", "--silent"]);
    if (fullTests) timed("tests: whole suite (vitest run)", vitest, ["run"]);
    else timed("tests: contract (--project contract, with Prism)", vitest, ["run", "--project", "contract"]);
    return { steps, load, failed };
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}

/** The loop's two commands, as the pipeline names them (goals.mjs reads them by these names). */
export const LOOP_STEPS = { check: "npm run check (the maintainer's loop)", test: "npm test (the fast tier)" };
