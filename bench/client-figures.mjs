// The client's figures that depend on the runtime: CPU per call, loopback round trips (bare, and
// answered 5 ms late), the loopback call by call (pairs.mjs, three runs in a row), calls in flight, JWT mode from cold, cold start, heap kept, leaks, and the
// testing mock against MSW, and the mock's routing (growth.mjs). Each Node the run covers gets one
// child process running this same file, so every ratio against bare openapi-fetch is taken side
// by side in one process, and the cold-start, heap and leak children it starts run on that Node
// too (process.execPath). Size and type cost do not depend on the runtime; run.mjs takes them once.
//   <node> bench/client-figures.mjs <baseUrl> [--quick] [--speakeasy]     one Node (prints JSON)
import path from "node:path";
import { pathToFileURL } from "node:url";
import { repoRoot } from "../scripts/lib/paths.mjs";
import { coldStart } from "./cold-start.mjs";
import { inFlightBench, jwtFromCold } from "./concurrency.mjs";
import { cpuBench } from "./cpu.mjs";
import { FRESH } from "./fresh-client.mjs";
import { routingBench } from "./growth.mjs";
import { heapAfterCalls } from "./heap.mjs";
import { leakCheck } from "./leak.mjs";
import { loopbackBench } from "./loopback.mjs";
import { pairsBench } from "./pairs.mjs";
import { report, runChild } from "./processes.mjs";
import { loadSpeakeasy, SPEAKEASY_ROW } from "./speakeasy.mjs";
import { paired, round1 } from "./stats.mjs";

/**
 * Runs this file under the Node executable `node` against the server at `baseUrl` and
 * returns that Node's figures. `speakeasy`: whether the reference SDK is installed (the child loads it).
 */
export function clientFiguresOn(node, baseUrl, { speakeasy, quick }) {
  const flags = [...(quick ? ["--quick"] : []), ...(speakeasy ? ["--speakeasy"] : [])];
  // A full run takes about 6.5 minutes on 2 quiet cores; a busy machine can double that.
  return runChild("client-figures.mjs", [baseUrl, ...flags], { node, stderr: "inherit", timeoutMs: 40 * 60_000 });
}

async function clientFigures(service, baseUrl, { speakeasy, quick, log, copy }) {
  const figures = { node: process.version };
  log("CPU per call (stub fetch)…");
  const cpu = await cpuBench(service, { ...(quick ? { rounds: 9, calls: 1000, warmup: 2000 } : {}), speakeasy, copy });
  const cpuVsBare = paired(cpu, "openapi-fetch");
  figures.cpu = cpu.map(({ rounds, ...c }) => ({ ...c, us: round1(c.us), min: round1(c.min), max: round1(c.max), overBareUs: round1(cpuVsBare[c.name].diff) }));
  log("loopback round trips…");
  figures.loopback = await loopbackBench(service, baseUrl, { speakeasy, quick });
  log("loopback round trips, call by call against bare openapi-fetch (three runs in a row)…");
  figures.pairs = await pairsBench(service, baseUrl, { quick });
  log("loopback round trips, the server answering 5 ms late…");
  figures.loopbackAt5ms = await loopbackBench(service, baseUrl, { speakeasy, quick, latency: true });
  log("1,000 calls in flight…");
  figures.inFlight = await inFlightBench(service, baseUrl, { speakeasy, quick });
  log("1,000 calls in flight, JWT mode from cold…");
  figures.jwtFromCold = await jwtFromCold(service, baseUrl, { quick });
  const fresh = FRESH.filter((name) => name !== "ours: JWT (cached)" && (speakeasy || name !== SPEAKEASY_ROW));
  log("cold start (a new process per sample)…");
  figures.coldStart = coldStart(fresh, baseUrl, { samples: quick ? 3 : 7 });
  log("heap after 10,000 calls (a new process per sample)…");
  figures.heap = heapAfterCalls(fresh, baseUrl, { samples: quick ? 2 : 9 });
  log("leak check…");
  figures.leak = leakCheck(["fetch alone", "openapi-fetch", "ours: API key", "ours: JWT (cached)"], baseUrl);
  log("the testing mock against MSW (a child process: MSW replaces the global fetch)…");
  figures.mock = runChild("mock-vs-msw.mjs", quick ? ["--quick"] : []);
  // Last: it loads the testing entry and the contract into this process, which the measures above
  // must not carry.
  log("the testing mock's routing, every template tried…");
  figures.routing = await routingBench({ quick });
  return figures;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const [baseUrl, ...flags] = process.argv.slice(2);
  const service = await import(pathToFileURL(path.join(repoRoot, "dist", "index.js")).href);
  // The same file under another URL is a second module instance: the CPU measure's control.
  const copy = await import(`${pathToFileURL(path.join(repoRoot, "dist", "index.js")).href}?copy=2`);
  const speakeasy = flags.includes("--speakeasy") ? await loadSpeakeasy() : undefined;
  // stdout carries the one JSON line; progress goes to stderr, which the parent shows.
  const log = (line) => console.error(`  [Node ${process.versions.node}] ${line}`);
  report(await clientFigures(service, baseUrl, { speakeasy, quick: flags.includes("--quick"), log, copy }));
}
