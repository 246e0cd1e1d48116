// The reference row: the Speakeasy-generated SDK of the same service (`galileo-generated` on npm),
// what a user could pick instead of this client. It is 45 MB, so it is not a devDependency: the
// benchmark installs it on demand into a git-ignored scratch folder, and skips its rows (with the
// reason) when that fails, e.g. with no registry.
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { repoRoot } from "../scripts/lib/paths.mjs";
import { run } from "../scripts/lib/run.mjs";

export const SPEAKEASY = "galileo-generated";
/** Its row in the tables. */
export const SPEAKEASY_ROW = "Speakeasy SDK (reference)";
export const SPEAKEASY_VERSION = "0.2.14";
const prefix = path.join(repoRoot, ".cache", "bench-peers");
export const speakeasyDir = path.join(prefix, "node_modules", SPEAKEASY);
/** Its ESM build: a module per standalone function, a core client, hooks, zod models. */
export const speakeasyEsm = path.join(speakeasyDir, "dist", "esm");
/** The one operation every benchmark calls, as a standalone function (the tree-shakable way). */
export const speakeasyGetProject = path.join(speakeasyEsm, "funcs", "projectsGetProjectProjectsProjectIdGet.js");

function installedVersion() {
  const manifest = path.join(speakeasyDir, "package.json");
  return existsSync(manifest) ? JSON.parse(readFileSync(manifest, "utf8")).version : undefined;
}

/** Installs the pinned version if it is not there yet. Returns undefined, or why it is not available. */
export function ensureSpeakeasy() {
  if (installedVersion() === SPEAKEASY_VERSION) return undefined;
  try {
    run("npm", ["install", "--no-save", "--no-audit", "--no-fund", "--ignore-scripts", "--prefix", prefix, `${SPEAKEASY}@${SPEAKEASY_VERSION}`], { timeoutMs: 300_000 });
    if (installedVersion() === SPEAKEASY_VERSION) return undefined;
    return `npm installed ${SPEAKEASY} into .cache/bench-peers, but not version ${SPEAKEASY_VERSION}`;
  } catch (error) {
    // The peer is optional: the benchmark reports why its row is missing instead of failing.
    const lastLine = String(error instanceof Error ? error.message : error).trim().split("\n").filter((line) => line.trim() && !line.includes("Unknown user config")).pop();
    return `could not install ${SPEAKEASY}@${SPEAKEASY_VERSION} into .cache/bench-peers (${lastLine})`;
  }
}

/**
 * Loads the SDK and returns `connect({ baseUrl, fetch })`, which makes a client and returns one
 * call of GET /projects/{project_id}. The hooks module must be loaded before core.js (their
 * imports form a cycle that fails the other way round). The SDK's own login hook looks for
 * GALILEO_* variables and would log in first; the benchmark leaves them out.
 */
export async function loadSpeakeasy() {
  for (const name of Object.keys(process.env)) if (name.startsWith("GALILEO")) delete process.env[name];
  const load = (file) => import(pathToFileURL(path.join(speakeasyEsm, file)).href);
  await load("hooks/hooks.js");
  const { GalileoGeneratedCore } = await load("core.js");
  const { HTTPClient } = await load("lib/http.js");
  const { projectsGetProjectProjectsProjectIdGet } = await import(pathToFileURL(speakeasyGetProject).href);
  return function connect({ baseUrl, fetch, apiKey, projectId }) {
    const core = new GalileoGeneratedCore({ serverURL: baseUrl, httpClient: new HTTPClient({ fetcher: (request) => fetch(request) }) });
    const security = { apiKeyHeader: apiKey };
    const request = { projectId };
    return async () => {
      const result = await projectsGetProjectProjectsProjectIdGet(core, security, request);
      // A failed call (a validation error, say) must not pass for a fast one.
      if (!result.ok) throw result.error;
      return result.value;
    };
  };
}
