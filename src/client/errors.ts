// The errors the client throws, and unwrap(). Every error can be logged, serialised or inspected
// without leaking a credential: messages carry no header value and no URL with user info, bodies
// and explanations are scrubbed of the client's secrets before they are stored, and what is kept
// of requests and responses is a redacted summary (redact.ts).
import { redactBody, redactHeaders, scrub } from "./redact.js";

/** What a request looked like, with credential headers and query values redacted. */
export interface RedactedRequest {
  readonly method: string;
  readonly url: string;
  readonly headers: Readonly<Record<string, string>>;
}

/** The broad class of an HTTP error answer, so callers can branch without memorising codes. */
export type ServiceApiErrorKind =
  | "unauthorized" // 401
  | "forbidden" // 403
  | "not_found" // 404
  | "conflict" // 409
  | "validation" // 422
  | "rate_limited" // 429
  | "server" // 5xx
  | "http"; // anything else that is not a success

const KIND_BY_STATUS: Readonly<Record<number, ServiceApiErrorKind>> = {
  401: "unauthorized",
  403: "forbidden",
  404: "not_found",
  409: "conflict",
  422: "validation",
  429: "rate_limited",
};

export function kindOfStatus(status: number): ServiceApiErrorKind {
  return KIND_BY_STATUS[status] ?? (status >= 500 && status <= 599 ? "server" : "http");
}

function hideProperty(target: object, key: string, value: unknown): void {
  Object.defineProperty(target, key, { value, enumerable: false, writable: false, configurable: true });
}

/** The base of every error this package throws. */
export class ServiceError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    // A class field would be enumerable and show up in JSON; the prototype name is enough.
    hideProperty(this, "name", new.target.name);
  }
}

/**
 * The client was configured or called in a way that cannot work (a bad option, a malformed
 * credential, plain http with credentials, an input the operation cannot take). Thrown before
 * anything is sent.
 */
export class ServiceConfigurationError extends ServiceError {}

/**
 * Refuses an input before anything is sent: a ServiceConfigurationError with `message`, which
 * says what was wrong and how to fix it and never repeats a value that may be a secret. Given the
 * call's operation, the message names it and says that nothing went out.
 */
export function refuse(message: string, operation?: string): never {
  throw new ServiceConfigurationError(operation === undefined ? message : `${operation}: ${message}; nothing was sent`);
}

/** Where an answer came from: the operation as the spec names it, and the service's request id. */
interface AnswerInit {
  readonly status: number;
  /** "METHOD /path/{template}". */
  readonly operation: string;
  readonly requestId: string | undefined;
  readonly attempts: number;
}

/**
 * The service answered, but not as the contract says it does: a success whose body is not the
 * JSON it declares, a token answer without a token, a listing page without its items, a cursor
 * that leads back to a page already read. The body itself is never quoted.
 */
export class ServiceResponseError extends ServiceError {
  readonly status: number;
  readonly operation: string;
  readonly requestId: string | undefined;
  readonly attempts: number;

  constructor(problem: string, init: AnswerInit) {
    super(`${init.operation} answered HTTP ${init.status}, but ${problem}${requestIdNote(init.requestId)}`);
    this.status = init.status;
    this.operation = init.operation;
    this.requestId = init.requestId;
    this.attempts = init.attempts;
  }
}

export interface ServiceApiErrorInit extends AnswerInit {
  readonly statusText?: string;
  /** The parsed error body, already scrubbed of secrets. */
  readonly body: unknown;
  readonly headers: Readonly<Record<string, string>>;
  readonly retryAfterMs?: number | undefined;
  readonly response?: Response | undefined;
  /** What the client knows that the answer does not say, such as that it sent no credential. */
  readonly note?: string | undefined;
}

/** The API answered with an error status; thrown by `unwrap()`. */
export class ServiceApiError extends ServiceError {
  readonly status: number;
  readonly kind: ServiceApiErrorKind;
  readonly operation: string;
  /** The service's `x-request-id`, the handle its support needs. */
  readonly requestId: string | undefined;
  /** The parsed error body, with any credential the client holds replaced by "[REDACTED]". */
  readonly body: unknown;
  /** The answer's headers; values only for headers known to be harmless, the others "[REDACTED]". */
  readonly headers: Readonly<Record<string, string>>;
  /** How many attempts were made, retries and replays included. */
  readonly attempts: number;
  /** For 429: how long the service asked us to wait, when it said so. */
  readonly retryAfterMs: number | undefined;
  // A private field, not a property: the raw Response (its headers may echo anything) stays out
  // of JSON and of util.inspect, even with showHidden.
  readonly #response: Response | undefined;

