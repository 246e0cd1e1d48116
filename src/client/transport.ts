// The `fetch` each call hands to openapi-fetch, bound to that call's plan. It runs after every
// middleware, so what happens here happens once per attempt and no middleware sees it: the
// credential is put on a copy of the headers, the attempt gets its timeout and the caller's
// AbortSignal, redirects stay on the API's origin, the body is read under the same deadline,
// retry-safe operations are retried, and in JWT mode a 401 gets one fresh token and one replay.
// The retry rules it applies are in retries.ts. Below createTransport, in the order it uses them:
// BufferedResponse (the body read under the deadline), and the small waits and summaries the
// attempts share.
import { bearer, credentialFor, type Credentials } from "./auth.js";
import { isForCaller } from "./caller-errors.js";
import { AttemptDeadline } from "./deadline.js";
import { requestIdOf } from "./encoding.js";
import type { FetchLike } from "./config.js";
import { ServiceConnectionError, ServiceError, ServiceTimeoutError, type RedactedRequest } from "./errors.js";
import { emit, type ServiceLogger } from "./logger.js";
import type { OperationPolicy } from "./policies.js";
import { isCredentialHeader, redactHeaders, redactUrl, sanitizeCause } from "./redact.js";
import { followRedirects, isRedirect, RedirectFailure, sendInit, type SendInit } from "./redirects.js";
import { backoffDelay, isRetryableStatus, retryDelay } from "./retries.js";
import type { TokenCache } from "./token-cache.js";

/** One call, as the client prepared it: what the transport needs and nothing it can derive. */
export interface CallPlan {
  /** "METHOD /path/{template}", as the spec names the operation. */
  readonly operation: string;
  readonly policy: OperationPolicy;
  readonly timeoutMs: number;
  readonly maxRetries: number;
  /** `parseAs: "stream"`: the caller reads the body, so it is watched rather than buffered. */
  readonly stream: boolean;
  /** Written here: the attempts made, for unwrap() and the errors. */
  attempts: number;
}

export interface TransportOptions {
  readonly fetch: FetchLike;
  /** The API's origin: credentials never leave it. */
  readonly origin: string;
  readonly credentials: Credentials;
  readonly tokens: TokenCache | undefined;
  readonly logger: ServiceLogger | undefined;
  readonly secrets: () => readonly string[];
  /** For tests: the jitter source. */
  readonly random?: () => number;
}

export type Transport = (request: Request, plan: CallPlan) => Promise<Response>;

type Failure = { readonly kind: "timeout" | "connection"; readonly error: ServiceError; readonly retryable: boolean };

