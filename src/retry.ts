// When to try again and how long to wait: pure functions, so the rules can be tested without
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
 * jitter", uniformly between half and all of it, so that clients that failed together do not
 * retry together, while the wait still grows.
 */
export function backoffDelay(retry: number, random: number = Math.random()): number {
  const ceiling = Math.min(BASE_DELAY_MS * 2 ** retry, MAX_BACKOFF_MS);
  return Math.round(ceiling / 2 + (ceiling / 2) * random);
}

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

/**
 * The wait before retry number `retry` after an answer with this Retry-After, or undefined when
 * the service asked for longer than we are willing to wait (the answer then goes to the caller).
 */
export function retryDelay(retry: number, retryAfter: string | null, random?: number): number | undefined {
  const asked = parseRetryAfter(retryAfter);
  if (asked === undefined) return backoffDelay(retry, random);
  return asked > MAX_RETRY_AFTER_MS ? undefined : asked;
}
