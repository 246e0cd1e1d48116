// Derives the client's inputs from the bundle: TypeScript types (openapi-typescript) and the
// small runtime table of per-operation policy (security, retry safety, pagination).
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import openapiTS, { astToString } from "openapi-typescript";
import { slashBanner } from "./lib/banner.mjs";
import { operationsOf } from "./lib/openapi.mjs";
import { outDirFromArgs } from "./lib/paths.mjs";

// Methods that HTTP itself defines as idempotent; a POST is retry-safe only when the spec says so.
const IDEMPOTENT_METHODS = new Set(["GET", "HEAD", "OPTIONS", "PUT", "DELETE"]);

// The runtime table is shipped to browsers, so it holds only what the client cannot derive
// (src/operation-table.ts decodes it, once, into a Map with one entry per operation):
// - `operationTable`: every path, sorted and front-coded by segment ("<number of leading
//   segments shared with the previous path><the rest>"), followed by its methods, one capital
//   letter each (METHOD_CODES); after a letter, "!" when retry safety differs from what the method
//   implies (a POST marked x-idempotent), and "=<field>" for x-pagination's items. Entries are
//   separated by ",".
// - `securityExceptions`: the operations whose security is not DEFAULT_SECURITY, with their
//   operationId (the only operations whose credential check can fail, and whose error names it).
const DEFAULT_SECURITY = ["ApiKeyHeader", "HttpBasic", "JwtBearer"];
const METHOD_CODES = { GET: "G", POST: "P", PUT: "U", DELETE: "D", PATCH: "A", HEAD: "H", OPTIONS: "O" };
const PATH_CHARS = /^\/[a-z0-9_\-{}./]*$/;
const FIELD = /^[a-z0-9_]+$/; // lower case: capitals are the method letters

const outDir = outDirFromArgs();
const document = JSON.parse(readFileSync(path.join(outDir, "openapi.json"), "utf8"));

const ast = await openapiTS(document, { alphabetize: false, exportType: false });
writeFileSync(path.join(outDir, "schema.d.ts"), slashBanner + astToString(ast));

const policies = policiesOf(document);
writeFileSync(path.join(outDir, "operations.ts"), renderOperationTable(policies));
console.log(`generate: schema.d.ts and operations.ts (${Object.keys(policies).length} operations)`);

function policiesOf(doc) {
  const table = {};
  for (const { method, path: route, operation } of operationsOf(doc)) {
    const requirements = operation.security ?? doc.security ?? [];
    const security = requirements.map((requirement) => {
      const names = Object.keys(requirement);
      if (names.length !== 1) {
        throw new Error(`${method} ${route}: each security requirement must name one scheme (the service takes exactly one credential per request), got ${JSON.stringify(requirement)}`);
      }
      return names[0];
    });
    const policy = {
      operationId: operation.operationId,
      security,
      retrySafe: IDEMPOTENT_METHODS.has(method) || operation["x-idempotent"] === true,
    };
    if (operation["x-pagination"]?.items) policy.paginationItems = operation["x-pagination"].items;
    table[`${method} ${route}`] = policy;
  }
  return table;
}

function renderOperationTable(policies) {
  const byPath = new Map();
  const exceptions = {};
  for (const [key, policy] of Object.entries(policies)) {
    const space = key.indexOf(" ");
    const method = key.slice(0, space);
    const route = key.slice(space + 1);
    const code = METHOD_CODES[method];
    if (!code) throw new Error(`${key}: no one-letter code for ${method} in scripts/generate.mjs`);
    if (!PATH_CHARS.test(route)) throw new Error(`${key}: the compact table cannot hold this path (allowed: ${PATH_CHARS})`);
    let ops = code;
    if (policy.retrySafe !== IDEMPOTENT_METHODS.has(method)) ops += "!";
    if (policy.paginationItems !== undefined) {
      if (!FIELD.test(policy.paginationItems)) throw new Error(`${key}: x-pagination items ${policy.paginationItems} is not a plain field name`);
      ops += `=${policy.paginationItems}`;
    }
    if (JSON.stringify(policy.security) !== JSON.stringify(DEFAULT_SECURITY)) {
      exceptions[key] = [policy.operationId, ...policy.security];
    }
    byPath.set(route, (byPath.get(route) ?? "") + ops);
  }
  const entries = [];
  let previous = [];
  for (const route of [...byPath.keys()].sort()) {
    const segments = route.slice(1).split("/");
    let shared = 0;
    while (shared < previous.length && shared < segments.length - 1 && previous[shared] === segments[shared]) shared++;
    if (shared > 9) throw new Error(`${route}: more than 9 shared segments; widen the table's prefix count`);
    entries.push(`${shared}${segments.slice(shared).join("/")}${byPath.get(route)}`);
    previous = segments;
  }
  const exceptionLines = Object.entries(exceptions)
    .map(([key, value]) => `  ${JSON.stringify(key)}: ${JSON.stringify(value)},`)
    .join("\n");
  return `${slashBanner}
/** The credential schemes the spec declares; the service takes exactly one per request. */
export type SecuritySchemeName = "ApiKeyHeader" | "HttpBasic" | "JwtBearer";

/** What the client needs to know about an operation at run time. */
export interface OperationPolicy {
  /** Named in the error when the client's credentials cannot satisfy \`security\`. */
  readonly operationId?: string;
  /** Schemes the operation accepts, as alternatives; empty means no authentication. */
  readonly security: readonly SecuritySchemeName[];
  /** Safe to repeat automatically: GET, HEAD, OPTIONS, PUT, DELETE, or a POST marked x-idempotent. */
  readonly retrySafe: boolean;
  /** The array field holding a page's items, for operations that page with starting_token/limit. */
  readonly paginationItems?: string;
}

/**
 * ${Object.keys(policies).length} operations, compact (src/operation-table.ts reads it): each path, sorted, as the number
 * of leading segments it shares with the previous path and the rest; then one letter per method
 * (${Object.entries(METHOD_CODES).map(([m, c]) => `${c} ${m}`).join(", ")}), each followed by "!" when its retry safety is not the
 * method's own (a POST marked x-idempotent) and "=<field>" when it pages (x-pagination items).
 * Security is ${DEFAULT_SECURITY.join(" | ")} unless listed in securityExceptions.
 */
export const operationTable =
  ${JSON.stringify(entries.join(","))};

/** "METHOD /path" → [operationId, ...security] where security is not the three alternatives. */
export const securityExceptions: Readonly<Record<string, readonly [string, ...SecuritySchemeName[]]>> = {
${exceptionLines}
};
`;
}
