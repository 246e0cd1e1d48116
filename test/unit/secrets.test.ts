// No credential in any error form (message, stack, String(), JSON.stringify(), util.inspect(),
// cause chain) on any failure path, nor in any log event. Canary credentials are sent on every
// path below and searched for everywhere.
import { afterEach, describe, expect, it, vi } from "vitest";
import { ServiceConnectionError, unwrap, type ServiceAuth, type ServiceLogEvent } from "../../src/index.js";
import { CANARY, caught, errorForms, expectNoSecrets, json, recordingFetch, testClient, tokenAnswer } from "../support/client-fakes.js";

afterEach(() => {
  vi.useRealTimers();
});

const AUTHS: [string, ServiceAuth][] = [
  ["API key", { apiKey: CANARY.apiKey }],
  ["Basic", { username: CANARY.username, password: CANARY.password }],
  ["held JWT", { token: CANARY.token }],
  ["JWT via key", { apiKey: CANARY.apiKey, jwt: true }],
  ["JWT via Basic", { username: CANARY.username, password: CANARY.password, jwt: true }],
];

/** Echoes every credential it receives back in its answers and errors: the worst case. */
function echoingService(status: number, mode: "answer" | "throw" = "answer") {
  return recordingFetch((request) => {
    const echoed = `${request.headers.get("authorization")} ${request.headers.get("service-api-key")}`;
    if (new URL(request.url).pathname === "/v1/token") return tokenAnswer(CANARY.token, Date.now());
    if (mode === "throw") {
      throw new TypeError(`fetch failed for ${echoed}`, { cause: new Error(`socket said ${echoed}`) });
    }
    return json(
      { detail: [{ loc: ["header", "Service-API-Key"], msg: `invalid ${echoed}`, input: echoed, [echoed]: echoed }] },
      { status, headers: { "x-request-id": "r-1" } },
    );
  });
}

describe.each(AUTHS)("with %s", (_label, auth) => {
  it("keeps credentials out of every ServiceApiError form, body included", async () => {
    for (const status of [400, 401, 403, 404, 409, 422, 429, 500]) {
      const { fetch, sent } = echoingService(status);
      const events: ServiceLogEvent[] = [];
      const error = await caught(unwrap(testClient({ fetch, auth, maxRetries: 0, logger: (e) => events.push(e) }).GET("/users" as never)));
      expect(error).toMatchObject({ status });
      // The canary really was sent (so the test can fail) …
      expect(sent.some((s) => JSON.stringify([...s.request.headers]).match(/canary|eyJ|Y2FuYXJ5/))).toBe(true);
      // … and is nowhere in what the caller can see.
      expectNoSecrets(errorForms(error));
      expectNoSecrets([JSON.stringify(events)]);
    }
  });

  it("keeps credentials out of a connection error whose cause quotes them", async () => {
    const { fetch } = echoingService(200, "throw");
    const events: ServiceLogEvent[] = [];
    const error = await caught(testClient({ fetch, auth, maxRetries: 0, logger: (e) => events.push(e) }).GET("/users" as never));
    expect(error).toBeInstanceOf(ServiceConnectionError);
    expect(String((error as Error).cause)).toMatch(/fetch failed for/);
    expectNoSecrets(errorForms(error));
    expectNoSecrets([JSON.stringify(events)]);
  });

  it("keeps the request on transport errors non-enumerable and redacted", async () => {
    const { fetch } = echoingService(200, "throw");
    const error = (await caught(testClient({ fetch, auth, maxRetries: 0 }).GET("/users" as never, { params: { query: { q: "private" } } } as never))) as ServiceConnectionError;
    expect(Object.keys(error)).not.toContain("request");
    expect(error.request.method).toBe("GET");
    expect(error.request.url).toBe("https://api.acme.example/users?q=[REDACTED]");
    expectNoSecrets([JSON.stringify(error.request)]);
  });

  it("keeps credentials out of timeout errors and logs", async () => {
    vi.useFakeTimers();
    const events: ServiceLogEvent[] = [];
    const fetch = (input: Request | string | URL, init?: RequestInit) =>
      new Promise<Response>((resolve, reject) => {
        const request = new Request(input, init);
        if (new URL(request.url).pathname === "/v1/token") return resolve(tokenAnswer(CANARY.token, Date.now()));
        request.signal.addEventListener("abort", () => reject(request.signal.reason));
      });
    const promise = caught(testClient({ fetch, auth, timeoutMs: 100, maxRetries: 1, logger: (e) => events.push(e) }).GET("/users" as never));
    await vi.advanceTimersByTimeAsync(10_000);
    const error = await promise;
    expect(error).toMatchObject({ name: "ServiceTimeoutError" });
    expectNoSecrets(errorForms(error));
    expectNoSecrets([JSON.stringify(events)]);
  });
});

describe("token failures", () => {
  it("keep the exchange credentials out of the error every waiter gets", async () => {
    const { fetch } = recordingFetch((request) =>
      json({ detail: `bad credentials ${request.headers.get("service-api-key")} ${request.headers.get("authorization")}` }, { status: 401 }),
    );
    for (const auth of [AUTHS[3]![1], AUTHS[4]![1]]) {
      const error = await caught(testClient({ fetch, auth }).GET("/users" as never));
      expect(error).toMatchObject({ status: 401, operation: "GET /v1/token" });
      expectNoSecrets(errorForms(error));
    }
  });
});

describe("the logger", () => {
  it("gets method, path, status, duration, attempt and request id, with query values redacted", async () => {
    const events: ServiceLogEvent[] = [];
    const { fetch } = recordingFetch(() => json({}, { headers: { "x-request-id": "req-7" } }));
    await testClient({ fetch, auth: { apiKey: CANARY.apiKey }, logger: (e) => events.push(e) }).GET("/users" as never, {
      params: { query: { user_email: "private@acme.example", limit: 5 } },
    } as never);
    expect(events).toEqual([
      { event: "request", method: "GET", path: "https://api.acme.example/users?user_email=[REDACTED]&limit=[REDACTED]", operation: "GET /users", attempt: 1 },
      {
        event: "response",
        method: "GET",
        path: "https://api.acme.example/users?user_email=[REDACTED]&limit=[REDACTED]",
        operation: "GET /users",
        attempt: 1,
        status: 200,
        durationMs: expect.any(Number),
        requestId: "req-7",
      },
    ]);
    expectNoSecrets([JSON.stringify(events)], [...CANARY_VALUES(), "private@acme.example"]);
  });

  it("cannot break a request by throwing", async () => {
    const { fetch } = recordingFetch(() => json({ ok: 1 }));
    const { data } = await testClient({ fetch, logger: () => { throw new Error("logger down"); } }).GET("/users" as never);
    expect(data).toEqual({ ok: 1 });
  });
});

function CANARY_VALUES() {
  return [CANARY.apiKey, CANARY.password, CANARY.token];
}
