// JWT mode: one token at a time, shared by every request of a client.
//
// - fetched lazily, and by one request however many callers are waiting (they share a promise);
// - kept until its `expires_at`, converted to our clock with the server's `Date` header (clock
//   skew), less a 5-minute margin;
// - a 401 on a bearer request invalidates exactly the token it carried; a refresh that began
//   before that invalidation cannot overwrite a newer token (generation counter);
// - a failed fetch rejects every waiter with the same error and leaves the cache empty, so the
//   next caller tries again;
// - an `expires_at` that is missing, already past or further ahead than the documented 24 hours
//   (by the server's own clock) is not believed: the token is kept for 24 hours from receipt, and
//   one warning says so, rather than a token request per call.
import { checkJwt } from "./credential-format.js";
import { emit, type ServiceLogger } from "./logger.js";

export const REFRESH_MARGIN_MS = 5 * 60_000;
/** The service's documented lifetime of a JWT, used when a token answer's `expires_at` is not believable. */
const DOCUMENTED_LIFETIME_MS = 24 * 60 * 60_000;
/** How far past the documented lifetime an `expires_at` may lie before it is not believed. */
const LIFETIME_SLACK_MS = 60 * 60_000;
/** Old tokens are still secrets: remember a few for redaction. */
const REMEMBERED_TOKENS = 4;

export interface TokenAnswer {
  /** The parsed JSON body (the caller has already turned a body that is not JSON into an error). */
  readonly data: unknown;
  /** The server's `Date` header, for clock skew. */
  readonly serverDate: string | null;
}

export class TokenCache {
  #token: string | undefined;
  #refreshAt = 0;
  #inflight: Promise<string> | undefined;
  #generation = 0;
  readonly #recent: string[] = [];

  constructor(
    private readonly fetchToken: () => Promise<TokenAnswer>,
    private readonly logger?: ServiceLogger,
  ) {}

  /** The cached token while it is still fresh, else undefined. */
  current(): string | undefined {
    return this.#token !== undefined && Date.now() < this.#refreshAt ? this.#token : undefined;
  }

  /** A usable token: the cached one, the one being fetched, or a new fetch. */
  get(): Promise<string> {
    const token = this.current();
    return token !== undefined ? Promise.resolve(token) : (this.#inflight ?? this.#startFetch());
  }

  /** The service rejected `token`: drop it (if it is still the current one) and get another. */
  replace(token: string): Promise<string> {
    if (token === this.#token) {
      this.#token = undefined;
      this.#generation++;
      // A fetch already under way started before the rejection: let a new one begin.
      this.#inflight = undefined;
    }
    return this.get();
  }

  /** Tokens this cache has handed out recently, for redaction. */
  recentTokens(): readonly string[] {
    return this.#recent;
  }

  #startFetch(): Promise<string> {
    const generation = this.#generation;
    const started = performance.now();
    emit(this.logger, { event: "token-refresh", outcome: "start" });
    const promise = this.fetchToken().then(
      (answer) => {
        const { token, refreshAt, expiresAt } = this.#parse(answer);
        this.#remember(token);
        if (generation === this.#generation) {
          this.#token = token;
          this.#refreshAt = refreshAt;
        }
        if (this.#inflight === promise) this.#inflight = undefined;
        emit(this.logger, { event: "token-refresh", outcome: "success", durationMs: Math.round(performance.now() - started), expiresAt });
        return token;
      },
      (error: unknown) => {
        if (this.#inflight === promise) this.#inflight = undefined;
        emit(this.logger, { event: "token-refresh", outcome: "failure", durationMs: Math.round(performance.now() - started) });
        throw error;
      },
    );
    this.#inflight = promise;
    return promise;
  }

  #parse(answer: TokenAnswer): { token: string; refreshAt: number; expiresAt: string } {
    const body = answer.data as { access_token?: unknown; expires_at?: unknown } | null | undefined;
    const token = checkJwt(body !== null && typeof body === "object" ? body.access_token : undefined, "get-token's access_token");
    const now = Date.now();
    // Skew = server clock − our clock, measured when the answer arrived (1 s resolution is ample
    // against a 5-minute margin).
    const serverNow = answer.serverDate ? Date.parse(answer.serverDate) : Number.NaN;
    const skew = Number.isFinite(serverNow) ? serverNow - now : 0;
    const serverExpiry = typeof body?.expires_at === "string" ? Date.parse(body.expires_at) : Number.NaN;
    const lifetime = serverExpiry - skew - now;
    let expiry: number;
    if (Number.isFinite(lifetime) && lifetime > 0 && lifetime <= DOCUMENTED_LIFETIME_MS + LIFETIME_SLACK_MS) {
      expiry = now + lifetime;
    } else {
      expiry = now + DOCUMENTED_LIFETIME_MS;
      const said = Number.isFinite(lifetime) ? (lifetime <= 0 ? "already past" : "further ahead than 24 hours") : "missing or unreadable";
      emit(this.logger, {
        event: "warning",
        message: `get-token's expires_at is ${said} by the server's clock; the token is kept for the documented 24 hours from now (a 401 still replaces it early)`,
      });
    }
    // Normally 5 minutes early; for an unexpectedly short-lived token, half-way, so that a token
    // issued with less than the margin left is still used once rather than refetched per call.
    const refreshAt = expiry - Math.min(REFRESH_MARGIN_MS, (expiry - now) / 2);
    return { token, refreshAt, expiresAt: new Date(expiry).toISOString() };
  }

  #remember(token: string): void {
    if (this.#recent.includes(token)) return;
    this.#recent.push(token);
    if (this.#recent.length > REMEMBERED_TOKENS) this.#recent.shift();
  }
}
