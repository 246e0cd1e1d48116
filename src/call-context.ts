// What the middleware learns about a call and the transport needs, passed beside the Request
// rather than on it, so nothing extra ever reaches the wire. Weak maps: an entry lives exactly as
// long as its Request or Response.
import type { OperationPolicy } from "../generated/operations.js";

export interface CallContext {
  /** "METHOD /path/{template}". */
  readonly operation: string;
  readonly policy: OperationPolicy;
  /** The JWT this request carries, so a 401 can invalidate exactly that token. */
  readonly bearer: string | undefined;
  /** parseAs "stream": the caller reads the body, so the transport must not buffer it. */
  readonly stream: boolean;
}

export interface ResponseMeta {
  readonly operation: string;
  readonly attempts: number;
  /** The client's secrets at the time, for redacting error bodies. */
  readonly secrets: () => readonly string[];
}

export const callContexts = new WeakMap<Request, CallContext>();
export const responseMeta = new WeakMap<Response, ResponseMeta>();
