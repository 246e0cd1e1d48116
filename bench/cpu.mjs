// Pure CPU cost per call: every client gets a stub fetch that returns a ready Response (no
// socket, no timer), so what is left is the client's own work. Run directly to profile:
//   node --cpu-prof --cpu-prof-dir=bench/results/profiles bench/cpu.mjs [ours|openapi-fetch|speakeasy] [calls]
import { pathToFileURL } from "node:url";
import createClient from "openapi-fetch";
import { API_KEY, BODY, callOf, candidates, PROJECT_ID, TOKEN_BODY, verify } from "./lib.mjs";
import { loadSpeakeasy } from "./speakeasy.mjs";
import { alternate } from "./stats.mjs";

const BASE = "https://api.bench.example";
// Rounds × calls per candidate. 121 × 300 left two copies of one build up to 7 µs apart on Node 20
// (bench/README.md, 2026-11-25); this many brings them within 2 µs (the control row shows it).
export const CPU_ROUNDS = 201;
export const CPU_CALLS = 500;
const INIT = { status: 200, headers: { "content-type": "application/json" } };
/** The stub: a new ready Response per call (a body can be read once). */
export const stubFetch = async () => new Response(BODY, INIT);
const jwtStub = async (input) => new Response(String(input.url ?? input).endsWith("/v1/token") ? TOKEN_BODY() : BODY, INIT);

/**
 * `copy`: a second instance of the built package, timed as one more candidate; its difference from
 * ours with the API key says how far apart two copies of one build come out (the goal: 2 µs).
 */
export async function cpuBench(service, { rounds = CPU_ROUNDS, calls = CPU_CALLS, warmup = 5000, speakeasy, copy } = {}) {
  const list = candidates(service, { baseUrl: BASE, fetch: stubFetch, jwtFetch: jwtStub, speakeasy, copy });
  await verify(list);
  return alternate(list, { rounds, calls, warmup, clock: "cpu" });
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const which = process.argv[2] ?? "ours";
  const calls = Number(process.argv[3] ?? 200_000);
  const service = await import("../dist/index.js");
  const call =
    which === "speakeasy"
      ? (await loadSpeakeasy())({ baseUrl: BASE, fetch: stubFetch, apiKey: API_KEY, projectId: PROJECT_ID })
      : callOf(
          which === "ours"
            ? service.createServiceClient({ baseUrl: BASE, fetch: stubFetch, auth: { apiKey: API_KEY }, env: {} })
            : createClient({ baseUrl: BASE, fetch: stubFetch, headers: { "Service-API-Key": API_KEY } }),
        );
  const started = performance.now();
  for (let i = 0; i < calls; i++) await call();
  console.log(`${which}: ${(((performance.now() - started) * 1000) / calls).toFixed(2)} µs per call over ${calls} calls`);
}
