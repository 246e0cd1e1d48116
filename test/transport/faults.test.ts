// Behaviours 7 and 8 on real sockets: resets mid-body, stalls before and after the headers,
// refused connections, 503s and Retry-After, on real clocks: a wait is held to its lower bound
// only, since a busy machine can stretch any wait (a hang is vitest's test timeout).
import { describe, expect, it } from "vitest";
import { createServiceClient, ServiceConnectionError, ServiceTimeoutError, unwrap, type ServiceLogEvent } from "../../src/index.js";
import { resetMidBody, sendJson, serversClosedAfterEach, stallAfterHeaders } from "../support/loopback-server.js";

const start = serversClosedAfterEach();

function client(baseUrl: string, options: { timeoutMs?: number; maxRetries?: number } = {}) {
  return createServiceClient<any>({ baseUrl, env: {}, auth: { apiKey: "k" }, ...options }) as any;
}

async function timed<T>(promise: Promise<T>): Promise<{ result?: T; error?: unknown; ms: number }> {
  const started = performance.now();
  try {
    return { result: await promise, ms: performance.now() - started };
  } catch (error) {
    return { error, ms: performance.now() - started };
  }
}

describe("resets", () => {
  it("retries a GET whose body is cut off (Content-Length 100, 4 bytes, then destroy)", async () => {
    const api = await start((_req, res, _r, index) => (index < 2 ? resetMidBody(res) : sendJson(res, 200, { users: [] })));
    const data = await unwrap(client(api.url).GET("/users"));
    expect(data).toEqual({ users: [] });
    expect(api.received).toHaveLength(3);
  });

  it("gives a POST that is not retry-safe one attempt and a ServiceConnectionError with its cause", async () => {
    const api = await start((_req, res) => resetMidBody(res));
    const error = await client(api.url).POST("/projects", { body: {} }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ServiceConnectionError);
    expect(error).toMatchObject({ operation: "POST /projects", attempts: 1 });
    expect((error as Error).cause).toBeDefined();
    expect(api.received).toHaveLength(1);
  });

  it("surfaces a refused connection after the retries", async () => {
    const api = await start((_req, res) => sendJson(res, 200, {}));
    const url = api.url;
    await api.close();
    const error = await client(url, { maxRetries: 1 }).GET("/users").catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ServiceConnectionError);
    expect(error).toMatchObject({ attempts: 2 });
    // Where and why are in the message, where a reader looks first: the origin and the system's reason.
    expect((error as Error).message).toBe(`GET /users: the connection to ${new URL(url).origin} failed before a complete answer arrived (ECONNREFUSED)`);
  });
});

describe("stalls (real time)", () => {
  it("times out an attempt that never sends headers", async () => {
    const api = await start(() => undefined);
    const { error, ms } = await timed(client(api.url, { timeoutMs: 300, maxRetries: 0 }).GET("/users"));
    expect(error).toBeInstanceOf(ServiceTimeoutError);
    expect(ms).toBeGreaterThanOrEqual(250);
  });

  it("times out an attempt whose body stalls after the headers", async () => {
    const api = await start((_req, res) => stallAfterHeaders(res));
    const { error, ms } = await timed(client(api.url, { timeoutMs: 300, maxRetries: 0 }).GET("/users"));
    expect(error).toBeInstanceOf(ServiceTimeoutError);
    expect(ms).toBeGreaterThanOrEqual(250);
  });

  it("retries after a stall and succeeds", async () => {
    const api = await start((_req, res, _r, index) => (index === 0 ? stallAfterHeaders(res) : sendJson(res, 200, { ok: 1 })));
    expect(await unwrap(client(api.url, { timeoutMs: 300, maxRetries: 1 }).GET("/users"))).toEqual({ ok: 1 });
    expect(api.received).toHaveLength(2);
  });

  it("aborts at once when the caller aborts, and does not retry", async () => {
    const api = await start(() => undefined);
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 100);
    const { error } = await timed(client(api.url, { maxRetries: 3 }).GET("/users", { signal: controller.signal }));
    // The server never answers and the attempt's own timeout would end in ServiceTimeoutError: an
    // AbortError can only be the caller's abort, taken as it came.
    expect(error).toMatchObject({ name: "AbortError" });
    await new Promise((r) => setTimeout(r, 300));
    expect(api.received).toHaveLength(1);
  });
});

describe("status retries (real time)", () => {
  it("503, 503, 200 → success after 3 attempts", async () => {
    const api = await start((_req, res, _r, index) => (index < 2 ? sendJson(res, 503, {}) : sendJson(res, 200, { ok: true })));
    expect(await unwrap(client(api.url).GET("/users"))).toEqual({ ok: true });
    expect(api.received).toHaveLength(3);
  });

  it("Retry-After: 2 → the second attempt starts ≥ 2 s later", async () => {
    const api = await start((_req, res, _r, index) =>
      index === 0 ? sendJson(res, 429, { detail: "slow down" }, { "retry-after": "2" }) : sendJson(res, 200, { ok: true }),
    );
    const events: ServiceLogEvent[] = [];
    await unwrap((createServiceClient<any>({ baseUrl: api.url, env: {}, auth: { apiKey: "k" }, logger: (event: ServiceLogEvent) => void events.push(event) }) as any).GET("/users"));
    expect(api.received).toHaveLength(2);
    // The wait the client chose is the service's, not a backoff of its own; and it really waited.
    expect(events.filter((event) => event.event === "retry")).toEqual([expect.objectContaining({ delayMs: 2000, reason: 429 })]);
    expect(api.received[1]!.at - api.received[0]!.at).toBeGreaterThanOrEqual(1990);
  });

  it("a POST that is not retry-safe → one attempt on 503", async () => {
    const api = await start((_req, res) => sendJson(res, 503, {}));
    const { response } = await client(api.url).POST("/projects", { body: {} });
    expect(response.status).toBe(503);
    expect(api.received).toHaveLength(1);
  });
});
