// Answers that must not escape as raw errors or leak, from a real server playing a broken or
// careless service: success bodies that are not the JSON they claim to be, credentials echoed in
// every channel an answer has (body, status text, x-request-id, other headers, a body nested far
// deeper than any fixed cut-off, a Location nobody can parse), a `__proto__` key, get-token
// answers that are malformed or carry an unbelievable `expires_at`, and Retry-After values that
// are neither seconds nor an HTTP date.
import { inspect } from "node:util";
import type { IncomingMessage, ServerResponse } from "node:http";
import { describe, expect, it } from "vitest";
import {
  createServiceClient,
  ServiceApiError,
  ServiceConnectionError,
  ServiceResponseError,
  unwrap,
  type ServiceAuth,
  type ServiceLogEvent,
} from "../../src/index.js";
import { caught, errorForms, expectNoSecrets } from "../support/client-fakes.js";
import { jwt, sendJson, serversClosedAfterEach, tokenBody } from "../support/loopback-server.js";

const start = serversClosedAfterEach();

// Credential-looking secrets, the shapes real ones have (a prefixed random key, a password with
// punctuation), so that a scrubber tuned to the canaries elsewhere cannot pass by luck.
const LIVE_KEY = "svc_live_Q7m2Xv9LpR4tK8wN3bH6yZ1c";
const USERNAME = "ops@acme.example";
const PASSWORD = "Tr0ub4dor&3-horse-battery";
const ISSUED_JWT = jwt("issued-to-the-client");
const BASIC_B64 = Buffer.from(`${USERNAME}:${PASSWORD}`).toString("base64");

const AUTHS: [string, ServiceAuth, string[]][] = [
  ["API key", { apiKey: LIVE_KEY }, [LIVE_KEY]],
  ["Basic", { username: USERNAME, password: PASSWORD }, [PASSWORD, BASIC_B64]],
  ["JWT via the key", { apiKey: LIVE_KEY, jwt: true }, [LIVE_KEY, ISSUED_JWT]],
];

function client(baseUrl: string, auth: ServiceAuth, events: ServiceLogEvent[] = [], maxRetries = 0) {
  return createServiceClient<any>({ baseUrl, env: {}, auth, maxRetries, logger: (event) => void events.push(event) }) as any;
}

/** The credential a request carried, as the service received it, without its `Basic`/`Bearer` label. */
function credentialOf(req: Pick<IncomingMessage, "headers">): string {
  return String(req.headers["service-api-key"] ?? req.headers.authorization ?? "").replace(/^(Basic|Bearer) /, "");
}

/** get-token answers with ISSUED_JWT; everything else goes to `answer`. */
function withToken(answer: (req: IncomingMessage, res: ServerResponse, index: number) => void) {
  return (req: IncomingMessage, res: ServerResponse, _received: unknown, index: number) =>
    req.url === "/v1/token" ? sendJson(res, 200, tokenBody(ISSUED_JWT)) : answer(req, res, index);
}

/** `{ a: { a: … { detail: leaf } } }`, `depth` objects deep. */
function nested(depth: number, leaf: string): unknown {
  let value: unknown = { detail: leaf };
  for (let i = 0; i < depth; i++) value = { a: value };
  return value;
}

/** Every text form of a plain value (an `{ error }` body, a list of log events). */
function valueForms(value: unknown): string[] {
  return [JSON.stringify(value) ?? "", inspect(value, { depth: Infinity, showHidden: true })];
}

