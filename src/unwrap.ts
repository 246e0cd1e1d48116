// unwrap(): openapi-fetch's `{ data, error, response }` turned into "data or throw".
import { responseMeta } from "./call-context.js";
import { ServiceApiError } from "./errors.js";
import { redactSecrets } from "./redact.js";
import { parseRetryAfter } from "./retry-policy.js";

interface FetchResult<D> {
  readonly data?: D;
  readonly error?: unknown;
  readonly response: Response;
}

/**
 * The `data` of a successful call; otherwise throws a ServiceApiError with the status, the
 * operation, the service's request id and the parsed (redacted) error body. Transport failures
 * are already thrown by the call itself (ServiceConnectionError, ServiceTimeoutError).
 */
export async function unwrap<R extends FetchResult<unknown>>(call: R | Promise<R>): Promise<Exclude<R["data"], undefined>> {
  const result = await call;
  const { response } = result;
  // openapi-fetch leaves `error` undefined for an empty error body: test the status too.
  if (result.error === undefined && response.ok) return result.data as Exclude<R["data"], undefined>;
  const meta = responseMeta.get(response);
  const status = response.status;
  // An empty error body reaches us as "" or undefined depending on Content-Length: one form.
  const error = result.error === "" ? undefined : result.error;
  throw new ServiceApiError({
    status,
    statusText: response.statusText,
    operation: meta?.operation ?? (response.url ? `? ${new URL(response.url).pathname}` : "unknown operation"),
    requestId: response.headers.get("x-request-id") ?? undefined,
    body: meta ? redactSecrets(error, meta.secrets()) : error,
    attempts: meta?.attempts ?? 1,
    retryAfterMs: status === 429 ? parseRetryAfter(response.headers.get("retry-after")) : undefined,
    response,
  });
}
