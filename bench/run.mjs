// `npm run bench`: every benchmark of bench/README.md in one run, on this machine, in this order:
// client build (timed, and needed by what follows), the Speakeasy reference SDK (installed on
// demand), Node 24 (installed on demand, pinned in scripts/lib/runtimes.mjs), size; then the
// client's figures on this Node and on Node 24, each Node in a child process of its own against
// bench/server.mjs (bench/client-figures.mjs: CPU per call with a stub fetch, loopback round trips,
// 1,000 calls in flight, JWT mode from cold, cold start, heap after 10,000 calls, the leak check);
// type cost, the spec pipeline, the loop (`npm run check`, `npm test`) and the contract tests. Prints the tables and the goals, and writes
// bench/results/latest.json (a full run only; a partial one goes to bench/results/partial.json.tmp).
//
//   npm run bench                      everything; tests = the loop's two commands and the contract project
//   npm run bench -- --full-tests      time the whole `vitest run` instead of the contract project
//   npm run bench -- --no-pipeline     skip the pipeline and test timings
//   npm run bench -- --no-speakeasy    leave out the reference SDK (no install)
//   npm run bench -- --no-node24       the client's figures on this Node only (no install)
//   npm run bench -- --quick           fewer rounds (for trying things out; noisier)
import { mkdirSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { repoRoot } from "../scripts/lib/paths.mjs";
import { ensureRuntime, RUNTIME_PACKAGES } from "../scripts/lib/runtimes.mjs";
import { clientFiguresOn } from "./client-figures.mjs";
import { evaluateGoals } from "./goals.mjs";
import { round1 } from "./stats.mjs";
import { pipelineTimes, timeCommand } from "./pipeline.mjs";
import { printResults } from "./print.mjs";
import { startServer } from "./processes.mjs";
import { sizes } from "./size.mjs";
import { ensureSpeakeasy, speakeasyEsm, speakeasyGetProject } from "./speakeasy.mjs";
import { typeCost } from "./type-cost.mjs";

const args = new Set(process.argv.slice(2));
const quick = args.has("--quick");
const started = performance.now();
const log = (line = "") => console.log(line);
const results = {
  machine: { cpu: os.cpus()[0]?.model ?? "unknown", cores: os.cpus().length, memoryGb: Math.round(os.totalmem() / 2 ** 30), node: process.version, platform: `${os.platform()} ${os.release()}` },
  date: new Date().toISOString(),
  options: [...args],
};

log("building the client (tsup)…");
const buildSeconds = timeCommand("npm", ["run", "--silent", "build"]);

let speakeasy = false;
if (args.has("--no-speakeasy")) results.speakeasySkipped = "left out (--no-speakeasy)";
else {
  log("the Speakeasy reference SDK (installed on demand into .cache/bench-peers)…");
  results.speakeasySkipped = ensureSpeakeasy();
  if (results.speakeasySkipped) log(`  skipped: ${results.speakeasySkipped}`);
  else speakeasy = true;
}

// The Nodes whose figures are taken; one that could not be installed stays in the list with the
// reason, so its goals read "not measured" rather than disappearing.
const nodes = [{ name: `Node ${process.versions.node}`, executable: process.execPath }];
const node24 = `Node ${RUNTIME_PACKAGES.node24.version}`;
if (args.has("--no-node24")) nodes.push({ name: node24, skipped: "left out (--no-node24)" });
else {
  log(`${node24} (installed on demand into .cache/runtimes)…`);
  try {
    nodes.push({ name: node24, executable: ensureRuntime("node24").command[0] });
  } catch (error) {
    const reason = `could not install ${node24} (${String(error instanceof Error ? error.message : error).trim().split("\n").pop()})`;
    log(`  skipped: ${reason}`);
    nodes.push({ name: node24, skipped: reason });
  }
}

log("size…");
results.size = await sizes(speakeasy ? { speakeasyEsm, speakeasyGetProject } : {});

const server = await startServer();
try {
  results.runtimes = nodes.map(({ name, executable, skipped }) => {
    if (skipped) return { name, skipped };
    log(`the client's figures on ${name} (a child process)…`);
    return { name, ...clientFiguresOn(executable, server.baseUrl, { speakeasy, quick }) };
  });
} finally {
  server.stop();
}

log("type cost (tsc)…");
results.types = typeCost({ runs: quick ? 1 : 3 });

if (!args.has("--no-pipeline")) {
  log("pipeline: lint, bundle, type generation, docs, Prism start-up, tests…");
  const { steps, load } = await pipelineTimes({ buildSeconds, fullTests: args.has("--full-tests") });
  results.pipelineSeconds = steps;
  results.pipelineLoad = load;
}
results.goals = evaluateGoals(results);
results.totalSeconds = round1((performance.now() - started) / 1000);

printResults(results);
// latest.json is the record of a complete run: every section, both Nodes, the reference SDK.
const full = !quick && !args.has("--no-pipeline") && !results.speakeasySkipped && results.runtimes.every((r) => !r.skipped);
mkdirSync(path.join(repoRoot, "bench", "results"), { recursive: true });
const file = full ? "latest.json" : "partial.json.tmp";
writeFileSync(path.join(repoRoot, "bench", "results", file), JSON.stringify(results, null, 2) + "\n");
log(`wrote bench/results/${file}${full ? "" : " (not a full run: latest.json is left as it was)"}`);
