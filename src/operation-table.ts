// The spec's per-operation policy, decoded once from the compact table that
// scripts/generate.mjs renders into generated/operations.ts (its format is described there).
// Only what differs from what the client can derive is stored: security defaults to the three
// alternatives, retry safety to the method's own, and an operationId is kept only where an error
// can name it. The result is a Map: one exact O(1) lookup per call.
import { operationTable, securityExceptions, type OperationPolicy, type SecuritySchemeName } from "../generated/operations.js";

export type PolicyTable = ReadonlyMap<string, OperationPolicy>;

const METHODS: Readonly<Record<string, string>> = { G: "GET", P: "POST", U: "PUT", D: "DELETE", A: "PATCH", H: "HEAD", O: "OPTIONS" };
/** Methods HTTP defines as idempotent; a POST is retry-safe only when the spec says so. */
export const IDEMPOTENT_METHODS: ReadonlySet<string> = new Set(["GET", "HEAD", "OPTIONS", "PUT", "DELETE"]);
const ALL: readonly SecuritySchemeName[] = ["ApiKeyHeader", "HttpBasic", "JwtBearer"];

let decoded: Map<string, OperationPolicy> | undefined;

/** The policy of every operation of the spec, keyed by "METHOD /path/{template}". */
export function specPolicies(): PolicyTable {
  if (decoded) return decoded;
  const table = new Map<string, OperationPolicy>();
  // Shared objects for the common shapes: most operations differ in nothing but the method.
  const plain = [{ security: ALL, retrySafe: false }, { security: ALL, retrySafe: true }];
  let segments: string[] = [];
  for (const entry of operationTable.split(",")) {
    const [, shared, rest, ops] = /^(\d)([^A-Z]*)(.*)$/.exec(entry)!;
    segments = segments.slice(0, +shared!).concat(rest!.split("/"));
    const path = `/${segments.join("/")}`;
    for (const [, code, flip, items] of ops!.matchAll(/([A-Z])(!?)(?:=([a-z0-9_]+))?/g)) {
      const method = METHODS[code!]!;
      const key = `${method} ${path}`;
      const retrySafe = IDEMPOTENT_METHODS.has(method) !== (flip === "!");
      const exception = securityExceptions[key];
      table.set(
        key,
        exception || items
          ? {
              operationId: exception?.[0],
              security: exception ? (exception.slice(1) as SecuritySchemeName[]) : ALL,
              retrySafe,
              paginationItems: items,
            }
          : plain[+retrySafe]!,
      );
    }
  }
  return (decoded = table);
}
