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

/**
 * What a new Request has unless told otherwise (Fetch standard). Only the members of a request
 * that differ are handed on: each one costs the fetch a conversion, and some runtimes refuse some
 * members outright (Workers before compatibility date 2024-11-11 refuse `cache`). `duplex` is
 * "half" on every request that has it, and our body is bytes, which need none.
 */
const DEFAULTS: Readonly<Record<string, unknown>> = {
  referrer: "about:client",
  referrerPolicy: "",
  credentials: "same-origin",
  cache: "default",
  mode: "cors",
  integrity: "",
  keepalive: false,
};

/**
 * The init of one send of `request`: our method (a redirect may change it), headers, body and
 * signal, `redirect: "manual"`, and every other member the caller or a middleware set. The first
 * send also hands the fetch the Request itself, which a fetch copies, all but its referrer and
 * referrer policy (Fetch standard); a redirect's send goes to a new URL with this init alone. The
 * first send is not a URL with this init: parsing the URL again costs Node 22 and 26 more than
 * copying the Request (bench/README.md, "Node 22's loopback gap").
 */
export function sendInit(request: Request, { headers, body, signal }: SendInit, method = request.method): RequestInit {
  const init: Record<string, unknown> = { method, headers, body, signal, redirect: "manual" };
  for (const name in DEFAULTS) {
    const value = request[name as keyof Request];
    if (value !== undefined && value !== DEFAULTS[name]) init[name] = value;
  }
  // Members a runtime has beyond the standard (undici's `dispatcher`, Bun's `proxy`, …), which a
  // fetch does not copy from a Request: openapi-fetch puts each init member that a Request has
  // no property for on the request itself.
  for (const key of Object.keys(request)) init[key] ??= request[key as keyof Request];
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
    response = await fetchImpl(url, sendInit(request, current, method));
    if (!isRedirect(response.status)) return response;
  }
}
