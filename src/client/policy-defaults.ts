// What every operation gets unless the spec says otherwise, and the shape of an exception. No
// imports: the generator reads these to write generated/operations.ts, and the client reads them
// beside that table, so the generator never depends on its own output. Whether an operation may
// be repeated by default follows its method (`IDEMPOTENT_METHODS` in openapi-document.ts, which
// the callers hand in), and for a POST its path (`retrySafeByDefault`).

export type SecurityScheme = "ApiKeyHeader" | "HttpBasic" | "JwtBearer";

/** How a request body goes on the wire, from the operation's content type in the spec. */
export type BodyEncoding = "json" | "multipart" | "form";

/** What an operation accepts unless the spec says otherwise: any one of the three credentials. */
export const DEFAULT_SECURITY: readonly SecurityScheme[] = ["ApiKeyHeader", "HttpBasic", "JwtBearer"];

/**
 * The POSTs that only read, by their path: every POST with an `insights` segment (the insights
 * group's statistics, and the prompt metrics over a run) and every POST that ends in `/columnar`
 * (a listing read as columns). The contract marks each `x-idempotent` (CONTRIBUTING, "Vendor extensions"),
 * so the table need not list them; it lists only a POST where the mark and this rule disagree.
 */
export const READ_ONLY_POST = /\/insights\/|\/columnar$/;

/** Whether an operation the table does not mark may be sent again: by its method, and a POST by its path. */
export function retrySafeByDefault(method: string, path: string, idempotentMethods: ReadonlySet<string>): boolean {
  return idempotentMethods.has(method) || (method === "POST" && READ_ONLY_POST.test(path));
}

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
