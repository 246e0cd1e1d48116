// Redirects, handled here rather than by fetch. Fetch implementations differ on which headers
// survive a cross-origin redirect (Node's keeps custom ones such as Service-API-Key), so we ask
// for `redirect: "manual"` and follow same-origin redirects ourselves. A cross-origin redirect is
// never followed: the caller receives the 3xx answer, and no credential leaves the API's origin.
import type { FetchLike } from "./config.js";

export const MAX_REDIRECTS = 5;
const REDIRECT_STATUSES: ReadonlySet<number> = new Set([301, 302, 303, 307, 308]);

/**
 * A redirect we will not follow for a reason other than its origin. It would fail the same way
 * again, so it is not retried; its message never quotes the Location (it may hold anything).
 */
export class RedirectFailure extends Error {}

export function isRedirect(status: number): boolean {
  return REDIRECT_STATUSES.has(status);
}

/** What one send needs besides the Request: its headers (credential included), body and signal. */
export interface SendInit {
  readonly headers: Headers;
  readonly body: ArrayBuffer | undefined;
  readonly signal: AbortSignal;
}

/** The init of a follow-up request; the first one is sent by transport.ts, also with redirect: "manual". */
function fetchInit({ headers, body, signal }: SendInit, method: string): RequestInit {
  const init: RequestInit = { method, headers, signal, redirect: "manual" };
  if (body !== undefined) init.body = body;
  return init;
}

function nextLocation(response: Response, from: string): URL | undefined {
  const location = response.headers.get("location");
  if (location === null) return undefined;
  let next: URL;
  try {
    next = new URL(location, from);
  } catch {
    throw new RedirectFailure("the service redirected to a Location that is not a valid URL");
  }
  return next;
}

/**
 * Follows the redirect `response` answered to `request` while it stays on the same origin: at
 * most five hops; 303, and 301/302 after a POST, turn into a GET without a body; 307/308 repeat
 * the method and the (buffered) body byte for byte.
 */
export async function followRedirects(fetchImpl: FetchLike, request: Request, first: Response, send: SendInit): Promise<Response> {
  let response = first;
  if (request.redirect === "manual") return response;
  let url = request.url;
  let method = request.method;
  let current = send;
  for (let hops = 1; ; hops++) {
    const next = nextLocation(response, url);
    if (next === undefined || next.origin !== new URL(url).origin) return response;
    if (next.username || next.password) throw new RedirectFailure("the service redirected to a Location with a user name or password in it");
    if (request.redirect === "error") throw new RedirectFailure('the service redirected and the request said redirect: "error"');
    if (hops > MAX_REDIRECTS) throw new RedirectFailure(`more than ${MAX_REDIRECTS} redirects`);
    // Free the connection; the redirect's own body is of no use.
    await response.body?.cancel().catch(() => undefined);
    const status = response.status;
    if ((status === 303 && method !== "HEAD") || ((status === 301 || status === 302) && method === "POST")) {
      method = "GET";
      const headers = new Headers(current.headers);
      headers.delete("content-type");
      headers.delete("content-length");
      current = { headers, body: undefined, signal: current.signal };
    }
    url = next.href;
    response = await fetchImpl(url, { ...fetchInit(current, method), cache: request.cache });
    if (!isRedirect(response.status)) return response;
  }
}
