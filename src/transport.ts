// The `fetch` given to openapi-fetch. It runs beneath the middleware, so a retry re-sends the
// same request without re-running middleware: once per call, the middleware chooses credentials
// and records the operation (call-context.ts); here, per attempt, we apply the timeout, the
// caller's AbortSignal, redirects, retries, and in JWT mode the one replay after a 401.
import { BufferedResponse } from "./buffered-response.js";
import { callContexts, responseMeta } from "./call-context.js";
import type { FetchLike } from "./config.js";
import { DeadlineQueue, TIMED_OUT } from "./deadlines.js";
import { ServiceConnectionError, ServiceError, ServiceTimeoutError, type RedactedRequest } from "./errors.js";
import { emit, type ServiceLogger } from "./logger.js";
import { isCredentialHeader, redactHeaders, redactUrl, sanitizeCause } from "./redact.js";
import { followRedirects, isRedirect, RedirectFailure, sendInit } from "./redirects.js";
import { backoffDelay, isRetryableStatus, retryDelay } from "./retry-policy.js";
import { IDEMPOTENT_METHODS } from "./operation-table.js";
import { sleep } from "./sleep.js";
import type { TokenCache } from "./token-cache.js";

export interface TransportOptions {
  readonly fetch: FetchLike;
  /** The API's origin: credentials never leave it. */
  readonly origin: string;
  readonly timeoutMs: number;
  readonly maxRetries: number;
  readonly logger: ServiceLogger | undefined;
  readonly tokens: TokenCache | undefined;
  readonly secrets: () => readonly string[];
  /** For tests: the jitter source. */
  readonly random?: () => number;
}

export type Transport = (request: Request, ext?: Record<string, unknown>) => Promise<Response>;

/** Requests that our client's openapi-fetch made without a caller's AbortSignal. */
const unsignalled = new WeakSet<Request>();
/**
 * The `Request` our openapi-fetch builds with: a plain Request, noted when no caller's signal came
 * with it. Not a subclass: openapi-fetch checks what middleware returns with `instanceof` this, so
 * it shares Request's prototype and any Request passes.
 */
export const CallRequest = function CallRequest(input: RequestInfo | URL, init?: RequestInit): Request {
  const request = new Request(input, init);
  if (!init?.signal) unsignalled.add(request);
  return request;
} as unknown as typeof Request;
(CallRequest as { prototype: Request }).prototype = Request.prototype;

const ONCE = { once: true } as const;

type Failure = { readonly kind: "timeout" | "connection"; readonly error: ServiceError; readonly retryable: boolean };

