// A fetch can fail for a reason that is no fault of the connection: `service-api/testing`'s mock
// rejects a call whose handler answered what the contract forbids, or that no handler serves.
// Wrapped as a ServiceConnectionError and retried, such an error would cost a test seconds of
// backoff and hide its own message in a `cause`. So the error carries this mark, and the
// transport hands a marked error to the caller as it is. A registered symbol, because the client
// and the testing entry are bundled apart and each has its own copy of this file.
const MARK = Symbol.for("service-api.error-for-the-caller");

/** Marks `error` to reach the caller of the client unchanged. */
export function markForCaller<E extends Error>(error: E): E {
  Object.defineProperty(error, MARK, { value: true, enumerable: false });
  return error;
}

export function isForCaller(error: unknown): boolean {
  return error instanceof Error && (error as unknown as Record<symbol, unknown>)[MARK] === true;
}

/**
 * The marked error a fetch failed with: the error itself, or the `cause` of one that wraps it.
 * A fetch faked below the fetch API (MSW 3 answers at the socket, so undici sees the refusal as a
 * broken connection) rejects with its own `TypeError: fetch failed`, the refusal as its cause.
 */
export function callerErrorIn(error: unknown): Error | undefined {
  if (isForCaller(error)) return error as Error;
  const cause = error instanceof Error ? error.cause : undefined;
  return isForCaller(cause) ? (cause as Error) : undefined;
}
