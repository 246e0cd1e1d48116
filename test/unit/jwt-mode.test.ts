// JWT mode: one token from get-token, cached until expires_at (corrected for clock
// skew with the server's Date) less five minutes; concurrent callers share one token request; a
// 401 on a bearer request invalidates the token and replays once; a second 401 surfaces.
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { ServiceApiError, ServiceConfigurationError, type ServiceLogEvent } from "../../src/index.js";
import { TokenCache } from "../../src/client/token-cache.js";
import { caught, errorForms, expectNoSecrets, fakeJwt, json, recordingFetch, testClient, tokenAnswer } from "../support/client-fakes.js";

const HOUR = 3600_000;
const START = Date.UTC(2030, 0, 1, 12, 0, 0);

beforeEach(() => {
  vi.useFakeTimers({ now: START });
});
afterEach(() => {
  vi.useRealTimers();
});

/**
 * A service where get-token hands out tokens[0], tokens[1], … (each exactly once: asking for more
 * than the test allows fails the test), and /users answers 200 for `valid` tokens, else 401.
 */
function service(options: { tokens: string[]; valid?: (token: string) => boolean; lifetimeMs?: number; serverSkewMs?: number }) {
  let issued = 0;
  const overIssued: number[] = [];
  const { fetch, sent } = recordingFetch((request) => {
    const path = new URL(request.url).pathname;
    if (path === "/v1/token") {
      const token = options.tokens[issued++];
      if (token === undefined) {
        overIssued.push(issued);
        return json({ detail: "unexpected token request" }, { status: 400 });
      }
      const serverNow = Date.now() + (options.serverSkewMs ?? 0);
      return tokenAnswer(token, serverNow, options.lifetimeMs, serverNow);
    }
    const bearer = request.headers.get("authorization")?.replace(/^Bearer /, "") ?? "";
    const ok = options.valid ? options.valid(bearer) : options.tokens.includes(bearer);
    return ok ? json({ users: [], next_starting_token: null }) : json({ detail: "token expired" }, { status: 401 });
  });
  const tokenCalls = () => sent.filter((s) => new URL(s.request.url).pathname === "/v1/token");
  const userCalls = () => sent.filter((s) => new URL(s.request.url).pathname === "/users");
  return { fetch, sent, tokenCalls, userCalls, overIssued };
}

const jwtAuth = { apiKey: "exchange-key", jwt: true } as const;

describe("token acquisition", () => {
  it("1,000 concurrent calls with no token make exactly one get-token request", async () => {
    const svc = service({ tokens: [fakeJwt("a")] });
    const client = testClient({ fetch: svc.fetch, auth: jwtAuth });
    const results = await Promise.all(Array.from({ length: 1000 }, () => client.GET("/users" as never)));
    expect(results.every((r) => r.response.status === 200)).toBe(true);
    expect(svc.tokenCalls()).toHaveLength(1);
    expect(svc.overIssued).toEqual([]);
    expect(svc.userCalls().every((s) => s.request.headers.get("authorization") === `Bearer ${fakeJwt("a")}`)).toBe(true);
  });

  it("1,000 concurrent calls with an expired token make exactly one more", async () => {
    const svc = service({ tokens: [fakeJwt("a"), fakeJwt("b")] });
    const client = testClient({ fetch: svc.fetch, auth: jwtAuth });
    await client.GET("/users" as never);
    vi.setSystemTime(START + 25 * HOUR);
    await Promise.all(Array.from({ length: 1000 }, () => client.GET("/users" as never)));
    expect(svc.tokenCalls()).toHaveLength(2);
    expect(svc.overIssued).toEqual([]);
    expect(svc.userCalls().at(-1)!.request.headers.get("authorization")).toBe(`Bearer ${fakeJwt("b")}`);
  });

  it("gets the token with the exchange credentials, cache: no-store, and never sends the key with the bearer", async () => {
    const svc = service({ tokens: [fakeJwt("a")] });
    await testClient({ fetch: svc.fetch, auth: jwtAuth }).GET("/users" as never);
    const [tokenCall] = svc.tokenCalls();
    expect(tokenCall!.request.headers.get("service-api-key")).toBe("exchange-key");
    expect(tokenCall!.request.headers.get("authorization")).toBeNull();
    expect(tokenCall!.request.cache).toBe("no-store");
    expect(svc.userCalls()[0]!.request.headers.get("service-api-key")).toBeNull();
  });

  it("exchanges Basic credentials the same way", async () => {
    const svc = service({ tokens: [fakeJwt("a")] });
    await testClient({ fetch: svc.fetch, auth: { username: "ada", password: "pw", jwt: true } }).GET("/users" as never);
    expect(svc.tokenCalls()[0]!.request.headers.get("authorization")).toBe(`Basic ${btoa("ada:pw")}`);
  });
});