  constructor(init: ServiceApiErrorInit) {
    const text = init.statusText ? ` ${init.statusText}` : "";
    const why = explain(init.body);
    super(`${init.operation} failed with HTTP ${init.status}${text}${why ? `: ${why}` : ""}${init.note ? ` (${init.note})` : ""}${requestIdNote(init.requestId)}`);
    this.status = init.status;
    this.kind = kindOfStatus(init.status);
    this.operation = init.operation;
    this.requestId = init.requestId;
    this.body = init.body;
    this.headers = init.headers;
    this.attempts = init.attempts;
    this.retryAfterMs = init.retryAfterMs;
    this.#response = init.response;
  }

  /** The raw answer, for debugging; its body has been read. */
  get response(): Response | undefined {
    return this.#response;
  }
}

export interface TransportErrorInit {
  readonly operation: string;
  readonly attempts: number;
  readonly request: RedactedRequest;
  readonly cause?: unknown;
}

/** The request never got a complete answer: connection refused or reset, DNS, TLS, bad redirect. */
export class ServiceConnectionError extends ServiceError {
  readonly operation: string;
  readonly attempts: number;
  declare readonly request: RedactedRequest;

  constructor(message: string, init: TransportErrorInit) {
    super(`${init.operation}: ${message}`, init.cause === undefined ? undefined : { cause: init.cause });
    this.operation = init.operation;
    this.attempts = init.attempts;
    hideProperty(this, "request", init.request);
  }
}

/** An attempt (headers and body) took longer than `timeoutMs`, and no retry was left or allowed. */
export class ServiceTimeoutError extends ServiceError {
  readonly operation: string;
  readonly attempts: number;
  readonly timeoutMs: number;
  declare readonly request: RedactedRequest;

  constructor(init: TransportErrorInit & { readonly timeoutMs: number; readonly stalled?: boolean }) {
    // The origin, as a connection error gives it: a timeout is as often the wrong host as a slow one.
    const origin = new URL(init.request.url).origin;
    const what = init.stalled ? `the streamed body from ${origin} sent nothing` : `no complete answer from ${origin}`;
    super(`${init.operation}: ${what} within ${init.timeoutMs} ms (attempt ${init.attempts})`);
    this.operation = init.operation;
    this.attempts = init.attempts;
    this.timeoutMs = init.timeoutMs;
    hideProperty(this, "request", init.request);
  }
}

function requestIdNote(requestId: string | undefined): string {
  return requestId ? ` (request id ${requestId})` : "";
}

const MAX_EXPLANATION = 300;
const SHOWN_PROBLEMS = 3;

/**
 * What the service said about the failure, for the message: a validation error's first problems
 * with their locations (`query.user_email: value is not a valid email address`), or a string
 * `detail`. Capped, so that a service echoing a whole document cannot flood a log line.
 */
function explain(body: unknown): string {
  const detail = body !== null && typeof body === "object" ? (body as { detail?: unknown }).detail : undefined;
  let text = "";
  if (typeof detail === "string") text = detail;
  else if (Array.isArray(detail)) {
    const problems = detail.filter((entry): entry is { loc?: unknown; msg: string } => typeof entry?.msg === "string");
    text = problems
      .slice(0, SHOWN_PROBLEMS)
      .map(({ loc, msg }) => (Array.isArray(loc) && loc.length > 0 ? `${loc.join(".")}: ${msg}` : msg))
      .join("; ");
    if (problems.length > SHOWN_PROBLEMS) text += ` (and ${problems.length - SHOWN_PROBLEMS} more)`;
  }
  const flat = text.replace(/\s+/g, " ").trim();
  return flat.length > MAX_EXPLANATION ? `${flat.slice(0, MAX_EXPLANATION - 1)}…` : flat;
}

/**
 * What a call of ours knows about itself, attached (not enumerable) to the `{ data, error,
 * response }` it returns, so that unwrap() can name the operation and count the attempts.
 */
export const CALL_INFO: unique symbol = Symbol("service-api call");

