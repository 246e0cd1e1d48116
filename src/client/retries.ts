// When to try again and how long to wait: pure functions of the status, the retry number and
// Retry-After, so the rules are read, and tested (test/unit/retries.test.ts), without clocks or
// sockets. The transport (transport.ts) decides which operations may be retried at all.
import { parseRetryAfter } from "./errors.js";

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
 * jitter", uniformly between half and all of it, so that clients that failed together do not
 * retry together, while the wait still grows.
 */
export function backoffDelay(retry: number, random: number = Math.random()): number {
  const ceiling = Math.min(BASE_DELAY_MS * 2 ** retry, MAX_BACKOFF_MS);
  return Math.round(ceiling / 2 + (ceiling / 2) * random);
}

/**
 * The wait before retry number `retry` after an answer with this Retry-After, or undefined when
 * the service asked for longer than we are willing to wait (the answer then goes to the caller).
 */
export function retryDelay(retry: number, retryAfter: string | null, random?: number): number | undefined {
  const asked = parseRetryAfter(retryAfter);
  if (asked === undefined) return backoffDelay(retry, random);
  return asked > MAX_RETRY_AFTER_MS ? undefined : asked;
}
