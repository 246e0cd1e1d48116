// Redirects, handled here rather than by fetch. Fetch implementations differ on which headers
// survive a cross-origin redirect (Node's keeps custom ones such as Service-API-Key), so we ask
// for `redirect: "manual"` and follow same-origin redirects ourselves. A cross-origin redirect is
// never followed: the caller receives the 3xx answer, and no credential leaves the API's origin.
import type { FetchLike } from "./config.js";

export const MAX_REDIRECTS = 5;
const REDIRECT_STATUSES: ReadonlySet<number> = new Set([301, 302, 303, 307, 308]);

/** A redirect we will not follow for a reason other than origin; not worth retrying. */
export class RedirectFailure extends Error {}

export function isRedirect(status: number): boolean {
  return REDIRECT_STATUSES.has(status);
}

/** What every attempt passes to fetch: our signal, manual redirects, and the buffered body. */
export function sendInit(
  signal: AbortSignal,
  body: ArrayBuffer | undefined,
  ext: Record<string, unknown> | undefined,
): RequestInit {
  const init: RequestInit = ext ? { ...ext, signal, redirect: "manual" } : { signal, redirect: "manual" };
  if (body !== undefined) init.body = body;
  return init;
}

/**
 * Follows the redirect `response` answered to `request` (sent with `body`, buffered so it can be
 * replayed byte for byte) while it stays on the same origin: at most five hops; 303, and 301/302
 * after a POST, turn into a GET without a body; 307/308 repeat the method and body.
 */
export async function followRedirects(
  fetchImpl: FetchLike,
  request: Request,
  first: Response,
  body: ArrayBuffer | undefined,
  signal: AbortSignal,
  ext: Record<string, unknown> | undefined,
): Promise<Response> {
  let response = first;
  if (request.redirect === "manual") return response;
  let url = request.url;
  let method = request.method;
  let currentBody = body;
  let headers = request.headers;
  for (let hops = 1; ; hops++) {
    const location = response.headers.get("location");
    if (location === null) return response;
    const next = new URL(location, url);
    if (next.origin !== new URL(url).origin) return response;
    if (request.redirect === "error") throw new RedirectFailure("the service redirected and the request said redirect: \"error\"");
    if (hops > MAX_REDIRECTS) throw new RedirectFailure(`more than ${MAX_REDIRECTS} redirects`);
    // Free the connection; the redirect's own body is of no use.
    await response.body?.cancel().catch(() => undefined);
    const status = response.status;
    if ((status === 303 && method !== "HEAD") || ((status === 301 || status === 302) && method === "POST")) {
      method = "GET";
      currentBody = undefined;
      headers = new Headers(headers);
      headers.delete("content-type");
      headers.delete("content-length");
    }
    url = next.href;
    const init = sendInit(signal, currentBody, ext);
    init.method = method;
    init.headers = headers;
    init.cache = request.cache;
    response = await fetchImpl(url, init);
    if (!REDIRECT_STATUSES.has(response.status)) return response;
  }
}
