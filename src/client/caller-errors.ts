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