export interface CallInfo {
  readonly operation: string;
  readonly attempts: number;
  /** The client's secrets at the time, to scrub what unwrap() keeps. */
  readonly secrets: () => readonly string[];
}

// A client given no credential at all sends none and lets the service answer 401 (a readiness
// probe needs none); the bare 401 would hide that nothing was sent.
const NO_CREDENTIAL_NOTE = "this client holds no credential and sent none: pass `auth`, for example { apiKey: process.env.SERVICE_API_KEY }, or set SERVICE_API_KEY";

interface FetchResult<D> {
  readonly data?: D;
  readonly error?: unknown;
  readonly response: Response;
}

/** The operation, attempts and request id of a call's answer, as the errors report them. */
export function answerOf(result: FetchResult<unknown>): AnswerInit & { readonly secrets: readonly string[] } {
  const info = (result as { [CALL_INFO]?: CallInfo })[CALL_INFO];
  const secrets = info?.secrets() ?? [];
  const { response } = result;
  const requestId = response.headers.get("x-request-id");
  return {
    status: response.status,
    operation: info?.operation ?? `${response.status} from ${response.url ? new URL(response.url).pathname : "an unknown operation"}`,
    requestId: requestId === null ? undefined : scrub(requestId, secrets),
    attempts: info?.attempts ?? 1,
    secrets,
  };
}

/**
 * Narrows a call's result to the error answer the spec declares for `status`, so that `error`
 * has that status's type: `if (hasStatus(result, 422)) result.error.detail`.
 */
export function hasStatus<R extends { readonly response: Response }, S extends number>(result: R, status: S): result is Extract<R, { response: { status: S } }> {
  return result.response.status === status;
}

/**
 * The `data` of a successful call; otherwise throws a ServiceApiError with the status, the
 * operation, the service's request id, what it said, and the parsed (redacted) error body.
 * Transport failures are already thrown by the call itself (ServiceConnectionError,
 * ServiceTimeoutError, ServiceResponseError).
 */
export async function unwrap<R extends FetchResult<unknown>>(call: R | Promise<R>): Promise<Exclude<R["data"], undefined>> {
  const result = await call;
  const { response } = result;
  // openapi-fetch leaves `error` undefined for an empty error body: test the status too.
  if (result.error === undefined && response.ok) return result.data as Exclude<R["data"], undefined>;
  const answer = answerOf(result);
  const { status, secrets } = answer;
  const sentNone = status === 401 && CALL_INFO in result && secrets.length === 0;
  throw new ServiceApiError({
    ...answer,
    statusText: scrub(response.statusText, secrets),
    // An empty error body reaches us as "" or undefined depending on Content-Length: one form.
    body: result.error === "" ? undefined : redactBody(result.error, secrets),
    headers: redactHeaders(response.headers, secrets),
    retryAfterMs: status === 429 ? parseRetryAfter(response.headers.get("retry-after")) : undefined,
    response,
    note: sentNone ? NO_CREDENTIAL_NOTE : undefined,
  });
}

// Retry-After, read here for a 429's `retryAfterMs` and by retries.ts for the wait before a retry.
const HTTP_DATE = [
  /^[A-Z][a-z]{2}, \d{2} [A-Z][a-z]{2} \d{4} \d{2}:\d{2}:\d{2} GMT$/, // IMF-fixdate
  /^[A-Z][a-z]+, \d{2}-[A-Z][a-z]{2}-\d{2} \d{2}:\d{2}:\d{2} GMT$/, // obsolete RFC 850 form
  /^[A-Z][a-z]{2} [A-Z][a-z]{2} [ \d]\d \d{2}:\d{2}:\d{2} \d{4}$/, // obsolete asctime form
];

/**
 * Retry-After in milliseconds: a non-negative whole number of seconds, or an HTTP date (relative
 * to `now`, never negative). Anything else (`-5`, `1.5`, prose) is undefined rather than a guess:
 * `Date.parse` alone reads "-5" as a date in 2001.
 */
export function parseRetryAfter(value: string | null, now: number = Date.now()): number | undefined {
  if (value === null) return undefined;
  const trimmed = value.trim();
  if (/^\d+$/.test(trimmed)) return Number(trimmed) * 1000;
  if (!HTTP_DATE.some((format) => format.test(trimmed))) return undefined;
  const at = Date.parse(trimmed);
  return Number.isFinite(at) ? Math.max(0, at - now) : undefined;
}
