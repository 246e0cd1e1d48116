// Calls in flight: 1,000 calls started at once against bench/server.mjs, wall time until all have
// answered. Two measures:
// - paired: each candidate in turn (API key; a client made once and warmed up), rounds rotated,
//   the median of per-round ratios against bare openapi-fetch;
// - JWT mode from cold: a new client per run, whose 1,000 callers must share one token exchange
//   (the server delays get-token by 20 ms, so they overlap), and the get-token requests counted.
import { API_KEY, callOf, candidates, verify } from "./lib.mjs";
import { median, paired, round1, round3 } from "./stats.mjs";

const IN_FLIGHT = 1000;

async function burst(call) {
  const t0 = performance.now();
  const answers = await Promise.all(Array.from({ length: IN_FLIGHT }, () => call()));
  return { ms: performance.now() - t0, answers };
}

export async function inFlightBench(service, baseUrl, { speakeasy, quick }) {
  const list = candidates(service, { baseUrl, fetch: globalThis.fetch.bind(globalThis), speakeasy }).filter(([name]) => !name.startsWith("ours: ") || name === "ours: API key");
  await verify(list);
  for (const [, call] of list) await burst(call); // warm-up: sockets opened, code optimised
  // 201 rounds (about 2 minutes with the Speakeasy row): single bursts swing by ±20 % on this
  // kind of machine, and fewer rounds left the median of per-round ratios moving from run to run
  // (0.99× to 1.46× with 11 rounds, still ±5 points with 31); at 201 it stays within a few points.
  const rounds = quick ? 3 : 201;
  const perRound = new Map(list.map(([name]) => [name, []]));
  for (let round = 0; round < rounds; round++) {
    for (let k = 0; k < list.length; k++) {
      const [name, call] = list[(k + round) % list.length];
      perRound.get(name).push((await burst(call)).ms);
    }
  }
  const results = list.map(([name]) => ({ name, ms: median(perRound.get(name)), rounds: perRound.get(name) }));
  const vsBare = paired(results, "openapi-fetch");
  return results.map(({ name, ms }) => ({ name, calls: IN_FLIGHT, ms: round1(ms), vsBare: round3(vsBare[name].ratio) }));
}

export async function jwtFromCold(service, baseUrl, { quick }) {
  const runs = [];
  for (let i = 0; i < (quick ? 2 : 5); i++) {
    await fetch(`${baseUrl}/__reset`, { method: "POST" });
    const client = service.createServiceClient({ baseUrl, auth: { apiKey: API_KEY, jwt: true }, env: {} });
    const { ms, answers } = await burst(callOf(client));
    const ok = answers.filter((a) => a.response.status === 200).length;
    const { tokenRequests } = await (await fetch(`${baseUrl}/__stats`)).json();
    runs.push({ ms: round1(ms), ok, tokenRequests });
  }
  return { calls: IN_FLIGHT, runs, medianMs: round1(median(runs.map((r) => r.ms))), tokenRequests: Math.max(...runs.map((r) => r.tokenRequests)) };
}
