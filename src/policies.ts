// Per-operation policy: which credentials an operation accepts, whether it is safe to repeat, how
// its body is encoded, and how it pages. The rules and defaults live here; the generated table
// (generated/operations.ts, written by scripts/generate.ts from these same constants) lists only
// the operations that differ from them.
import { policyOverrides } from "../generated/operations.js";

export type SecurityScheme = "ApiKeyHeader" | "HttpBasic" | "JwtBearer";

/** How a request body goes on the wire, from the operation's content type in the spec. */
export type BodyEncoding = "json" | "multipart" | "form";

/** HTTP methods in the order openapi-fetch names them. */
export const HTTP_METHODS = ["GET", "PUT", "POST", "DELETE", "OPTIONS", "HEAD", "PATCH", "TRACE"] as const;

/** Methods HTTP defines as idempotent; a POST is safe to repeat only when the spec marks it `x-idempotent`. */
export const IDEMPOTENT_METHODS: ReadonlySet<string> = new Set(["GET", "HEAD", "OPTIONS", "PUT", "DELETE"]);

/** What an operation accepts unless the spec says otherwise: any one of the three credentials. */
export const DEFAULT_SECURITY: readonly SecurityScheme[] = ["ApiKeyHeader", "HttpBasic", "JwtBearer"];

/** An entry of the generated table: only what differs from the defaults above. */
export interface PolicyOverride {
  /** Kept where an error may need to name the operation (its security differs). */
  readonly operationId?: string;
  readonly security?: readonly SecurityScheme[];
  /**
   * true: a POST marked `x-idempotent` (it only reads, so it may be retried). false: a GET marked
   * `x-side-effect` (repeating it repeats what it does, such as sending an email).
   */
  readonly retrySafe?: boolean;
  /** `x-pagination.items`: the array that holds a page's items. */
  readonly pageItems?: string;
  readonly body?: Exclude<BodyEncoding, "json">;
  /** Multipart fields that carry a file. */
  readonly files?: readonly string[];
  /** Query parameters the spec declares as arrays (form style, exploded: `a=1&a=2`). */
  readonly arrayQuery?: readonly string[];
  /** The success answer is a file (no JSON declared): read as text unless the call says `parseAs`. */
  readonly answer?: "file";
}

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

function withDefaults(method: string, override: PolicyOverride): OperationPolicy {
  return {
    operationId: override.operationId,
    security: override.security ?? DEFAULT_SECURITY,
    retrySafe: override.retrySafe ?? IDEMPOTENT_METHODS.has(method),
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
  for (const [key, override] of Object.entries(overrides)) listed.set(key, withDefaults(key.slice(0, key.indexOf(" ")), override));
  const byMethod = new Map<string, OperationPolicy>();
  return (method, path) => {
    const policy = listed.get(`${method} ${path}`);
    if (policy) return policy;
    let plain = byMethod.get(method);
    if (!plain) byMethod.set(method, (plain = withDefaults(method, {})));
    return plain;
  };
}
