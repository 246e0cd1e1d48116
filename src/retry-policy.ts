// When to try again and how long to wait: pure functions, so the rules are testable without
// clocks or sockets.

/** Statuses that say "not now" rather than "no": timeouts, throttling, and transient failures. */
const RETRYABLE_STATUSES: ReadonlySet<number> = new Set([408, 429, 500, 502, 503, 504]);

export const BASE_DELAY_MS = 500;
export const MAX_BACKOFF_MS = 8_000;
/** A Retry-After longer than this is treated as "give up now" rather than a wait. */
export const MAX_RETRY_AFTER_MS = 60_000;

export function isRetryableStatus(status: number): boolean {
  return RETRYABLE_STATUSES.has(status);
}

/**
 * Backoff before retry number `retry` (0 for the first retry): min(0.5 s·2ⁿ, 8 s) with "equal
 * jitter", i.e. uniformly between half and all of it, so that clients that failed together do
 * not retry together, while the wait still grows.
 */
export function backoffDelay(retry: number, random: number = Math.random()): number {
  const ceiling = Math.min(BASE_DELAY_MS * 2 ** retry, MAX_BACKOFF_MS);
  return Math.round(ceiling / 2 + (ceiling / 2) * random);
}

/**
 * Retry-After in milliseconds: delta-seconds or an HTTP date (relative to `now`). Undefined when
 * absent or unreadable; never negative.
 */
export function parseRetryAfter(value: string | null, now: number = Date.now()): number | undefined {
  if (value === null) return undefined;
  const trimmed = value.trim();
  if (/^\d+$/.test(trimmed)) return Number(trimmed) * 1000;
  const at = Date.parse(trimmed);
  if (!Number.isFinite(at)) return undefined;
  return Math.max(0, at - now);
}

/**
 * The wait before retry number `retry` after `response`, or undefined when the service asked for
 * longer than we are willing to wait (the response is then returned to the caller as it is).
 */
export function retryDelay(retry: number, retryAfter: string | null, random?: number): number | undefined {
  const asked = parseRetryAfter(retryAfter);
  if (asked === undefined) return backoffDelay(retry, random);
  return asked > MAX_RETRY_AFTER_MS ? undefined : asked;
}
