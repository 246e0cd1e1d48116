// The clients being compared, built the same way in every in-process benchmark (statistics are
// in stats.mjs).
import createClient from "openapi-fetch";
import { API_KEY, BODY, PROJECT_ID } from "./project.mjs";
import { SPEAKEASY_ROW } from "./speakeasy.mjs";

export { API_KEY, BODY, PROJECT_ID };
export const USER = { username: "bench-user", password: "bench-password" };
/** Ours with the API key again, from a second copy of the built package: the control row. */
export const CONTROL_ROW = "ours: API key, a second copy (control)";

const b64 = (s) => Buffer.from(s).toString("base64url");
export const TOKEN_BODY = () =>
  JSON.stringify({
    access_token: `${b64('{"alg":"HS256"}')}.${b64('{"sub":"bench"}')}.${b64("sig")}`,
    token_type: "bearer",
    expires_at: new Date(Date.now() + 86_400_000).toISOString(),
  });

/** One typed call of each client: GET /projects/{project_id}, JSON answer read; `init()` adds to each call's options. */
export const callOf = (client, init) => () => client.GET("/projects/{project_id}", { params: { path: { project_id: PROJECT_ID } }, ...init?.() });

/**
 * The candidates, each a function making one call. `service` is our built package
 * (dist/index.js); `fetch` is the transport every client gets (a stub, or the real global one);
 * `jwtFetch`, the JWT-mode client's, which must also answer get-token; `speakeasy`, when it could
 * be loaded, the reference SDK's `connect` (bench/speakeasy.mjs); `copy`, a second instance of
 * the built package (`CONTROL_ROW`: the same code, loaded again), whose difference from ours is
 * the measure's own noise.
 */
export function candidates(service, { baseUrl, fetch, jwtFetch = fetch, withRaw, speakeasy, copy }) {
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
  if (copy) list.push([CONTROL_ROW, callOf(copy.createServiceClient({ baseUrl, fetch, auth: { apiKey: API_KEY }, env: {} }))]);
  if (speakeasy) list.push([SPEAKEASY_ROW, speakeasy({ baseUrl, fetch, apiKey: API_KEY, projectId: PROJECT_ID })]);
  return list;
}

/**
 * Makes one call of each candidate and checks that it read the project: a candidate that fails
 * (a wrong answer shape, a refused request) must not be timed as a fast one.
 */
export async function verify(list) {
  for (const [name, call] of list) {
    const result = await call();
    // openapi-fetch and ours answer { data, error, response }; raw fetch and Speakeasy, the value.
    const project = result && "response" in result ? result.data : result;
    if (project?.id !== PROJECT_ID) throw new Error(`${name}: the benchmark call did not read the project (${JSON.stringify(result?.error ?? result).slice(0, 300)})`);
  }
}
