// Loopback round trips: the benchmark call through the real global fetch to bench/server.mjs on
// 127.0.0.1 (keep-alive), every candidate plus raw fetch with the header set by hand. Rounds of
// sequential calls, candidates rotated each round; wall time; ratios are medians of per-round
// ratios (paired), so a slow patch of the machine hits both sides of a ratio; the added time per
// call (`overBareUs`) is the median of the per-round differences.
// A bare loopback answers in a few hundred microseconds, which magnifies what a client adds next
// to any real network; `latency: true` takes the same figures against the server's route that
// answers 5 ms late (server.mjs), closer to what a user's call sees. Only the bare one has a goal.
import { candidates, verify } from "./lib.mjs";
import { LATENCY_PREFIX } from "./project.mjs";
import { alternate, paired, round1, round3 } from "./stats.mjs";

export async function loopbackBench(service, baseUrl, { speakeasy, quick, latency = false }) {
  const list = candidates(service, { baseUrl: latency ? `${baseUrl}${LATENCY_PREFIX}` : baseUrl, fetch: globalThis.fetch.bind(globalThis), withRaw: true, speakeasy });
  await verify(list);
  // At 5 ms a call, fewer calls a round keep the rounds short enough for the pairing to work.
  const plan = latency ? (quick ? { rounds: 5, calls: 20, warmup: 20 } : { rounds: 21, calls: 20, warmup: 50 }) : quick ? { rounds: 9, calls: 200, warmup: 300 } : { rounds: 51, calls: 200, warmup: 1000 };
  const rounds = await alternate(list, plan);
  const vsRaw = paired(rounds, "raw fetch");
  const vsBare = paired(rounds, "openapi-fetch");
  return rounds.map(({ rounds: _, ...c }) => ({
    ...c,
    us: round1(c.us),
    min: round1(c.min),
    max: round1(c.max),
    vsRaw: round3(vsRaw[c.name].ratio),
    vsBare: round3(vsBare[c.name].ratio),
    overBareUs: round1(vsBare[c.name].diff),
  }));
}
