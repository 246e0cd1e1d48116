// Loopback round trips: the benchmark call through the real global fetch to bench/server.mjs on
// 127.0.0.1 (keep-alive), every candidate plus raw fetch with the header set by hand. Rounds of
// sequential calls, candidates rotated each round; wall time; ratios are medians of per-round
// ratios (paired), so a slow patch of the machine hits both sides of a ratio.
import { candidates, verify } from "./lib.mjs";
import { alternate, paired, round1, round3 } from "./stats.mjs";

export async function loopbackBench(service, baseUrl, { speakeasy, quick }) {
  const list = candidates(service, { baseUrl, fetch: globalThis.fetch.bind(globalThis), withRaw: true, speakeasy });
  await verify(list);
  const rounds = await alternate(list, quick ? { rounds: 9, calls: 200, warmup: 300 } : { rounds: 51, calls: 200, warmup: 1000 });
  const vsRaw = paired(rounds, "raw fetch");
  const vsBare = paired(rounds, "openapi-fetch");
  return rounds.map(({ rounds: _, ...c }) => ({ ...c, us: round1(c.us), min: round1(c.min), max: round1(c.max), vsRaw: round3(vsRaw[c.name].ratio), vsBare: round3(vsBare[c.name].ratio) }));
}