describe("expiry", () => {
  it("keeps the token until five minutes before expires_at, then refreshes", async () => {
    const svc = service({ tokens: [fakeJwt("a"), fakeJwt("b")] });
    const client = testClient({ fetch: svc.fetch, auth: jwtAuth });
    await client.GET("/users" as never);
    vi.setSystemTime(START + 24 * HOUR - 5 * 60_000 - 1000);
    await client.GET("/users" as never);
    expect(svc.tokenCalls()).toHaveLength(1);
    vi.setSystemTime(START + 24 * HOUR - 5 * 60_000 + 1000);
    await client.GET("/users" as never);
    expect(svc.tokenCalls()).toHaveLength(2);
  });

  it("corrects for a server clock that runs an hour ahead", async () => {
    const svc = service({ tokens: [fakeJwt("a"), fakeJwt("b")], serverSkewMs: HOUR });
    const client = testClient({ fetch: svc.fetch, auth: jwtAuth });
    await client.GET("/users" as never);
    // Without the correction the token would look valid for 25 hours of our clock.
    vi.setSystemTime(START + 24 * HOUR - 4 * 60_000);
    await client.GET("/users" as never);
    expect(svc.tokenCalls()).toHaveLength(2);
  });

  it("corrects for a server clock that runs an hour behind", async () => {
    const svc = service({ tokens: [fakeJwt("a"), fakeJwt("b")], serverSkewMs: -HOUR });
    const client = testClient({ fetch: svc.fetch, auth: jwtAuth });
    await client.GET("/users" as never);
    // Without the correction it would be refreshed after 23 hours.
    vi.setSystemTime(START + 23 * HOUR + 30 * 60_000);
    await client.GET("/users" as never);
    expect(svc.tokenCalls()).toHaveLength(1);
  });
});

describe("401 on a bearer request", () => {
  it("refreshes once and replays once", async () => {
    const svc = service({ tokens: [fakeJwt("revoked"), fakeJwt("fresh")], valid: (t) => t === fakeJwt("fresh") });
    const client = testClient({ fetch: svc.fetch, auth: jwtAuth });
    const { response } = await client.GET("/users" as never);
    expect(response.status).toBe(200);
    expect(svc.tokenCalls()).toHaveLength(2);
    expect(svc.userCalls().map((s) => s.request.headers.get("authorization"))).toEqual([
      `Bearer ${fakeJwt("revoked")}`,
      `Bearer ${fakeJwt("fresh")}`,
    ]);
  });

  it("surfaces a second 401", async () => {
    const svc = service({ tokens: [fakeJwt("a"), fakeJwt("b")], valid: () => false });
    const client = testClient({ fetch: svc.fetch, auth: jwtAuth });
    const { response, error } = await client.GET("/users" as never);
    expect(response.status).toBe(401);
    expect(error).toEqual({ detail: "token expired" });
    expect(svc.userCalls()).toHaveLength(2);
    expect(svc.tokenCalls()).toHaveLength(2);
  });

  it("replays a non-retry-safe POST too (a 401 means nothing happened), with the same body", async () => {
    const svc = service({ tokens: [fakeJwt("a"), fakeJwt("b")], valid: (t) => t === fakeJwt("b") });
    const client = testClient({ fetch: svc.fetch, auth: jwtAuth });
    const fetchPosts = () => svc.sent.filter((s) => s.request.method === "POST");
    // /projects answers through the same rule as /users in this service.
    await client.POST("/projects" as never, { body: { name: "p1" } } as never);
    expect(fetchPosts().map((s) => s.body)).toEqual(['{"name":"p1"}', '{"name":"p1"}']);
  });

  it("refreshes once for many concurrent 401s on the same token", async () => {
    const svc = service({ tokens: [fakeJwt("a"), fakeJwt("b")], valid: (t) => t === fakeJwt("b") });
    const client = testClient({ fetch: svc.fetch, auth: jwtAuth });
    const results = await Promise.all(Array.from({ length: 50 }, () => client.GET("/users" as never)));
    expect(results.every((r) => r.response.status === 200)).toBe(true);
    expect(svc.tokenCalls()).toHaveLength(2);
    expect(svc.overIssued).toEqual([]);
  });

  it("does not replay a 401 for the API key or Basic", async () => {
    const { fetch, sent } = recordingFetch(() => json({ detail: "no" }, { status: 401 }));
    const { response } = await testClient({ fetch, auth: { apiKey: "k" } }).GET("/users" as never);
    expect(response.status).toBe(401);
    expect(sent).toHaveLength(1);
  });
});

