// The libraries users put around the client (TanStack Query, SWR, MSW, openapi-msw) for the
// consumer projects that show them: linked from the repository's node_modules, at the versions
// package.json pins, beside the packed tarball that npm installed. Only what the tarball did not
// bring is linked, so the project has one openapi-fetch, the tarball's, as a user's npm would
// dedupe it; TypeScript keeps the links' paths (preserveSymlinks in the recipes' tsconfig) to
// resolve each library's imports from the project, as it would for an installed copy.
import { existsSync, mkdirSync, readFileSync, symlinkSync } from "node:fs";
import path from "node:path";
import { expect } from "vitest";
import { repoRoot } from "../../scripts/lib/paths.mjs";

/** The libraries the recipes import; their dependencies (and required peers) come with them. */
export const ECOSYSTEM = ["msw", "openapi-msw", "openapi-react-query", "@tanstack/react-query", "swr-openapi", "swr", "react", "react-dom", "@types/react", "@types/react-dom"] as const;

/**
 * The top-level packages of the repository's node_modules that `roots` need, theirs included. A
 * dependency nested in its dependent's own node_modules comes with the dependent's link, but what
 * it needs in turn may be top-level: so nested ones are walked too, and only top-level ones listed.
 */
function closure(roots: readonly string[]): string[] {
  const top = path.join(repoRoot, "node_modules");
  const linked = new Set<string>();
  const walked = new Set<string>();
  const visit = (name: string, from: string) => {
    const nested = path.join(from, "node_modules", name);
    const dir = existsSync(path.join(nested, "package.json")) ? nested : path.join(top, name);
    if (walked.has(dir) || !existsSync(path.join(dir, "package.json"))) return;
    walked.add(dir);
    if (dir === path.join(top, name)) linked.add(name);
    const pkg = JSON.parse(readFileSync(path.join(dir, "package.json"), "utf8"));
    for (const dependency of Object.keys(pkg.dependencies ?? {})) visit(dependency, dir);
    for (const peer of Object.keys(pkg.peerDependencies ?? {})) if (!pkg.peerDependenciesMeta?.[peer]?.optional) visit(peer, dir);
  };
  for (const root of roots) visit(root, repoRoot);
  return [...linked];
}

/** Links the ecosystem libraries into `project`'s node_modules, after the tarball's install. */
export function linkEcosystem(project: string): void {
  for (const name of closure(ECOSYSTEM)) {
    const link = path.join(project, "node_modules", name);
    if (existsSync(link)) continue;
    mkdirSync(path.dirname(link), { recursive: true });
    symlinkSync(path.join(repoRoot, "node_modules", name), link, "dir");
  }
}

/** What the frameworks guide's MSW recipe (msw-checks.ts) prints, on MSW 2 and on MSW 3 alike. */
export const MSW_CHECKS_RESULT = {
  refusedStatus: 422,
  detail: { detail: [{ loc: ["body", "name"], msg: "expected string, got integer", type: "value_error" }] },
  violations: [
    { kind: "request", operation: "POST /projects", status: 422, paths: ["$.name"] },
    { kind: "answer", operation: "GET /projects/{project_id}", status: 200, paths: ["$.created_at"] },
  ],
  failure: { name: "ContractViolationError", message: expect.stringMatching(/GET \/projects\/\{project_id\} answered HTTP 200.*\$\.created_at: not a valid date-time/) },
  // Once: the client did not retry it.
  calls: 1,
};

/**
 * What the recipe writes to stderr, and all of it: MSW logs an error a handler throws (the refusal
 * the call then rejects with) and a line of its own, whatever listens; the frameworks guide says so.
 */
export const MSW_REFUSAL_LOG =
  /^ContractViolationError: the handler of GET \/projects\/\{project_id\} answered HTTP 200, which the contract does not allow: \$\.created_at: not a valid date-time\n(?:.*\n)*?\[MSW\] Encountered an unhandled exception during the handler lookup for "GET https:\/\/api\.acme\.example\/projects\/[0-9a-f-]{36}"\. Please see the original error above\.\n$/;
