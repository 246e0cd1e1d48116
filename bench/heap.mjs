// Heap kept: a fresh process per sample, started with --expose-gc. One raw fetch first, so that
// fetch's own lazily built machinery (undici, ~3.5 MB) is in the baseline and not counted against
// any client; full GC, heap used; load the client and make 10,000 sequential loopback calls; full
// GC, heap used again. The growth is what the client (its modules, its state, and what its way of
// calling fetch leaves) keeps for the process's life. "fetch alone" is the floor: the same calls
// with no client (optimised code, fetch's pools).
// A row's samples fall into groups about 1.3–1.5 MB apart (what the last collection happened to
// leave of fetch's own pools, in every row, fetch alone included). The goal reads each row's
// median of at least 9 samples (issue 55: the minimum, read before, let one low sample of nine
// decide), says when a row is bimodal, and the spread (minimum to maximum) is reported beside it.
//   node --expose-gc bench/heap.mjs <candidate> <baseUrl> <calls>     one sample (prints JSON)
import { pathToFileURL } from "node:url";
import { fullGc } from "./gc.mjs";
import { report, runChild } from "./processes.mjs";
import { mb, median } from "./stats.mjs";

export function heapAfterCalls(names, baseUrl, { calls = 10_000, samples = 9 } = {}) {
  const runs = new Map(names.map((name) => [name, []]));
  for (let i = 0; i < samples; i++) {
    for (let k = 0; k < names.length; k++) {
      const name = names[(k + i) % names.length];
      runs.get(name).push(runChild("heap.mjs", [name, baseUrl, calls], { nodeFlags: ["--expose-gc"] }));
    }
  }
  return names.map((name) => {
    const growth = runs.get(name).map((r) => r.after - r.before);
    return {
      name,
      calls,
      loadedMb: mb(median(runs.get(name).map((r) => r.loaded - r.before))),
      minGrowthMb: mb(Math.min(...growth)),
      growthMb: mb(median(growth)),
      maxGrowthMb: mb(Math.max(...growth)),
      samplesMb: growth.map(mb),
    };
  });
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
