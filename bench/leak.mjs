// Leak check, in a fresh process started with --expose-gc: 2,000 calls to warm up, full GC, note
// the heap and the process's active resources (process.getActiveResourcesInfo(): timers, sockets);
// then 5,000 calls, each given the same caller AbortSignal, full GC, and compare. A client that
// leaves nothing behind ends with the heap where it was (within noise), the same active resources
// (no timer left running) and no listener left on the caller's signal.
// Real fetch on loopback, so undici's own handling of the signals it is given takes part. The
// warm-up matters: the first few thousand calls of any client, raw fetch included, leave ~0.5 MB
// (optimised code, fetch's pools) that later calls do not add to; measured from 500 calls, even
// raw fetch would "leak".
//   node --expose-gc bench/leak.mjs <candidate> <baseUrl>     one check (prints JSON)
import { getEventListeners } from "node:events";
import { pathToFileURL } from "node:url";
import { fullGc } from "./gc.mjs";
import { report, runChild } from "./processes.mjs";
import { mb } from "./stats.mjs";

const WARMUP = 2_000;
const CALLS = 5_000;

/**
 * Each candidate's check, in a fresh process each. Whether it holds is goals.mjs's to say: the
 * heap against fetch alone's on the same Node (its own growth is the platform's, not ours: raw
 * fetch moves by up to ±0.5 MB after the warm-up, the same after 10,000 or 20,000 calls), and
 * no timer or listener left, counted exactly.
 */
export function leakCheck(names, baseUrl) {
  return names.map((name) => {
    const r = runChild("leak.mjs", [name, baseUrl], { nodeFlags: ["--expose-gc", "--no-warnings"] });
    const heapDeltaMb = mb(r.heapAfter - r.heapBefore);
    const resourcesLeft = Object.entries(r.resourcesAfter)
      .map(([type, count]) => [type, count - (r.resourcesBefore[type] ?? 0)])
      .filter(([, extra]) => extra > 0);
    return { name, calls: CALLS, heapDeltaMb, resourcesLeft: Object.fromEntries(resourcesLeft), listenersLeft: r.listenersLeft, maxListenersWarnings: r.maxListenersWarnings };
  });
}

/** process.getActiveResourcesInfo() as counts per kind ("Timeout": 2, "TCPSocketWrap": 1, …). */
function activeResources() {
  const counts = {};
  for (const kind of process.getActiveResourcesInfo()) counts[kind] = (counts[kind] ?? 0) + 1;
  return counts;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const [name, baseUrl] = process.argv.slice(2);
  // Started with --no-warnings: counted, not printed. Node 20's fetch keeps an abort listener on
  // the caller's signal per Request until that Request is collected, so with one long-lived
  // signal even raw fetch passes Node's limit of listeners between two collections.
  let maxListenersWarnings = 0;
  process.on("warning", (warning) => {
    if (warning.name === "MaxListenersExceededWarning") maxListenersWarnings++;
  });
  const { freshCall } = await import("./fresh-client.mjs");
  const call = await freshCall(name, baseUrl);
  const caller = new AbortController();
  for (let i = 0; i < WARMUP; i++) await call(caller.signal);
  await fullGc();
  const heapBefore = process.memoryUsage().heapUsed;
  const resourcesBefore = activeResources();
  for (let i = 0; i < CALLS; i++) await call(caller.signal);
  await fullGc();
  report({ name, heapBefore, heapAfter: process.memoryUsage().heapUsed, resourcesBefore, resourcesAfter: activeResources(), listenersLeft: getEventListeners(caller.signal, "abort").length, maxListenersWarnings });
}
