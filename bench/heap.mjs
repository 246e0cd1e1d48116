// Heap kept: a fresh process per sample, started with --expose-gc. One raw fetch first, so that
// fetch's own lazily built machinery (undici, ~3.5 MB) is in the baseline and not counted against
// any client; full GC, heap used; load the client and make 10,000 sequential loopback calls; full
// GC, heap used again. The growth is what the client (its modules, its state, and what its way of
// calling fetch leaves) keeps for the process's life. "fetch alone" is the floor: the same calls
// with no client (optimised code, fetch's pools).
//   node --expose-gc bench/heap.mjs <candidate> <baseUrl> <calls>     one sample (prints JSON)
import { pathToFileURL } from "node:url";
import { fullGc } from "./gc.mjs";
import { report, runChild } from "./processes.mjs";
import { mb, median } from "./stats.mjs";

export function heapAfterCalls(names, baseUrl, { calls = 10_000, samples = 3 } = {}) {
  const runs = new Map(names.map((name) => [name, []]));
  for (let i = 0; i < samples; i++) {
    for (let k = 0; k < names.length; k++) {
      const name = names[(k + i) % names.length];
      runs.get(name).push(runChild("heap.mjs", [name, baseUrl, calls], { nodeFlags: ["--expose-gc"] }));
    }
  }
  return names.map((name) => ({
    name,
    calls,
    loadedMb: mb(median(runs.get(name).map((r) => r.loaded - r.before))),
    growthMb: mb(median(runs.get(name).map((r) => r.after - r.before))),
    samplesMb: runs.get(name).map((r) => mb(r.after - r.before)),
  }));
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const [name, baseUrl, calls] = process.argv.slice(2);
  const { freshCall } = await import("./fresh-client.mjs");
  await (await fetch(`${baseUrl}/__stats`)).json();
  await fullGc();
  const before = process.memoryUsage().heapUsed;
  const call = await freshCall(name, baseUrl);
  await fullGc();
  const loaded = process.memoryUsage().heapUsed;
  for (let i = 0; i < Number(calls); i++) await call();
  await fullGc();
  report({ name, before, loaded, after: process.memoryUsage().heapUsed });
}
