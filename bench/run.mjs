// `npm run bench`: every benchmark of bench/README.md in one run, on this machine, in this order:
// client build (timed, and needed by what follows), the Speakeasy reference SDK (installed on
// demand), size, CPU per call with a stub fetch, then against bench/server.mjs: loopback round
// trips, 1,000 calls in flight, JWT mode from cold, cold start, heap after 10,000 calls, the leak
// check; type cost, the spec pipeline, the tests. Prints the tables and the goals, and writes
// bench/results/latest.json (a full run only; a partial one goes to bench/results/partial.json.tmp).
//
//   npm run bench                      everything, tests = the unit and contract projects
//   npm run bench -- --full-tests      time the whole `vitest run` instead (several minutes more)
//   npm run bench -- --no-pipeline     skip the pipeline and test timings
//   npm run bench -- --no-speakeasy    leave out the reference SDK (no install)
//   npm run bench -- --quick           fewer rounds (for trying things out; noisier)
import { mkdirSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { coldStart } from "./cold-start.mjs";
import { inFlightBench, jwtFromCold } from "./concurrency.mjs";
import { cpuBench } from "./cpu.mjs";
import { FRESH } from "./fresh-client.mjs";
import { evaluateGoals } from "./goals.mjs";
import { heapAfterCalls } from "./heap.mjs";
import { leakCheck } from "./leak.mjs";
import { loopbackBench } from "./loopback.mjs";
import { paired, round1 } from "./stats.mjs";
import { pipelineTimes, timeCommand } from "./pipeline.mjs";
import { printResults } from "./print.mjs";
import { startServer } from "./processes.mjs";
import { sizes } from "./size.mjs";
import { ensureSpeakeasy, loadSpeakeasy, SPEAKEASY_ROW, speakeasyEsm, speakeasyGetProject } from "./speakeasy.mjs";
import { typeCost } from "./type-cost.mjs";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const args = new Set(process.argv.slice(2));
const quick = args.has("--quick");
const full = !quick && !args.has("--no-pipeline") && !args.has("--no-speakeasy");
const started = performance.now();
const log = (line = "") => console.log(line);
const results = {
  machine: { cpu: os.cpus()[0]?.model ?? "unknown", cores: os.cpus().length, memoryGb: Math.round(os.totalmem() / 2 ** 30), node: process.version, platform: `${os.platform()} ${os.release()}` },
  date: new Date().toISOString(),
  options: [...args],
};

log("building the client (tsup)…");
const buildSeconds = timeCommand("npm", ["run", "--silent", "build"]);
const service = await import(path.join(root, "dist", "index.js"));

let speakeasy;
if (args.has("--no-speakeasy")) results.speakeasySkipped = "left out (--no-speakeasy)";
else {
  log("the Speakeasy reference SDK (installed on demand into .cache/bench-peers)…");
  results.speakeasySkipped = ensureSpeakeasy();
  if (results.speakeasySkipped) log(`  skipped: ${results.speakeasySkipped}`);
  else speakeasy = await loadSpeakeasy();
}

log("size…");
results.size = await sizes(speakeasy ? { speakeasyEsm, speakeasyGetProject } : {});

log("CPU per call (stub fetch)…");
const cpu = await cpuBench(service, { ...(quick ? { rounds: 9, calls: 1000, warmup: 2000 } : {}), speakeasy });
const cpuVsBare = paired(cpu, "openapi-fetch");
results.cpu = cpu.map(({ rounds, ...c }) => ({ ...c, us: round1(c.us), min: round1(c.min), max: round1(c.max), overBareUs: round1(cpuVsBare[c.name].diff) }));

const server = await startServer();
try {
  const { baseUrl } = server;
  log("loopback round trips…");
  results.loopback = await loopbackBench(service, baseUrl, { speakeasy, quick });
  log("1,000 calls in flight…");
  results.inFlight = await inFlightBench(service, baseUrl, { speakeasy, quick });
  log("1,000 calls in flight, JWT mode from cold…");
  results.jwtFromCold = await jwtFromCold(service, baseUrl, { quick });
  const fresh = FRESH.filter((name) => name !== "ours: JWT (cached)" && (speakeasy || name !== SPEAKEASY_ROW));
  log("cold start (a new process per sample)…");
  results.coldStart = coldStart(fresh, baseUrl, { samples: quick ? 3 : 7 });
  log("heap after 10,000 calls (a new process per sample)…");
  results.heap = heapAfterCalls(fresh, baseUrl, { samples: quick ? 1 : 3 });
  log("leak check…");
  results.leak = leakCheck(["fetch alone", "openapi-fetch", "ours: API key", "ours: JWT (cached)"], baseUrl);
} finally {
  server.stop();
}

log("type cost (tsc)…");
results.types = typeCost({ runs: quick ? 1 : 3 });

if (!args.has("--no-pipeline")) {
  log("pipeline: lint, bundle, type generation, docs, Prism start-up, tests…");
  results.pipelineSeconds = await pipelineTimes({ buildSeconds, fullTests: args.has("--full-tests") });
}
results.goals = evaluateGoals(results);
results.totalSeconds = round1((performance.now() - started) / 1000);

printResults(results);
mkdirSync(path.join(root, "bench", "results"), { recursive: true });
const file = full ? "latest.json" : "partial.json.tmp";
writeFileSync(path.join(root, "bench", "results", file), JSON.stringify(results, null, 2) + "\n");
log(`wrote bench/results/${file}${full ? "" : " (not a full run: latest.json is left as it was)"}`);
