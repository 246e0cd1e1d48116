// One candidate's call, built from nothing in a fresh process: the imports happen here, on
// demand, so a child measuring cold start or heap pays for exactly one client's modules.
// (Not bench/lib.mjs: it loads openapi-fetch.)
import path from "node:path";
import { pathToFileURL } from "node:url";
import { repoRoot } from "../scripts/lib/paths.mjs";
import { API_KEY, PROJECT_ID } from "./project.mjs";
import { loadSpeakeasy, SPEAKEASY_ROW } from "./speakeasy.mjs";

const ROUTE = "/projects/{project_id}";

/** Names a child understands; the rows of the tables. */
export const FRESH = ["fetch alone", "openapi-fetch", "ours: API key", "ours: JWT (cached)", SPEAKEASY_ROW];

/**
 * Returns `call(signal?)` for the candidate `name` against `baseUrl` with the real global fetch.
 * `signal`, when given, is passed as the caller's AbortSignal of every call.
 */
export async function freshCall(name, baseUrl) {
  const params = { path: { project_id: PROJECT_ID } };
  switch (name) {
    case "fetch alone": {
      const url = `${baseUrl}/projects/${PROJECT_ID}`;
      const headers = { "Service-API-Key": API_KEY };
      return (signal) => fetch(url, { headers, signal }).then((r) => r.json());
    }
    case "openapi-fetch": {
      const { default: createClient } = await import("openapi-fetch");
      const client = createClient({ baseUrl, headers: { "Service-API-Key": API_KEY } });
      return (signal) => client.GET(ROUTE, { params, signal });
    }
    case "ours: API key":
    case "ours: JWT (cached)": {
      const { createServiceClient } = await import(pathToFileURL(path.join(repoRoot, "dist", "index.js")).href);
      const auth = name === "ours: API key" ? { apiKey: API_KEY } : { apiKey: API_KEY, jwt: true };
      const client = createServiceClient({ baseUrl, auth, env: {} });
      return (signal) => client.GET(ROUTE, { params, signal });
    }
    case SPEAKEASY_ROW: {
      const connect = await loadSpeakeasy();
      return connect({ baseUrl, fetch: globalThis.fetch, apiKey: API_KEY, projectId: PROJECT_ID });
    }
    default:
      throw new Error(`unknown candidate ${name}; one of ${FRESH.join(", ")}`);
  }
}
