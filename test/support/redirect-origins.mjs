// Preloaded (`--import`) into a program whose code names addresses of its own — the README's
// examples use https://api.acme.example and http://127.0.0.1:4010 — so that it can run against a
// mock on another address unchanged. SERVICE_TEST_ORIGINS is a JSON object { from: to } of
// origins; the global fetch sends a request for `from` to `to` instead, and nothing else changes
// (method, headers, body, signal, redirect mode: the init the client passes goes through as is).
const origins = new Map(Object.entries(JSON.parse(process.env.SERVICE_TEST_ORIGINS ?? "{}")));
const original = globalThis.fetch;

function redirected(url) {
  const parsed = new URL(url);
  const to = origins.get(parsed.origin);
  return to === undefined ? undefined : `${to}${parsed.pathname}${parsed.search}`;
}

globalThis.fetch = function fetchRedirected(input, init) {
  const url = input instanceof Request ? input.url : String(input);
  const target = redirected(url);
  if (target === undefined) return original(input, init);
  if (!(input instanceof Request)) return original(target, init);
  // The client passes the body in `init` (the Request's own stream is left unread), so the copy
  // takes everything but the body from the Request; only a body given nowhere else is moved.
  const bodyInInit = init !== undefined && init.body !== undefined;
  const copy = bodyInInit || input.body === null
    ? new Request(target, { method: input.method, headers: input.headers, redirect: input.redirect, signal: input.signal })
    : new Request(target, input);
  return original(copy, init);
};
