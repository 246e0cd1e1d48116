// The errors the client throws. Every one is built so that it can be logged, serialised or
// inspected without leaking a credential: messages never include header values or URLs with
// user info, bodies are redacted before they are stored, and request details are kept only as a
// non-enumerable, redacted summary.

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
 * The client was configured in a way that cannot work (bad base address, malformed credentials,
 * plain http with credentials, credentials that an operation does not accept). Thrown before
 * anything is sent.
 */
export class ServiceConfigurationError extends ServiceError {}

export interface ServiceApiErrorInit {
  readonly status: number;
  readonly statusText?: string;
  readonly operation: string;
  readonly requestId: string | undefined;
  readonly body: unknown;
  readonly attempts: number;
  readonly retryAfterMs?: number | undefined;
  readonly response?: Response | undefined;
}

/** The API answered with an error status; thrown by `unwrap()`. */
export class ServiceApiError extends ServiceError {
  readonly status: number;
  readonly kind: ServiceApiErrorKind;
  /** "METHOD /path/{template}", the operation as the spec names it. */
  readonly operation: string;
  /** The service's `x-request-id`, the handle its support needs. */
  readonly requestId: string | undefined;
  /** The parsed error body, with any credential the client holds replaced by "[REDACTED]". */
  readonly body: unknown;
  /** How many attempts were made, retries and replays included. */
  readonly attempts: number;
  /** For 429: how long the service asked us to wait, when it said so. */
  readonly retryAfterMs: number | undefined;
  declare readonly response: Response | undefined;

  constructor(init: ServiceApiErrorInit) {
    const id = init.requestId ? ` (request id ${init.requestId})` : "";
    const text = init.statusText ? ` ${init.statusText}` : "";
    super(`${init.operation} failed with HTTP ${init.status}${text}${id}`);
    this.status = init.status;
    this.kind = kindOfStatus(init.status);
    this.operation = init.operation;
    this.requestId = init.requestId;
    this.body = init.body;
    this.attempts = init.attempts;
    this.retryAfterMs = init.retryAfterMs;
    // The Response is useful for debugging but is not data: keep it out of JSON and plain inspect.
    hideProperty(this, "response", init.response);
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

  constructor(init: TransportErrorInit & { readonly timeoutMs: number }) {
    super(`${init.operation}: no complete answer within ${init.timeoutMs} ms (attempt ${init.attempts})`);
    this.operation = init.operation;
    this.attempts = init.attempts;
    this.timeoutMs = init.timeoutMs;
    hideProperty(this, "request", init.request);
  }
}
