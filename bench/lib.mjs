// Shared pieces of the benchmarks: the clients being compared, built the same way everywhere,
// and small statistics helpers.
import createClient from "openapi-fetch";

export const API_KEY = "bench-key-0123456789";
export const USER = { username: "bench-user", password: "bench-password" };
export const PROJECT_ID = "3fa85f64-5717-4562-b3fc-2c963f66afa6";
export const BODY = JSON.stringify({ id: PROJECT_ID, name: "bench", created_at: "2025-01-01T00:00:00Z", labels: ["a", "b"] });

const b64 = (s) => Buffer.from(s).toString("base64url");
export const TOKEN_BODY = () =>
  JSON.stringify({
    access_token: `${b64('{"alg":"HS256"}')}.${b64('{"sub":"bench"}')}.${b64("sig")}`,
    token_type: "bearer",
    expires_at: new Date(Date.now() + 86_400_000).toISOString(),
  });

/** One typed call of each client: GET /projects/{project_id}, JSON answer read. */
export const callOf = (client) => () => client.GET("/projects/{project_id}", { params: { path: { project_id: PROJECT_ID } } });

/**
 * The candidates, each a function making one call. `service` is our built package
 * (dist/index.js); `fetch` is the transport every client gets (a stub, or the real global one);
 * `jwtFetch`, the JWT-mode client's, which must also answer get-token.
 */
export function candidates(service, { baseUrl, fetch, jwtFetch = fetch, withRaw }) {
  const list = [];
  if (withRaw) {
    const url = `${baseUrl}/projects/${PROJECT_ID}`;
    const headers = { "Service-API-Key": API_KEY };
    list.push(["raw fetch", () => fetch(url, { headers }).then((r) => r.json())]);
  }
  const bare = createClient({ baseUrl, fetch, headers: { "Service-API-Key": API_KEY } });
  list.push(["openapi-fetch", callOf(bare)]);
  const ours = (auth, f = fetch) => service.createServiceClient({ baseUrl, fetch: f, auth, env: {} });
  list.push(["ours: API key", callOf(ours({ apiKey: API_KEY }))]);
  list.push(["ours: Basic", callOf(ours(USER))]);
  list.push(["ours: JWT (cached)", callOf(ours({ apiKey: API_KEY, jwt: true }, jwtFetch))]);
  return list;
}

export function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

/**
 * Runs every candidate `calls` times in a row per round, for `rounds` rounds, rotating the order
 * each round so that no candidate always runs first (or right after the GC-heavy one). Returns
 * the median µs per call of each candidate and the spread (min–max of the round means).
 */
export async function alternate(list, { rounds, calls, warmup, clock = "wall" }) {
  // "cpu": this process's user + system CPU time, which leaves out the time a busy host (or a
  // noisy VM neighbour) kept us off the CPU; right for the stub benchmark, where no other process
  // takes part. "wall": elapsed time, for round trips through a server process.
  const now = clock === "cpu" ? () => { const { user, system } = process.cpuUsage(); return (user + system) / 1000; } : () => performance.now();
  for (const [, call] of list) for (let i = 0; i < warmup; i++) await call();
  const perRound = new Map(list.map(([name]) => [name, []]));
  for (let round = 0; round < rounds; round++) {
    for (let k = 0; k < list.length; k++) {
      const [name, call] = list[(k + round) % list.length];
      const started = now();
      for (let i = 0; i < calls; i++) await call();
      perRound.get(name).push(((now() - started) * 1000) / calls);
    }
  }
  return list.map(([name]) => {
    const values = perRound.get(name);
    return { name, us: median(values), min: Math.min(...values), max: Math.max(...values), rounds: values };
  });
}

/**
 * Each candidate against `baseline`, round by round: the median of the per-round differences
 * (µs) and ratios. Rounds are short and adjacent, so a drift in machine speed (a noisy VM
 * neighbour) cancels out, where a ratio of two medians would carry it.
 */
export function paired(results, baseline) {
  const base = results.find((r) => r.name === baseline).rounds;
  return Object.fromEntries(
    results.map((r) => [r.name, { diff: median(r.rounds.map((v, i) => v - base[i])), ratio: median(r.rounds.map((v, i) => v / base[i])) }]),
  );
}

export const round1 = (n) => Math.round(n * 10) / 10;
export const round3 = (n) => Math.round(n * 1000) / 1000;
