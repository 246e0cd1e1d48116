// The spec pipeline and the tests, each step once, timed. Every step writes to a scratch folder,
// never to generated/.
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { binDir, repoRoot } from "../scripts/lib/paths.mjs";
import { run } from "../scripts/lib/run.mjs";
import { round1 } from "./stats.mjs";

const vitest = path.join(binDir, "vitest");

/** Runs a command in the repo and returns its wall time in seconds; throws with its output on failure. */
export function timeCommand(command, args) {
  const t0 = performance.now();
  run(command, args, { env: { CI: "true" } });
  return round1((performance.now() - t0) / 1000);
}

export async function pipelineTimes({ buildSeconds, fullTests }) {
  const scratch = mkdtempSync(path.join(os.tmpdir(), "service-api-bench-"));
  try {
    const steps = {};
    steps["lint: redocly"] = timeCommand("npm", ["run", "--silent", "lint:redocly"]);
    steps["lint: spectral"] = timeCommand("npm", ["run", "--silent", "lint:spectral"]);
    steps["bundle (redocly bundle → openapi.{yaml,json})"] = timeCommand(process.execPath, ["scripts/bundle.mjs", "--out", scratch]);
    // Reads the openapi.json the bundle step just wrote into the scratch folder.
    steps["type generation (schema.d.ts + operations.ts)"] = timeCommand(process.execPath, ["--import", "tsx", "scripts/generate.ts", "--out", scratch]);
    steps["docs (redocly build-docs, inlined)"] = timeCommand(process.execPath, ["scripts/docs.mjs", path.join(scratch, "docs.html")]);
    steps["client build (tsup: ESM + CJS + d.ts)"] = buildSeconds;
    const { startPrism } = await import(path.join(repoRoot, "scripts", "lib", "prism.mjs"));
    const t0 = performance.now();
    const prism = await startPrism();
    steps["Prism start-up (until it answers)"] = round1((performance.now() - t0) / 1000);
    await prism.stop();
    if (fullTests) {
      steps["tests: whole suite (vitest run)"] = timeCommand(vitest, ["run"]);
    } else {
      steps["tests: unit + transport + spec (Node only)"] = timeCommand(vitest, ["run", "--project", "unit", "--project", "transport", "--project", "spec"]);
      steps["tests: contract (--project contract, with Prism)"] = timeCommand(vitest, ["run", "--project", "contract"]);
    }
    return steps;
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}