describe("a 2xx answer that is not the JSON the contract declares", () => {
  const PRIVATE = "row 17: salary=182000, manager=k.ito"; // not a credential: only "never quote the body" keeps it out

  it.each([
    ["an HTML maintenance page", "text/html; charset=utf-8", `<html><body><h1>Down for maintenance</h1><p>${PRIVATE}</p></body></html>`, /its body is text\/html, not the JSON the contract declares/],
    ["a truncated JSON body", "application/json", `{"users":[{"note":"${PRIVATE}"},{"id":`, /its body is not valid JSON/],
    ["a body that is nothing but the API key", "application/json", LIVE_KEY, /its body is not valid JSON/],
  ])("%s becomes a ServiceResponseError with status, operation and request id, quoting nothing", async (_label, type, body, problem) => {
    const api = await start((_req, res) => {
      res.writeHead(200, { "content-type": type, "content-length": Buffer.byteLength(body), "x-request-id": "req-maint-1" });
      res.end(body);
    });
    const events: ServiceLogEvent[] = [];
    const error = await caught(client(api.url, { apiKey: LIVE_KEY }, events).GET("/users"));
    expect(error).toBeInstanceOf(ServiceResponseError);
    expect(error).toMatchObject({ status: 200, operation: "GET /users", requestId: "req-maint-1", attempts: 1 });
    expect((error as Error).message).toMatch(problem);
    expect((error as Error).message).toMatch(/\(\d+ characters, not shown\) \(request id req-maint-1\)$/);
    expect((error as Error).cause).toBeUndefined();
    expectNoSecrets([...errorForms(error), ...valueForms(events)], [LIVE_KEY, PRIVATE, "maintenance", "Unexpected token", "SyntaxError"]);
  });
});

describe.each(AUTHS)("a service that echoes the %s in every channel of an error answer", (_label, auth, secrets) => {
  /** One 403 that echoes the credential in its status text, headers and body. */
  async function echoingService() {
    return start(
      withToken((req, res) => {
        const echoed = credentialOf(req);
        const body = JSON.stringify({ detail: `credential ${echoed} may not do this`, [echoed]: echoed, trace: nested(100, `deep ${echoed}`) });
        res.writeHead(403, `Forbidden for ${echoed}`, {
          "content-type": "application/json",
          "content-length": Buffer.byteLength(body),
          "x-request-id": `req-${echoed}`,
          "x-echo": echoed,
          "x-debug": "harmless-debug-value",
          "set-cookie": `session=${echoed}`,
        });
        res.end(body);
      }),
    );
  }

  it("keeps them out of the non-throwing { error } body, however deep, and shows where they were", async () => {
    const api = await echoingService();
    const { error, response } = await client(api.url, auth).GET("/users");
    expect(response.status).toBe(403);
    // The service really did echo the credential (so this test can fail) …
    expect(api.received.some((r) => secrets.some((secret) => credentialOf(r).includes(secret)))).toBe(true);
    // … and the body the caller holds has a marker where it was, at the top and 100 levels down.
    expect(error.detail).toBe("credential [REDACTED] may not do this");
    let deep = error.trace;
    for (let i = 0; i < 100; i++) deep = deep.a;
    expect(deep).toEqual({ detail: "deep [REDACTED]" });
    expectNoSecrets(valueForms(error), secrets);
  });

  it("keeps them out of every form of the thrown ServiceApiError and of the log events", async () => {
    const api = await echoingService();
    const events: ServiceLogEvent[] = [];
    const error = await caught(unwrap(client(api.url, auth, events).GET("/users")));
    expect(error).toBeInstanceOf(ServiceApiError);
    // Each channel reached the error, scrubbed: status text, request id, body.
    expect((error as Error).message).toMatch(/^GET \/users failed with HTTP 403 Forbidden for \[REDACTED\]: credential \[REDACTED\] may not do this \(request id req-\[REDACTED\]\)$/);
    expect((error as ServiceApiError).requestId).toBe("req-[REDACTED]");
    expect(events.some((event) => event.event === "response")).toBe(true);
    expectNoSecrets([...errorForms(error), ...valueForms(events)], secrets);
  });

  it("keeps response headers on the error by allow-list: unknown values read [REDACTED] whether or not they look secret", async () => {
    const api = await echoingService();
    const error = (await caught(unwrap(client(api.url, auth).GET("/users")))) as ServiceApiError;
    expect(error.headers).toMatchObject({
      "content-type": "application/json",
      "x-request-id": "req-[REDACTED]",
      "x-echo": "[REDACTED]",
      "x-debug": "[REDACTED]",
      "set-cookie": "[REDACTED]",
    });
    expectNoSecrets(valueForms(error.headers), [...secrets, "harmless-debug-value"]);
  });

  it("keeps them out of the error for a redirect whose Location cannot be parsed", async () => {
    const api = await start(
      withToken((req, res) => {
        // An unclosed IPv6 bracket: no URL parser accepts it, and its error keeps the raw input.
        res.writeHead(302, { location: `http://[${credentialOf(req)}/next` }).end();
      }),
    );
    const events: ServiceLogEvent[] = [];
    const error = await caught(client(api.url, auth, events).GET("/users"));
    expect(error).toBeInstanceOf(ServiceConnectionError);
    expect((error as Error).message).toMatch(/redirected to a Location that is not a valid URL/);
    expectNoSecrets([...errorForms(error), ...valueForms(events)], secrets);
  });
});

