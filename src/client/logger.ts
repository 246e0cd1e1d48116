// The optional logging hook. One function receives structured events; adapting it to any logging
// library is a one-liner, and with no logger the client does no logging work at all.

export type ServiceLogEvent =
  | { readonly event: "request"; readonly method: string; readonly path: string; readonly operation: string; readonly attempt: number }
  | {
      readonly event: "response";
      readonly method: string;
      readonly path: string;
      readonly operation: string;
      readonly attempt: number;
      readonly status: number;
      readonly durationMs: number;
      readonly requestId: string | undefined;
    }
  | {
      readonly event: "retry";
      readonly method: string;
      readonly path: string;
      readonly operation: string;
      readonly attempt: number;
      readonly delayMs: number;
      /** The status that triggered the retry, or "timeout" / "connection". */
      readonly reason: number | "timeout" | "connection";
    }
  | {
      readonly event: "error";
      readonly method: string;
      readonly path: string;
      readonly operation: string;
      readonly attempt: number;
      readonly durationMs: number;
      readonly reason: "timeout" | "connection";
    }
  | { readonly event: "token-refresh"; readonly outcome: "start" | "success" | "failure"; readonly durationMs?: number; readonly expiresAt?: string }
  | { readonly event: "warning"; readonly message: string };

/**
 * Receives one event per request start, response, retry, transport error and token refresh.
 * `path` is the request's URL with every query value replaced by "[REDACTED]"; no event ever
 * carries a header.
 */
export type ServiceLogger = (event: ServiceLogEvent) => void;

/**
 * Calls the logger. A logger that throws, or returns a promise that rejects (an async sink that is
 * down), changes nothing about the call it describes and never becomes an unhandled rejection.
 */
export function emit(logger: ServiceLogger | undefined, event: ServiceLogEvent): void {
  if (!logger) return;
  try {
    const returned: unknown = logger(event);
    if (returned !== null && typeof returned === "object" && typeof (returned as PromiseLike<unknown>).then === "function") {
      (returned as PromiseLike<unknown>).then(undefined, () => undefined);
    }
  } catch {
    // A logging failure must never change what the caller sees.
  }
}
