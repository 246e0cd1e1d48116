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
  const entries = Object.entries(policies)
    .map(([key, policy]) => `  ${JSON.stringify(key)}: ${JSON.stringify(policy)},`)
    .join("\n");
  return `${slashBanner}
/** The credential schemes the spec declares; the service takes exactly one per request. */
export type SecuritySchemeName = "ApiKeyHeader" | "HttpBasic" | "JwtBearer";

/** What the client needs to know about an operation at run time. */
export interface OperationPolicy {
  readonly operationId: string;
  /** Schemes the operation accepts, as alternatives; empty means no authentication. */
  readonly security: readonly SecuritySchemeName[];
  /** Safe to repeat automatically: GET, HEAD, OPTIONS, PUT, DELETE, or a POST marked x-idempotent. */
  readonly retrySafe: boolean;
  /** The array field holding a page's items, for operations that page with starting_token/limit. */
  readonly paginationItems?: string;
}

/** Keyed by "METHOD /path/{template}", as openapi-fetch's schemaPath gives it. */
export const operationPolicies: Readonly<Record<string, OperationPolicy>> = {
${entries}
};
`;
}