describe("the redacted { error } body", () => {
  it("is the service's body with the secret replaced: same keys, same order, same array order", async () => {
    const answer = { detail: `key ${LIVE_KEY} refused`, code: "forbidden", hint: { z: 1, a: 2, m: [3, 2, 1] }, status: 403 };
    const api = await start((_req, res) => sendJson(res, 403, answer));
    const { error } = await client(api.url, { apiKey: LIVE_KEY }).GET("/users");
    expect(JSON.stringify(error)).toBe(JSON.stringify({ ...answer, detail: "key [REDACTED] refused" }));
  });
});

describe("a __proto__ key in an answer", () => {
  it("stays an own key of the body and never becomes its prototype", async () => {
    const text = `{"__proto__":{"polluted":"yes","detail":"from the prototype"},"detail":"key ${LIVE_KEY} refused"}`;
    const api = await start((_req, res) => {
      res.writeHead(400, { "content-type": "application/json", "content-length": Buffer.byteLength(text) });
      res.end(text);
    });
    const result = await client(api.url, { apiKey: LIVE_KEY }).GET("/users");
    const thrown = (await caught(unwrap(result))) as ServiceApiError;
    for (const body of [result.error, thrown.body] as Record<string, unknown>[]) {
      expect(Object.getPrototypeOf(body)).toBe(Object.prototype);
      expect(body.polluted).toBeUndefined();
      expect(Object.keys(body)).toEqual(["__proto__", "detail"]);
      expect(body.detail).toBe("key [REDACTED] refused");
    }
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});

describe("get-token answers", () => {
  it.each([
    ["malformed JSON", "application/json", `{"access_token":"${ISSUED_JWT}","expires_at":`, /its body is not valid JSON/],
    ["JSON that is not an object", "application/json", `"${ISSUED_JWT}"`, /not the JSON object with access_token and expires_at/],
  ])("%s is a typed error naming get-token, quoting nothing", async (_label, type, body, problem) => {
    const api = await start((req, res) => {
      if (req.url !== "/v1/token") return sendJson(res, 200, { users: [] });
      res.writeHead(200, { "content-type": type, "content-length": Buffer.byteLength(body), "x-request-id": "req-tok-1" });
      res.end(body);
    });
    const error = await caught(client(api.url, { apiKey: LIVE_KEY, jwt: true }).GET("/users"));
    expect(error).toBeInstanceOf(ServiceResponseError);
    expect(error).toMatchObject({ status: 200, operation: "GET /v1/token", requestId: "req-tok-1" });
    expect((error as Error).message).toMatch(problem);
    expectNoSecrets(errorForms(error), [LIVE_KEY, ISSUED_JWT]);
    expect(api.received.map((r) => r.path)).toEqual(["/v1/token"]);
  });

  const HOUR = 3600_000;
  it.each([
    ["already past", () => ({ expires_at: new Date(Date.now() - HOUR).toISOString() }), undefined],
    ["ten years ahead", () => ({ expires_at: new Date(Date.now() + 3650 * 24 * HOUR).toISOString() }), undefined],
    ["missing", () => ({}), undefined],
    ["not a date", () => ({ expires_at: "soon" }), undefined],
    // An hour ahead of our clock, but the server's own Date says that moment passed days ago.
    ["past by the server's Date", () => ({ expires_at: new Date(Date.now() + HOUR).toISOString() }), () => new Date(Date.now() + 3 * 24 * HOUR).toUTCString()],
  ])("an expires_at that is %s: one token request for ten calls, and one warning", async (_label, expiry, serverDate) => {
    const api = await start((req, res) => {
      if (req.url !== "/v1/token") return sendJson(res, 200, { users: [] });
      const headers: Record<string, string> = serverDate ? { date: serverDate() } : {};
      sendJson(res, 200, { access_token: ISSUED_JWT, token_type: "bearer", ...expiry() }, headers);
    });
    const events: ServiceLogEvent[] = [];
    const api_ = client(api.url, { apiKey: LIVE_KEY, jwt: true }, events);
    for (let call = 0; call < 10; call++) expect((await api_.GET("/users")).response.status).toBe(200);
    expect(api.received.filter((r) => r.path === "/v1/token")).toHaveLength(1);
    expect(api.received.filter((r) => r.path === "/users")).toHaveLength(10);
    const warnings = events.filter((event) => event.event === "warning");
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatchObject({ message: expect.stringMatching(/kept for the documented 24 hours/) });
  });
});

describe("Retry-After", () => {
  /** 503 with `retryAfter`, then 200; the wait the client logged and the gap the server saw. */
  async function retriedAfter(retryAfter: string) {
    const api = await start((_req, res, _received, index) =>
      index === 0 ? sendJson(res, 503, { detail: "busy" }, { "retry-after": retryAfter }) : sendJson(res, 200, { users: [] }),
    );
    const events: ServiceLogEvent[] = [];
    const { response } = await client(api.url, { apiKey: LIVE_KEY }, events, 1).GET("/users");
    expect(response.status).toBe(200);
    expect(api.received).toHaveLength(2);
    const retry = events.find((event) => event.event === "retry") as { delayMs: number } | undefined;
    return { delayMs: retry!.delayMs, gap: api.received[1]!.at - api.received[0]!.at };
  }

  it.each(["-5", "1.5", "soon", "1e3", "+2"])("%j is not a wait the service asked for: the first backoff applies (250–500 ms)", async (value) => {
    const { delayMs, gap } = await retriedAfter(value);
    expect(delayMs).toBeGreaterThanOrEqual(250);
    expect(delayMs).toBeLessThanOrEqual(500);
    expect(gap).toBeGreaterThanOrEqual(240);
  });

  it("an HTTP date is honoured", async () => {
    // toUTCString() drops the milliseconds: the wait is between 1 and 2 s, never the 250–500 ms backoff.
    const { delayMs, gap } = await retriedAfter(new Date(Date.now() + 2000).toUTCString());
    expect(delayMs).toBeGreaterThan(900);
    expect(delayMs).toBeLessThanOrEqual(2000);
    expect(gap).toBeGreaterThanOrEqual(delayMs - 15);
  });

  it("a 429 whose Retry-After is -5 reports no retryAfterMs", async () => {
    const api = await start((_req, res) => sendJson(res, 429, { detail: "slow down" }, { "retry-after": "-5" }));
    const error = await caught(unwrap(client(api.url, { apiKey: LIVE_KEY }).GET("/users")));
    expect(error).toMatchObject({ status: 429, kind: "rate_limited", retryAfterMs: undefined });
  });
});