export function createTransport(options: TransportOptions): Transport {
  const { fetch: fetchImpl, timeoutMs, maxRetries, logger, tokens, secrets } = options;
  const originPrefix = `${options.origin}/`;
  const random = options.random ?? Math.random;
  const deadlines = new DeadlineQueue(timeoutMs);

  return async function transport(request, ext) {
    const context = callContexts.get(request);
    const url = request.url; // a getter that serialises the URL each time: read it once
    const operation = context?.operation ?? `${request.method} ${new URL(url).pathname}`;
    const retrySafe = context ? context.policy.retrySafe : IDEMPOTENT_METHODS.has(request.method);
    const stream = context?.stream ?? false;
    const caller = request.signal;
    const shared = !stream && unsignalled.has(request);
    if (caller.aborted) throw caller.reason;
    // Defence in depth: whatever produced this request, credentials go to the API's origin only.
    if (!url.startsWith(originPrefix)) stripCredentials(request.headers);
    const path = logger ? redactUrl(url) : "";
    const method = request.method;
    // Read once, replayed byte for byte by every attempt and by 307/308 redirects.
    const body = request.body === null ? undefined : await request.arrayBuffer();
    // Retries are for retry-safe operations only; the JWT replay after a 401 is counted apart.
    const retryBudget = retrySafe ? maxRetries : 0;
    let bearer = context?.bearer;
    let replayed = false;
    let retries = 0;

    for (let attempt = 1; ; attempt++) {
      const outcome = await sendOnce(request, body, ext, attempt);
      if (outcome instanceof Response) {
        const status = outcome.status;
        if (status === 401 && bearer !== undefined && tokens && !replayed) {
          // JWT mode: the token was revoked or expired early. Replace exactly that token and
          // replay once; a second 401 is the service's answer and is returned.
          replayed = true;
          await outcome.body?.cancel().catch(() => undefined);
          bearer = await tokens.replace(bearer);
          request.headers.set("authorization", `Bearer ${bearer}`);
          continue;
        }
        if (retries < retryBudget && isRetryableStatus(status)) {
          const delayMs = retryDelay(retries, outcome.headers.get("retry-after"), random());
          if (delayMs !== undefined) {
            if (logger) emit(logger, { event: "retry", method, path, operation, attempt, delayMs, reason: status });
            await outcome.body?.cancel().catch(() => undefined);
            await sleep(delayMs, caller);
            retries++;
            continue;
          }
        }
        // Only unwrap() reads this, and only for an error answer.
        if (!outcome.ok) responseMeta.set(outcome, { operation, attempts: attempt, secrets });
        return outcome;
      }
      if (retries < retryBudget && outcome.retryable) {
        const delayMs = backoffDelay(retries, random());
        if (logger) emit(logger, { event: "retry", method, path, operation, attempt, delayMs, reason: outcome.kind });
        await sleep(delayMs, caller);
        retries++;
        continue;
      }
      throw outcome.error;
    }

    async function sendOnce(
      request: Request,
      body: ArrayBuffer | undefined,
      ext: Record<string, unknown> | undefined,
      attempt: number,
    ): Promise<Response | Failure> {
      // Most attempts share their deadline's signal. An attempt gets a controller of its own only
      // when it must also follow the caller's signal (a request that may carry one: not made by
      // our client, or made with `signal`), or when its body outlives it (parseAs "stream").
      const controller = shared ? undefined : new AbortController();
      const deadline = deadlines.start(controller);
      const signal = controller ? controller.signal : deadlines.signal(deadline);
      const onCallerAbort = controller && (() => controller.abort(caller.reason));
      if (onCallerAbort) caller.addEventListener("abort", onCallerAbort, ONCE);
      const started = logger ? Date.now() : 0;
      if (logger) emit(logger, { event: "request", method, path, operation, attempt });
      try {
        let response = await fetchImpl(request, sendInit(signal, body, ext));
        if (isRedirect(response.status)) response = await followRedirects(fetchImpl, request, response, body, signal, ext);
        // Read the body under the same deadline, so a stall or reset mid-body is a timeout or a
        // connection error of this attempt (and retried like one), not a failure later in parsing.
        if (!stream && response.status >= 200 && response.body !== null) {
          response = new BufferedResponse(new Uint8Array(await response.arrayBuffer()), response);
        }
        if (logger) {
          emit(logger, {
            event: "response",
            method,
            path,
            operation,
            attempt,
            status: response.status,
            durationMs: Date.now() - started,
            requestId: response.headers.get("x-request-id") ?? undefined,
          });
        }
        return response;
      } catch (error) {
        if (caller.aborted) throw caller.reason;
        const timedOut = signal.aborted && signal.reason === TIMED_OUT;
        const kind = timedOut ? "timeout" : "connection";
        if (logger) emit(logger, { event: "error", method, path, operation, attempt, durationMs: Date.now() - started, reason: kind });
        const init = { operation, attempts: attempt, request: summarize(request) };
        if (timedOut) return { kind, error: new ServiceTimeoutError({ ...init, timeoutMs }), retryable: true };
        // A redirect we refuse to follow will be refused again: not worth a retry.
        const refused = error instanceof RedirectFailure;
        const message = refused ? error.message : "the connection failed before a complete answer arrived";
        const failure = new ServiceConnectionError(message, { ...init, cause: sanitizeCause(error, secrets()) });
        return { kind, error: failure, retryable: !refused };
      } finally {
        deadlines.finish(deadline, controller);
        // A streamed body is read after we return: leave the caller's abort wired to it.
        if (onCallerAbort && !stream) caller.removeEventListener("abort", onCallerAbort);
      }
    }
  };
}

function stripCredentials(headers: Headers): void {
  const names: string[] = [];
  headers.forEach((_value, name) => {
    if (isCredentialHeader(name)) names.push(name);
  });
  for (const name of names) headers.delete(name);
}

function summarize(request: Request): RedactedRequest {
  return { method: request.method, url: redactUrl(request.url), headers: redactHeaders(request.headers) };
}
