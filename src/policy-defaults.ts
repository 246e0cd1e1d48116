// What every operation gets unless the spec says otherwise, the shape of an exception, and the
// rule that reads the spec's safety marks (which operations only read, which may be repeated). No
// imports: the generator reads these to write generated/operations.ts, the client reads them
// beside that table and verify plans its calls by the same rule, so the generator never depends
// on its own output.

export type SecurityScheme = "ApiKeyHeader" | "HttpBasic" | "JwtBearer";

/** How a request body goes on the wire, from the operation's content type in the spec. */
export type BodyEncoding = "json" | "multipart" | "form";

/** Methods HTTP defines as idempotent; a POST is safe to repeat only when the spec marks it `x-idempotent`. */
export const IDEMPOTENT_METHODS: ReadonlySet<string> = new Set(["GET", "HEAD", "OPTIONS", "PUT", "DELETE"]);

/** Methods HTTP defines as safe: sending one asks for something and changes nothing. */
const SAFE_METHODS: ReadonlySet<string> = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * An operation's extensions, of which two decide whether it is safe to send: `x-idempotent: true`
 * on a POST that only reads (a search or a count whose body carries nothing but the query), and
 * `x-side-effect`, saying why a call has an effect its method does not show (an email sent, a
 * reset link issued).
 */
export type SafetyMarks = { readonly [mark: `x-${string}`]: unknown };

/**
 * Whether an operation only reads, by its method and marks: a safe method, or a POST marked
 * `x-idempotent`. `x-side-effect` is left to each reader, which weighs it its own way: the
 * client never repeats such a call, and `service-api verify` reports it as skipped.
 */
export function readsOnly(method: string, marks: SafetyMarks): boolean {
  return SAFE_METHODS.has(method) || (method === "POST" && marks["x-idempotent"] === true);
}

/** Whether the client may send a call again after an attempt failed: never with a side effect. */
export function safeToRepeat(method: string, marks: SafetyMarks): boolean {
  return marks["x-side-effect"] === undefined && (IDEMPOTENT_METHODS.has(method) || readsOnly(method, marks));
}

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
