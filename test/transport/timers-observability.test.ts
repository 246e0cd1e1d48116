// Timers and observability on real sockets: deadlines that a step of the wall clock cannot move,
// a streamed body that stalls between chunks, loggers that throw or reject, middleware that must
// never see a credential (nor the client's own get-token call), and redirects that cannot be
// followed, which are not worth a retry.
import { inspect } from "node:util";
import { afterEach, describe, expect, it, vi } from "vitest";
import {
  createServiceClient,
  ServiceConnectionError,
  ServiceTimeoutError,
  unwrap,
  type ServiceAuth,
  type ServiceLogEvent,
  type ServiceLogger,
} from "../../src/index.js";
import { caught, errorForms, expectNoSecrets } from "../support/client-fakes.js";
import { jwt, resetMidBody, sendJson, serversClosedAfterEach, tokenBody } from "../support/loopback-server.js";

const start = serversClosedAfterEach();

afterEach(() => {
  vi.useRealTimers();
});

const HOUR = 3600_000;

function client(baseUrl: string, options: { auth?: ServiceAuth; timeoutMs?: number; maxRetries?: number; logger?: ServiceLogger } = {}) {
  return createServiceClient<any>({ baseUrl, env: {}, auth: { apiKey: "timers-key" }, maxRetries: 0, ...options }) as any;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe("a step of the wall clock", () => {
  /** Moves Date (only Date) by `stepMs`; Date keeps running from there with real time. */
  function stepWallClock(stepMs: number) {
    vi.useFakeTimers({ toFake: ["Date"], now: Date.now() + stepMs, shouldAdvanceTime: true });
  }

  it("an hour back, while the request waits, does not keep a 500 ms timeout from firing", async () => {
    const api = await start(() => stepWallClock(-HOUR)); // never answers
    const wallBefore = Date.now();
    const events: ServiceLogEvent[] = [];
    const logger = (event: ServiceLogEvent) => void events.push(event);
    // Settling at all is the proof: a deadline on the wall clock would wait an hour more, and the
    // test's own timeout (vitest's, the only clock that fails a test) would end it first.
    const error = await caught(client(api.url, { timeoutMs: 500, logger }).GET("/users"));
    expect(error).toBeInstanceOf(ServiceTimeoutError);
    expect(error).toMatchObject({ operation: "GET /users", timeoutMs: 500, attempts: 1 });
    expect(Date.now()).toBeLessThan(wallBefore - HOUR / 2); // the step did happen
    expect(api.received).toHaveLength(1);
    // Durations in log events are on the same monotonic clock: never negative after a step back.
    const durations = events.flatMap((event) => ("durationMs" in event && event.durationMs !== undefined ? [event.durationMs] : []));
    expect(durations.length).toBeGreaterThan(0);
    for (const duration of durations) expect(duration).toBeGreaterThanOrEqual(0);
  });

  it("an hour forward, while the request waits, does not fire a 2 s timeout early", async () => {
    const api = await start((_req, res) => {
      stepWallClock(HOUR);
      setTimeout(() => sendJson(res, 200, { users: [] }), 300);
    });
    const { data } = await client(api.url, { timeoutMs: 2000 }).GET("/users");
    expect(data).toEqual({ users: [] });
  });
});

describe('a streamed body (parseAs: "stream")', () => {
  it("errors its stream with ServiceTimeoutError when the next chunk is late; the caller's own pauses do not count", async () => {
    const api = await start((_req, res) => {
      res.writeHead(200, { "content-type": "application/octet-stream" });
      res.write("a");
      setTimeout(() => res.write("b"), 100); // then nothing, ever
    });
    const { data, response } = await client(api.url, { timeoutMs: 400 }).GET("/users", { parseAs: "stream" });
    expect(response.status).toBe(200);
    const reader = (data as ReadableStream<Uint8Array>).getReader();
    const text = (chunk: ReadableStreamReadResult<Uint8Array>) => new TextDecoder().decode(chunk.value);

    expect(text(await reader.read())).toBe("a");
    // The caller takes twice the timeout before reading on: that is its own time, not a stall.
    await sleep(800);
    expect(text(await reader.read())).toBe("b");

    const waited = performance.now();
    const error = await caught(reader.read());
    expect(error).toBeInstanceOf(ServiceTimeoutError);
    expect(error).toMatchObject({ operation: "GET /users", timeoutMs: 400, message: expect.stringMatching(/the streamed body from http:\/\/127\.0\.0\.1:\d+ sent nothing within 400 ms/) });
    expect(performance.now() - waited).toBeGreaterThanOrEqual(350);
  });
});

describe("a logger that fails", () => {
  const failures: [string, (error: Error) => unknown][] = [
    [
      "throws",
      (error) => {
        throw error;
      },
    ],
    ["returns a rejected promise", (error) => Promise.reject(error)],
  ];

  it.each(failures)("that %s on every event affects neither the calls nor the process", async (_label, fail) => {
    const unhandled: unknown[] = [];
    const onUnhandled = (reason: unknown) => void unhandled.push(reason);
    process.on("unhandledRejection", onUnhandled);
    try {
      const api = await start((req, res, _received, index) => {
        if (req.url === "/v1/token") return sendJson(res, 200, { access_token: jwt("logged"), token_type: "bearer" }); // no expires_at: a warning
        if (req.url === "/slow") return; // never answers: a timeout
        return index === 1 ? sendJson(res, 503, { detail: "busy" }) : sendJson(res, 200, { users: [] });
      });
      const seen = new Set<string>();
      const logger = (event: ServiceLogEvent) => {
        seen.add(event.event);
        return fail(new Error(`log sink down (${event.event})`));
      };
      const api_ = client(api.url, { auth: { apiKey: "timers-key", jwt: true }, maxRetries: 1, timeoutMs: 300, logger: logger as ServiceLogger });

      expect(await unwrap(api_.GET("/users"))).toEqual({ users: [] });
      const timedOut = await caught(api_.GET("/slow", { maxRetries: 0 }));
      expect(timedOut).toBeInstanceOf(ServiceTimeoutError);
      await sleep(50); // let any rejection that nobody handles surface

      expect([...seen].sort()).toEqual(["error", "request", "response", "retry", "token-refresh", "warning"]);
      expect(unhandled).toEqual([]);
    } finally {
      process.off("unhandledRejection", onUnhandled);
    }
  });
});

describe("user middleware", () => {
  const AUTHS: [string, ServiceAuth, string[]][] = [
    ["API key", { apiKey: "mw-key-8d2f61c4" }, ["mw-key-8d2f61c4"]],
    ["Basic", { username: "ada", password: "mw-pw-51ab9e" }, ["mw-pw-51ab9e", btoa("ada:mw-pw-51ab9e")]],
    ["held JWT", { token: jwt("held-by-the-caller") }, [jwt("held-by-the-caller")]],
    ["JWT via the key", { apiKey: "mw-key-8d2f61c4", jwt: true }, ["mw-key-8d2f61c4", jwt("issued")]],
  ];

  it.each(AUTHS)("never sees a credential with %s: not in onRequest, onResponse or onError, and not the get-token call", async (_label, auth, secrets) => {
    const api = await start((req, res) => {
      if (req.url === "/v1/token") return sendJson(res, 200, tokenBody(jwt("issued")));
      if (req.method === "POST") return resetMidBody(res); // not retry-safe: onError sees the failure
      return sendJson(res, 200, { users: [] });
    });
    const seen: { hook: string; url: string; headers: string; extra: string }[] = [];
    const headersOf = (request: Request) => JSON.stringify([...request.headers]);
    const api_ = client(api.url, { auth });
    api_.use({
      onRequest: ({ request }: { request: Request }) => void seen.push({ hook: "onRequest", url: request.url, headers: headersOf(request), extra: "" }),
      onResponse: async ({ request, response }: { request: Request; response: Response }) =>
        void seen.push({ hook: "onResponse", url: request.url, headers: headersOf(request), extra: `${JSON.stringify([...response.headers])} ${await response.clone().text()}` }),
      onError: ({ request, error }: { request: Request; error: unknown }) =>
        void seen.push({ hook: "onError", url: request.url, headers: headersOf(request), extra: [...errorForms(error), inspect(error, { showHidden: true, depth: Infinity })].join("\n") }),
    });

    expect((await api_.GET("/users")).response.status).toBe(200);
    expect(await caught(api_.POST("/projects", { body: { name: "p" } }))).toBeInstanceOf(ServiceConnectionError);

    // The credentials did go on the wire (so this test can fail) …
    const wire = JSON.stringify(api.received.map((r) => r.headers));
    expect(secrets.some((secret) => wire.includes(secret))).toBe(true);
    // … every hook ran, for the caller's own requests only …
    expect(seen.map((s) => `${s.hook} ${new URL(s.url).pathname}`)).toEqual(["onRequest /users", "onResponse /users", "onRequest /projects", "onError /projects"]);
    // … and none of them saw a credential, going out or coming back.
    for (const { headers } of seen) expect(headers).not.toMatch(/authorization|service-api-key/i);
    expectNoSecrets(
      seen.map((s) => `${s.headers}\n${s.extra}`),
      secrets,
    );
  });
});

describe("a redirect the client cannot follow", () => {
  it.each([
    ["a same-origin Location with user info", (url: string) => url.replace("http://", "http://someone:pw@") + "/users/elsewhere"],
    ["a Location that is not a URL", () => "http://[unclosed/next"],
  ])("%s fails with ServiceConnectionError after exactly one request: a retry would fail the same way", async (_label, location) => {
    const api = await start((_req, res) => void res.writeHead(302, { location: location(api.url) }).end());
    const error = await caught(client(api.url, { maxRetries: 1 }).GET("/users"));
    expect(error).toBeInstanceOf(ServiceConnectionError);
    expect(error).toMatchObject({ operation: "GET /users", attempts: 1 });
    expect(api.received.map((r) => r.path)).toEqual(["/users"]);
  });

  it("more than five same-origin hops fails once, not once per retry", async () => {
    const api = await start((req, res) => void res.writeHead(307, { location: `${req.url!.split("?")[0]}x` }).end());
    const error = await caught(client(api.url, { maxRetries: 1 }).GET("/users"));
    expect((error as Error).message).toMatch(/more than 5 redirects/);
    expect(api.received).toHaveLength(6);
  });
});
