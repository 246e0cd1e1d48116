// Per-operation policy: which credentials an operation accepts, whether it is safe to repeat, how
// its body is encoded, and how it pages: the defaults (policy-defaults.ts) with the generated table
// (generated/operations.ts, written by scripts/generate.ts from the same defaults) of the
// operations that differ from them.
import { policyOverrides } from "../../generated/operations.js";
import { IDEMPOTENT_METHODS } from "../contract/openapi-document.js";
import { DEFAULT_SECURITY, retrySafeByDefault, type BodyEncoding, type PolicyOverride, type SecurityScheme } from "./policy-defaults.js";

export { DEFAULT_SECURITY, type BodyEncoding, type PolicyOverride, type SecurityScheme } from "./policy-defaults.js";

export interface OperationPolicy {
  readonly operationId: string | undefined;
  readonly security: readonly SecurityScheme[];
  readonly retrySafe: boolean;
  readonly pageItems: string | undefined;
  readonly body: BodyEncoding;
  readonly files: readonly string[];
  readonly arrayQuery: readonly string[];
  readonly answer: "json" | "file";
}

function withDefaults(method: string, path: string, override: PolicyOverride): OperationPolicy {
  return {
    operationId: override.operationId,
    security: override.security ?? DEFAULT_SECURITY,
    retrySafe: override.retrySafe ?? retrySafeByDefault(method, path, IDEMPOTENT_METHODS),
    pageItems: override.pageItems,
    body: override.body ?? "json",
    files: override.files ?? [],
    arrayQuery: override.arrayQuery ?? [],
    answer: override.answer ?? "json",
  };
}

export type PolicyLookup = (method: string, path: string) => OperationPolicy;

/** The spec's policy for every operation, by method and path template. */
export const specPolicy: PolicyLookup = policyLookup(policyOverrides);

/**
 * A lookup over `overrides` (keyed "METHOD /path/{template}"). Operations the table does not list
 * get the defaults; the types already refuse paths the spec does not have, so there is no runtime
 * list of every operation to ship.
 */
export function policyLookup(overrides: Readonly<Record<string, PolicyOverride>>): PolicyLookup {
  const listed = new Map<string, OperationPolicy>();
  for (const [key, override] of Object.entries(overrides)) {
    const space = key.indexOf(" ");
    listed.set(key, withDefaults(key.slice(0, space), key.slice(space + 1), override));
  }
  // The defaults differ only by method and whether the rule makes a POST safe: two per method.
  const plain = new Map<string, OperationPolicy>();
  return (method, path) => {
    const policy = listed.get(`${method} ${path}`);
    if (policy) return policy;
    const safe = retrySafeByDefault(method, path, IDEMPOTENT_METHODS);
    const key = `${method} ${safe}`;
    let found = plain.get(key);
    if (!found) plain.set(key, (found = withDefaults(method, path, {})));
    return found;
  };
}
