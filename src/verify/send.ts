// One call of verify through a client: the answer read and checked against the contract, or the
// reason no answer came. The runner (run.ts) decides what to call, with which client and how
// often; this file only sends.
import type { ServiceClient } from "../client/types.js";
import { ServiceConnectionError, ServiceTimeoutError } from "../client/errors.js";
import type { ContractOperation } from "../validation/contract.js";
import { parseJsonBody, type CheckResult, type ResponseValidator } from "../validation/response-validator.js";

/** A value verify puts in a path or query parameter. */
export type Value = string | number | boolean;

/** One answer, as verify keeps it. */
export interface Answer {
  readonly status: number | null;
  readonly contentType: string | null;
  readonly body: unknown;
  readonly check: CheckResult | undefined;
  readonly headers: Headers | undefined;
  /** The URL as sent, query included; undefined when no answer came. */
  readonly url: string | undefined;
  /** No answer at all: the transport failed. */
  readonly failure?: { readonly message: string; readonly connection: boolean };
  readonly durationMs: number;
}

/**
 * The innermost cause's words ("bad port", say), which tell what to fix, appended to the
 * client's message. Not when that message already names the cause's system code: the client puts
 * the code there ("… (ECONNREFUSED)"), and the cause's words ("connect ECONNREFUSED 127.0.0.1:4010")
 * would only say it again, with the address the caller already gave.
 */
function rootCause(error: Error): string {
  let cause: unknown = error.cause;
  while (cause instanceof Error && cause.cause instanceof Error) cause = cause.cause;
  if (!(cause instanceof Error) || !cause.message) return "";
  const code = (cause as { code?: unknown }).code;
  // Word by word, so a short code is not found inside a longer one.
  if (typeof code === "string" && error.message.split(/\W+/).includes(code)) return "";
  return ` (${cause.message})`;
}

/** Calls `operation` once with `by`, and checks the answer with `validator`. Never throws. */
export async function sendCall(
  by: ServiceClient,
  validator: ResponseValidator,
  operation: ContractOperation,
  path: Record<string, Value>,
  query: Record<string, unknown>,
  body: unknown,
): Promise<Answer> {
  const started = performance.now();
  try {
    const init = { params: { path, query }, parseAs: "text", ...(body === undefined ? {} : { body }) };
    const result = (await by.request(operation.method as never, operation.path as never, init as never)) as { data?: unknown; error?: unknown; response: Response };
    const { response } = result;
    const contentType = response.headers.get("content-type");
    let parsed: unknown;
    if (validator.readsBody(contentType)) {
      const raw = response.ok ? result.data : result.error;
      parsed = typeof raw === "string" ? parseJsonBody(raw) : raw;
    }
    const check = validator.check({ operation: operation.key, status: response.status, contentType, body: parsed });
    return { status: response.status, contentType, body: parsed, check, headers: response.headers, url: response.url, durationMs: performance.now() - started };
  } catch (error) {
    const connection = error instanceof ServiceConnectionError || error instanceof ServiceTimeoutError;
    // The client's errors carry no credential; anything else is reduced to its class.
    const message = error instanceof Error && error.name.startsWith("Service") ? `${error.message}${rootCause(error)}` : `the call failed (${error instanceof Error ? error.name : typeof error})`;
    return { status: null, contentType: null, body: undefined, check: undefined, headers: undefined, url: undefined, failure: { message, connection }, durationMs: performance.now() - started };
  }
}