describe("failures", () => {
  it("fails every waiting caller with the same error and does not poison the cache", async () => {
    let tokenRequests = 0;
    const { fetch } = recordingFetch((request) => {
      if (new URL(request.url).pathname === "/v1/token") {
        tokenRequests++;
        return tokenRequests === 1 ? json({ detail: "bad key" }, { status: 401, headers: { "x-request-id": "r-1" } }) : tokenAnswer(fakeJwt("ok"), Date.now());
      }
      return json({ users: [] });
    });
    const client = testClient({ fetch, auth: jwtAuth });
    const errors = await Promise.all(Array.from({ length: 10 }, () => caught(client.GET("/users" as never))));
    expect(tokenRequests).toBe(1);
    expect(errors[0]).toBeInstanceOf(ServiceApiError);
    expect(errors[0]).toMatchObject({ status: 401, operation: "GET /v1/token", requestId: "r-1" });
    expect(errors.every((error) => error === errors[0])).toBe(true);
    const { response } = await client.GET("/users" as never);
    expect(response.status).toBe(200);
    expect(tokenRequests).toBe(2);
  });

  it("rejects a get-token answer that is not a header-safe JWT, without echoing it", async () => {
    const bad = "not-a-jwt\r\nX-Evil: 1";
    const { fetch } = recordingFetch((request) =>
      new URL(request.url).pathname === "/v1/token" ? json({ access_token: bad, expires_at: new Date(Date.now() + HOUR).toISOString() }) : json({}),
    );
    const error = await caught(testClient({ fetch, auth: jwtAuth }).GET("/users" as never));
    expect(error).toBeInstanceOf(ServiceConfigurationError);
    expectNoSecrets(errorForms(error), ["not-a-jwt"]);
  });

  it("logs token refreshes", async () => {
    const events: ServiceLogEvent[] = [];
    const svc = service({ tokens: [fakeJwt("a")] });
    await testClient({ fetch: svc.fetch, auth: jwtAuth, logger: (e) => events.push(e) }).GET("/users" as never);
    expect(events.filter((e) => e.event === "token-refresh").map((e) => (e as { outcome: string }).outcome)).toEqual(["start", "success"]);
  });
});

describe("TokenCache ordering", () => {
  function deferred<T>() {
    let resolve!: (value: T) => void;
    const promise = new Promise<T>((r) => (resolve = r));
    return { promise, resolve };
  }
  const answer = (token: string) => ({
    data: { access_token: token, expires_at: new Date(Date.now() + 24 * HOUR).toISOString() },
    serverDate: null,
  });

  it("never lets a refresh that began before an invalidation overwrite the newer token", async () => {
    const pending: ReturnType<typeof deferred<ReturnType<typeof answer>>>[] = [];
    const cache = new TokenCache(() => {
      const d = deferred<ReturnType<typeof answer>>();
      pending.push(d);
      return d.promise;
    });
    const first = cache.get();
    pending[0]!.resolve(answer(fakeJwt("a")));
    expect(await first).toBe(fakeJwt("a"));

    vi.setSystemTime(START + 24 * HOUR - 60_000); // inside the margin: a refresh starts
    const slow = cache.get();
    expect(pending).toHaveLength(2);
    const replaced = cache.replace(fakeJwt("a")); // a 401 on "a": a new fetch starts
    expect(pending).toHaveLength(3);
    pending[2]!.resolve(answer(fakeJwt("c")));
    expect(await replaced).toBe(fakeJwt("c"));
    pending[1]!.resolve(answer(fakeJwt("b"))); // the older refresh finishes last
    expect(await slow).toBe(fakeJwt("b"));
    expect(await cache.get()).toBe(fakeJwt("c"));
    expect(pending).toHaveLength(3);
  });

  it("does not drop a newer token when a stale 401 reports an older one", async () => {
    let n = 0;
    const cache = new TokenCache(async () => answer(fakeJwt(`t${++n}`)));
    const a = await cache.get();
    const b = await cache.replace(a);
    expect(b).toBe(fakeJwt("t2"));
    expect(await cache.replace(a)).toBe(b); // "a" is already gone: keep "b"
    expect(n).toBe(2);
  });
});