export function createTransport(options: TransportOptions): Transport {
  const { fetch: fetchImpl, credentials, tokens, logger, secrets } = options;
  const originPrefix = `${options.origin}/`;
  const random = options.random ?? Math.random;

  return async function send(request, plan) {
    const caller = request.signal;
    if (caller.aborted) throw caller.reason;
    const url = request.url; // a getter that serialises the URL each time: read it once
    const { operation, policy } = plan;
    const method = request.method;
    const path = logger ? redactUrl(url) : "";
    // Headers before the body: Bun settles a form body's Content-Type (and its boundary) when the
    // headers are first read, and a request whose body was read first has none.
    // Whatever middleware put on the request, the one credential is ours to choose, and only for
    // the API's own origin (a per-call baseUrl or a middleware may point elsewhere).
    const headers = new Headers(request.headers);
    // Read once, replayed byte for byte by every attempt and by 307/308 redirects.
    const body = request.body === null ? undefined : await request.arrayBuffer();
    stripCredentials(headers);
    const pending = url.startsWith(originPrefix) ? credentialFor(operation, policy, credentials, tokens) : undefined;
    let credential = pending instanceof Promise ? await untilAborted(pending, caller) : pending;
    if (credential) headers.set(credential.header, credential.value);
    // Retries are for retry-safe operations only; the JWT replay after a 401 is counted apart.
    const retryBudget = policy.retrySafe ? plan.maxRetries : 0;
    let replayed = false;
    let retries = 0;

    for (let attempt = 1; ; attempt++) {
      plan.attempts = attempt;
      const outcome = await attemptOnce(request, { headers, body, signal: caller }, plan, attempt);
      if (outcome instanceof Response) {
        const status = outcome.status;
        if (status === 401 && credential?.bearer !== undefined && tokens && !replayed) {
          // JWT mode: the token was revoked or expired early. Replace exactly that token and
          // replay once; a second 401 is the service's answer and is returned.
          replayed = true;
          await outcome.body?.cancel().catch(() => undefined);
          credential = bearer(await untilAborted(tokens.replace(credential.bearer), caller));
          headers.set(credential.header, credential.value);
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

    /**
     * One attempt, under its own deadline (deadline.ts), which covers the body read into a
     * BufferedResponse: a stall or a reset mid-body is this attempt's timeout or connection error.
     */
    async function attemptOnce(request: Request, init: SendInit, plan: CallPlan, attempt: number): Promise<Response | Failure> {
      const deadline = new AttemptDeadline(caller, plan.timeoutMs);
      const send: SendInit = { headers: init.headers, body: init.body, signal: deadline.signal };
      // Durations on the monotonic clock: a wall-clock step mid-request must not make them negative.
      const started = logger ? performance.now() : 0;
      if (logger) emit(logger, { event: "request", method, path, operation, attempt });
      let watched = false;
      try {
        // redirect: "manual" (sendInit): redirects.ts decides which ones to follow (never off the API's origin).
        let response = await fetchImpl(request, sendInit(request, send));
        if (isRedirect(response.status)) response = await followRedirects(fetchImpl, request, response, send);
        if (plan.stream) {
          // From here the deadline is per chunk; the caller's abort still applies.
          if (response.body !== null) {
            const stalled = () => new ServiceTimeoutError({ ...failureInit(attempt), timeoutMs: plan.timeoutMs, stalled: true });
            response = deadline.watch(response, stalled);
            watched = true;
          }
        } else if (response.body !== null) {
          response = new BufferedResponse(await readAll(response.body), response);
        }
        if (logger) {
          // Scrubbed like the errors' requestId: a careless proxy may echo a credential into it.
          const requestId = requestIdOf(response, secrets());
          emit(logger, { event: "response", method, path, operation, attempt, status: response.status, durationMs: Math.round(performance.now() - started), requestId });
        }
        return response;
      } catch (error) {
        if (caller.aborted || isForCaller(error)) throw caller.aborted ? caller.reason : error;
        const timedOut = deadline.timedOut;
        const kind = timedOut ? "timeout" : "connection";
        if (logger) emit(logger, { event: "error", method, path, operation, attempt, durationMs: Math.round(performance.now() - started), reason: kind });
        if (timedOut) return { kind, error: new ServiceTimeoutError({ ...failureInit(attempt), timeoutMs: plan.timeoutMs }), retryable: true };
        // A redirect we refuse to follow will be refused again: not worth a retry, and its cause
        // (the unparsable Location, say) is not kept.
        if (error instanceof RedirectFailure) return { kind, error: new ServiceConnectionError(error.message, failureInit(attempt)), retryable: false };
        const code = systemErrorCode(error);
        // Where, as well as what: the origin is what a wrong address gets wrong, and it holds no
        // credential (a URL's origin has no user info, path or query).
        const failure = new ServiceConnectionError(`the connection to ${new URL(url).origin} failed before a complete answer arrived${code ? ` (${code})` : ""}`, {
          ...failureInit(attempt),
          cause: sanitizeCause(error, secrets()),
        });
        // ENOTFOUND is the resolver's answer that the name does not exist (Node gives it for
        // EAI_NONAME and EAI_NODATA): a mistyped or retired address, which a retry a second later
        // asks the same resolver about, and resolvers cache that answer (RFC 2308). Retrying only
        // delays the message that says so. A resolver that could not answer (EAI_AGAIN) is retried.
        return { kind, error: failure, retryable: code !== "ENOTFOUND" };
      } finally {
        // A watched stream releases its deadline when it ends.
        if (!watched) deadline.release();
      }
    }

    function failureInit(attempts: number) {
      return { operation, attempts, request: summarize(request, headers) };
    }
  };
}

// The answer's body, read into memory under the attempt's deadline (attemptOnce), so that stalls
// and resets mid-body are timed out and retried. Rebuilding a standard Response around the bytes
// would cost a new ReadableStream per call, the most expensive thing in the request path (about
// 19 µs of CPU: bench/README.md); this subclass serves text(), json() and the other readers
// straight from the bytes, keeps the original headers object, and builds a stream only if
// someone asks for `body`.
const decoder = new TextDecoder();

/**
 * Every chunk of `body`, as one array (the chunk itself when there is one, as for most answers).
 * Not `response.arrayBuffer()`: on Node 22 (undici 6) that costs twice what reading the stream
 * does, and on a real round trip it was most of Node 22's gap over bare openapi-fetch
 * (bench/README.md, "Node 22's loopback gap"). The stream errors like arrayBuffer() would, with
 * the attempt's abort reason or the connection's error.
 */
async function readAll(body: ReadableStream<Uint8Array>): Promise<Uint8Array> {
  const reader = body.getReader();
  const chunks: Uint8Array<ArrayBuffer>[] = [];
  for (let chunk; !(chunk = await reader.read()).done; ) chunks.push(chunk.value as Uint8Array<ArrayBuffer>);
  return chunks.length === 1 ? chunks[0]! : new Uint8Array(await new Blob(chunks).arrayBuffer());
}

export class BufferedResponse extends Response {
  readonly #bytes: Uint8Array;
  readonly #from: Response;
  #used = false;
  #stream: Response | undefined;

  constructor(bytes: Uint8Array, from: Response) {
    // No init: status, statusText and ok come from `from` (getters below), which spares the
    // Response constructor's init conversion on every call.
    super();
    this.#bytes = bytes;
    this.#from = from;
  }

  override get status(): number {
    return this.#from.status;
  }
  override get statusText(): string {
    return this.#from.statusText;
  }
  override get ok(): boolean {
    return this.#from.ok;
  }
  override get headers(): Headers {
    return this.#from.headers;
  }
  override get url(): string {
    return this.#from.url;
  }
  override get redirected(): boolean {
    return this.#from.redirected;
  }
  override get type(): ResponseType {
    return this.#from.type;
  }
  override get bodyUsed(): boolean {
    return this.#stream ? this.#stream.bodyUsed : this.#used;
  }
  override get body(): ReadableStream<Uint8Array<ArrayBuffer>> | null {
    if (this.#stream) return this.#stream.body;
    // Already read through text()/json()/…, or empty: no stream to give (and never a throw, so
    // that util.inspect and debuggers can look at a used response).
    if (this.#used || this.#bytes.byteLength === 0) return null;
    return this.#asStream().body;
  }

  override async text(): Promise<string> {
    return this.#stream ? this.#stream.text() : decoder.decode(this.#take());
  }
  override async json(): Promise<any> {
    return JSON.parse(await this.text());
  }
  override async arrayBuffer(): Promise<ArrayBuffer> {
    if (this.#stream) return this.#stream.arrayBuffer();
    const bytes = this.#take();
    return bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer;
  }
  override async bytes(): Promise<Uint8Array<ArrayBuffer>> {
    return new Uint8Array(await this.arrayBuffer());
  }
  override async blob(): Promise<Blob> {
    return new Blob([await this.arrayBuffer()], { type: this.headers.get("content-type") ?? "" });
  }
  override async formData(): Promise<FormData> {
    return this.#asStream().formData();
  }
  override clone(): Response {
    if (this.bodyUsed) throw new TypeError("Response.clone: Body has already been consumed.");
    return new BufferedResponse(this.#bytes, this.#from);
  }

  #take(): Uint8Array {
    if (this.#used) throw new TypeError("Body is unusable: Body has already been read");
    this.#used = true;
    return this.#bytes;
  }

  #asStream(): Response {
    if (!this.#stream) {
      const bytes = this.#take();
      this.#stream = new Response(bytes.byteLength === 0 ? null : (bytes as Uint8Array<ArrayBuffer>), { headers: this.#from.headers });
    }
    return this.#stream;
  }
}

const ONCE = { once: true } as const;

/** `promise`, unless the caller aborts first: waiting for a shared token must not outlast the caller. */
function untilAborted<T>(promise: Promise<T>, signal: AbortSignal): Promise<T> {
  if (signal.aborted) return Promise.reject(signal.reason);
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(signal.reason);
    signal.addEventListener("abort", onAbort, ONCE);
    promise.then(
      (value) => {
        signal.removeEventListener("abort", onAbort);
        resolve(value);
      },
      (error: unknown) => {
        signal.removeEventListener("abort", onAbort);
        reject(error);
      },
    );
  });
}

/** A wait that the caller's AbortSignal cuts short: an abort during a backoff must not wait it out. */
function sleep(ms: number, signal: AbortSignal): Promise<void> {
  if (signal.aborted) return Promise.reject(signal.reason);
  return new Promise((resolve, reject) => {
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal.reason);
    };
    const timer = setTimeout(() => {
      signal.removeEventListener("abort", onAbort);
      resolve();
    }, ms);
    signal.addEventListener("abort", onAbort, ONCE);
  });
}

function stripCredentials(headers: Headers): void {
  const names: string[] = [];
  headers.forEach((_value, name) => {
    if (isCredentialHeader(name)) names.push(name);
  });
  for (const name of names) headers.delete(name);
}

function summarize(request: Request, headers: Headers): RedactedRequest {
  return { method: request.method, url: redactUrl(request.url), headers: redactHeaders(headers, []) };
}

/**
 * The system's error code behind a failed fetch (ECONNREFUSED, ENOTFOUND, ECONNRESET, …), which
 * fetch keeps in its error's cause: it says what to fix, and it is a fixed word, never a value the
 * caller sent, so the message can carry it.
 */
function systemErrorCode(error: unknown): string | undefined {
  for (let depth = 0; error instanceof Error && depth < 8; depth++, error = error.cause) {
    const code = (error as { code?: unknown }).code;
    if (typeof code === "string" && /^E[A-Z0-9_]+$/.test(code)) return code;
  }
  return undefined;
}
