// The second loopback harness (issue 37): ours against bare openapi-fetch, alternated call by call
// rather than in rounds of 200, each call timed on its own, and medians. A slow patch of the
// machine then lands on both sides within microseconds. It also gives the CPU this process spent
// per call (process.cpuUsage around each call), which says whether a gap is our JavaScript or
// time spent waiting. Builds other than dist/index.js can be raced side by side (scratch builds
// of a change, before and after), each as one more candidate.
// `--deadline-floor` adds bare openapi-fetch with what our deadline hands the fetch on every call
// (an AbortController's signal, and a timer set and cleared): the floor of that guarantee, so that
// its cost in undici and the timers is told apart from the rest of ours.
//   node bench/pairs.mjs [--calls=20000] [--deadline-floor] [--build=label=path/to/index.js ...]
// Prints one JSON line per candidate, and the load average at the start and the end.
import path from "node:path";
import { pathToFileURL } from "node:url";
import createClient from "openapi-fetch";
import { repoRoot } from "../scripts/lib/paths.mjs";
import { API_KEY, callOf, verify } from "./lib.mjs";
import { loadAverage } from "./pipeline.mjs";
import { startServer } from "./processes.mjs";
import { median, round1, round3 } from "./stats.mjs";

/**
 * Each candidate `[name, call]` `calls` times, call by call, the order rotated every iteration.
 * Returns per candidate: the median wall µs of one call, the median of the per-iteration ratios
 * to `baseline`, the ratio of the medians, and the mean CPU µs of a call with its excess over
 * the baseline's.
 */
export async function alternateCalls(list, { calls, warmup, baseline }) {
  for (const [, call] of list) for (let i = 0; i < warmup; i++) await call();
  const wall = list.map(() => new Float64Array(calls));
  const cpu = list.map(() => 0);
  for (let i = 0; i < calls; i++) {
    for (let k = 0; k < list.length; k++) {
      const j = (k + i) % list.length;
      const cpuBefore = process.cpuUsage();
      const started = performance.now();
      await list[j][1]();
      wall[j][i] = (performance.now() - started) * 1000;
      const { user, system } = process.cpuUsage(cpuBefore);
      cpu[j] += user + system;
    }
  }
  const b = list.findIndex(([name]) => name === baseline);
  const baseMedian = median(wall[b]);
  return list.map(([name], j) => ({
    name,
    us: round1(median(wall[j])),
    vsBare: round3(median(wall[j]) / baseMedian),
    pairedRatio: round3(median(Array.from(wall[j], (v, i) => v / wall[b][i]))),
    cpuUs: round1(cpu[j] / calls),
    cpuOverBareUs: round1((cpu[j] - cpu[b]) / calls),
  }));
}

export const DEADLINE_FLOOR_ROW = "openapi-fetch + a signal and a timer per call";

/** The bench call of bare openapi-fetch, under a deadline as ours sets one (30 s, never reached). */
function withDeadline(client) {
  let controller;
  const call = callOf(client, () => ({ signal: controller.signal }));
  return async () => {
    controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), 30_000);
    try {
      return await call();
    } finally {
      clearTimeout(timer);
    }
  };
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const args = process.argv.slice(2);
  const calls = Number(args.find((a) => a.startsWith("--calls="))?.slice(8) ?? 20_000);
  const builds = args.filter((a) => a.startsWith("--build=")).map((a) => a.slice(8).split("="));
  if (builds.length === 0) builds.push(["ours: API key", path.join(repoRoot, "dist", "index.js")]);
  const loadStart = loadAverage();
  const server = await startServer();
  try {
    const { baseUrl } = server;
    const fetch = globalThis.fetch.bind(globalThis);
    const bare = createClient({ baseUrl, fetch, headers: { "Service-API-Key": API_KEY } });
    const list = [["openapi-fetch", callOf(bare)]];
    if (args.includes("--deadline-floor")) list.push([DEADLINE_FLOOR_ROW, withDeadline(bare)]);
    for (const [label, file] of builds) {
      const { createServiceClient } = await import(pathToFileURL(path.resolve(file)).href);
      list.push([label, callOf(createServiceClient({ baseUrl, fetch, auth: { apiKey: API_KEY }, env: {} }))]);
    }
    await verify(list);
    const rows = await alternateCalls(list, { calls, warmup: 2000, baseline: "openapi-fetch" });
    console.log(JSON.stringify({ node: process.version, calls, load: [loadStart, loadAverage()], rows }));
  } finally {
    server.stop();
  }
}
