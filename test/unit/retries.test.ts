// Retries for retry-safe operations only, on 408/429/500/502/503/504 and connection errors (not
// a name the resolver says does not exist, ENOTFOUND), with backoff min(0.5 s·2ⁿ, 8 s) and
// jitter, Retry-After honoured up to 60 s; the signup link never. Middleware runs once per call, and every attempt sends an identical request.
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { createServiceClient, ServiceConnectionError, type ServiceClient, type ServiceLogEvent } from "../../src/index.js";
import { parseRetryAfter } from "../../src/client/errors.js";
import { backoffDelay, retryDelay } from "../../src/client/retries.js";
import { BASE, caught, json, recordingFetch, testClient } from "../support/client-fakes.js";

const START = Date.UTC(2030, 0, 1, 12, 0, 0);

beforeEach(() => {
  vi.useFakeTimers({ now: START });
});
afterEach(() => {
  vi.useRealTimers();
});

/** Answers with the given statuses in turn (the last one repeats), noting when each attempt came. */
function sequence(...statuses: (number | Error | [number, Record<string, string>])[]) {
  const times: number[] = [];
  const recorder = recordingFetch((_request, index) => {
    times.push(Date.now());
    const step = statuses[Math.min(index, statuses.length - 1)]!;
    if (step instanceof Error) throw step;
    const [status, headers] = Array.isArray(step) ? step : [step, {}];
    return json({ status }, { status, headers });
  });
  return { ...recorder, times };
}

async function settle<T>(promise: Promise<T>): Promise<T> {
  const settled = promise.then(
    (value) => ({ value }),
    (error: unknown) => ({ error }),
  );
  await vi.advanceTimersByTimeAsync(10 * 60_000);
  const result = (await settled) as { value?: T; error?: unknown };
  if ("error" in result) throw result.error;
  return result.value as T;
}

describe("what is retried", () => {
  it("503, 503, 200 → success after 3 attempts", async () => {
    const svc = sequence(503, 503, 200);
    const { response, data } = await settle(testClient({ fetch: svc.fetch, auth: { apiKey: "k" } }).GET("/users" as never));
    expect(response.status).toBe(200);
    expect(data).toEqual({ status: 200 });
    expect(svc.sent).toHaveLength(3);
  });

  it.each([408, 429, 500, 502, 503, 504])("retries %i", async (status) => {
    const svc = sequence(status, 200);
    const { response } = await settle(testClient({ fetch: svc.fetch }).GET("/users" as never));
    expect(response.status).toBe(200);
    expect(svc.sent).toHaveLength(2);
  });

  it.each([400, 401, 403, 404, 409, 422, 501])("does not retry %i", async (status) => {
    const svc = sequence(status, 200);
    const { response } = await settle(testClient({ fetch: svc.fetch }).GET("/users" as never));
    expect(response.status).toBe(status);
    expect(svc.sent).toHaveLength(1);
  });

  it("stops after maxRetries and returns the last answer", async () => {
    const svc = sequence(503);
    const { response } = await settle(testClient({ fetch: svc.fetch, maxRetries: 3 }).GET("/users" as never));
    expect(response.status).toBe(503);
    expect(svc.sent).toHaveLength(4);
  });

  it("retries twice by default", async () => {
    const svc = sequence(503);
    await settle(testClient({ fetch: svc.fetch }).GET("/users" as never));
    expect(svc.sent).toHaveLength(3);
  });

  it("makes one attempt with maxRetries: 0", async () => {
    const svc = sequence(503);
    await settle(testClient({ fetch: svc.fetch, maxRetries: 0 }).GET("/users" as never));
    expect(svc.sent).toHaveLength(1);
  });

  it("retries connection errors for retry-safe operations", async () => {
    const svc = sequence(new TypeError("fetch failed"), 200);
    const { response } = await settle(testClient({ fetch: svc.fetch }).GET("/users" as never));
    expect(response.status).toBe(200);
    expect(svc.sent).toHaveLength(2);
  });

  /** What Node's fetch rejects with when the resolver fails: a TypeError whose cause carries the code. */
  function dnsFailure(code: "ENOTFOUND" | "EAI_AGAIN", hostname: string) {
    const cause = Object.assign(new Error(`getaddrinfo ${code} ${hostname}`), { errno: code === "ENOTFOUND" ? -3008 : -3001, code, syscall: "getaddrinfo", hostname });
    return new TypeError("fetch failed", { cause });
  }

  it("does not retry a name the resolver says does not exist (ENOTFOUND), and says where and why", async () => {
    const svc = sequence(dnsFailure("ENOTFOUND", "api.acme.invalid"), 200);
    const client = createServiceClient({ baseUrl: "https://api.acme.invalid", env: {}, auth: { apiKey: "k" }, fetch: svc.fetch });
    const error = await caught(settle(client.GET("/current_user")));
    expect(error).toBeInstanceOf(ServiceConnectionError);
    expect((error as Error).message).toBe("GET /current_user: the connection to https://api.acme.invalid failed before a complete answer arrived (ENOTFOUND)");
    expect(error).toMatchObject({ attempts: 1 });
    expect(svc.sent).toHaveLength(1);
  });

  it("retries a resolver that could not answer (EAI_AGAIN)", async () => {
    const svc = sequence(dnsFailure("EAI_AGAIN", "api.acme.example"), 200);
    const { response } = await settle(testClient({ fetch: svc.fetch }).GET("/users" as never));
    expect(response.status).toBe(200);
    expect(svc.sent).toHaveLength(2);
  });

  it("a POST that is not retry-safe → one attempt, on a status or a connection error", async () => {
    const status = sequence(503, 200);
    const { response } = await settle(testClient({ fetch: status.fetch }).POST("/projects" as never, { body: { name: "p" } } as never));
    expect(response.status).toBe(503);
    expect(status.sent).toHaveLength(1);

    const reset = sequence(new TypeError("fetch failed"), 200);
    const error = await caught(settle(testClient({ fetch: reset.fetch }).POST("/projects" as never, { body: {} } as never)));
    expect(error).toBeInstanceOf(ServiceConnectionError);
    expect(error).toMatchObject({ operation: "POST /projects", attempts: 1 });
    expect(reset.sent).toHaveLength(1);
  });

  it("retries a POST marked x-idempotent", async () => {
    const svc = sequence(503, 200);
    const { response } = await settle(testClient({ fetch: svc.fetch }).POST("/projects/paginated" as never, { body: {} } as never));
    expect(response.status).toBe(200);
    expect(svc.sent).toHaveLength(2);
  });

  // Both send an email: one a POST without x-idempotent, the other a GET marked x-side-effect.
  const sendsEmail = {
    "the signup link": (client: ServiceClient) => client.POST("/signup_link", { params: { query: { user_email: "a@acme.example" } } }),
    "the password reset email": (client: ServiceClient) =>
      client.GET("/generate_password_reset_email", { params: { query: { user_email: "a@acme.example" } } }),
  };
  it.each(Object.entries(sendsEmail))("never retries %s (it sends email)", async (_name, call) => {
    for (const step of [503, 429, new TypeError("fetch failed")] as const) {
      const svc = sequence(step, 200);
      await settle(call(createServiceClient({ baseUrl: BASE, env: {}, fetch: svc.fetch, auth: { apiKey: "k" }, maxRetries: 5 }))).catch(() => undefined);
      expect(svc.sent).toHaveLength(1);
    }
  });
});

describe("how long it waits", () => {
  it("backs off min(0.5 s·2ⁿ, 8 s) with jitter between half and all of it", () => {
    expect([0, 1, 2, 3, 4, 5, 10].map((n) => backoffDelay(n, 1))).toEqual([500, 1000, 2000, 4000, 8000, 8000, 8000]);
    expect([0, 1, 2, 3, 4, 5].map((n) => backoffDelay(n, 0))).toEqual([250, 500, 1000, 2000, 4000, 4000]);
    for (let i = 0; i < 100; i++) {
      const delay = backoffDelay(2);
      expect(delay).toBeGreaterThanOrEqual(1000);
      expect(delay).toBeLessThanOrEqual(2000);
    }
  });

  it("reads Retry-After as seconds or an HTTP date, and refuses to wait more than 60 s", () => {
    expect(parseRetryAfter("2")).toBe(2000);
    expect(parseRetryAfter(" 0 ")).toBe(0);
    expect(parseRetryAfter(new Date(START + 5000).toUTCString(), START)).toBe(5000);
    expect(parseRetryAfter(new Date(START - 5000).toUTCString(), START)).toBe(0);
    expect(parseRetryAfter("soon")).toBeUndefined();
    expect(parseRetryAfter(null)).toBeUndefined();
    expect(retryDelay(0, "60", 0)).toBe(60_000);
    expect(retryDelay(0, "61", 0)).toBeUndefined();
    expect(retryDelay(3, null, 1)).toBe(4000);
  });

  it("waits the backoff between attempts", async () => {
    const svc = sequence(503, 503, 200);
    await settle(testClient({ fetch: svc.fetch }).GET("/users" as never));
    const [first, second, third] = svc.times as [number, number, number];
    expect(second - first).toBeGreaterThanOrEqual(250);
    expect(second - first).toBeLessThanOrEqual(500);
    expect(third - second).toBeGreaterThanOrEqual(500);
    expect(third - second).toBeLessThanOrEqual(1000);
  });

  it("Retry-After: 2 → the second attempt starts ≥ 2 s later", async () => {
    const svc = sequence([429, { "retry-after": "2" }], 200);
    await settle(testClient({ fetch: svc.fetch }).GET("/users" as never));
    expect(svc.times[1]! - svc.times[0]!).toBeGreaterThanOrEqual(2000);
  });

  it("honours Retry-After as an HTTP date", async () => {
    const svc = sequence([503, { "retry-after": new Date(START + 7000).toUTCString() }], 200);
    await settle(testClient({ fetch: svc.fetch }).GET("/users" as never));
    expect(svc.times[1]! - svc.times[0]!).toBeGreaterThanOrEqual(7000);
  });

  it("does not retry when Retry-After asks for more than 60 s", async () => {
    const svc = sequence([429, { "retry-after": "120" }], 200);
    const { response } = await settle(testClient({ fetch: svc.fetch }).GET("/users" as never));
    expect(response.status).toBe(429);
    expect(svc.sent).toHaveLength(1);
  });

  it("logs each retry with its delay", async () => {
    const events: ServiceLogEvent[] = [];
    const svc = sequence([503, { "retry-after": "3" }], 200);
    await settle(testClient({ fetch: svc.fetch, logger: (e) => events.push(e) }).GET("/users" as never));
    expect(events.filter((e) => e.event === "retry")).toEqual([
      { event: "retry", method: "GET", path: `${BASE}/users`, operation: "GET /users", attempt: 1, delayMs: 3000, reason: 503 },
    ]);
  });
});

describe("each attempt", () => {
  it("runs middleware once per call, not per retry", async () => {
    const svc = sequence(503, 502, 200);
    const client = testClient({ fetch: svc.fetch, auth: { apiKey: "k" } });
    let onRequest = 0;
    let onResponse = 0;
    client.use({ onRequest: () => void onRequest++, onResponse: () => void onResponse++ });
    await settle(client.GET("/users" as never));
    expect(svc.sent).toHaveLength(3);
    expect([onRequest, onResponse]).toEqual([1, 1]);
  });

  it("sends an identical request every time, body byte for byte", async () => {
    const svc = sequence(503, 503, 200);
    const body = { name: "ünïcødé ✓", list: [1, 2, 3], nested: { deep: "x".repeat(5000) } };
    await settle(testClient({ fetch: svc.fetch, auth: { apiKey: "k" } }).POST("/projects/paginated" as never, { body } as never));
    expect(svc.sent).toHaveLength(3);
    const shapes = svc.sent.map((s) => ({
      method: s.request.method,
      url: s.request.url,
      headers: [...s.request.headers.entries()],
      body: s.body,
    }));
    expect(shapes[0]!.body).toBe(JSON.stringify(body));
    expect(shapes[1]).toEqual(shapes[0]);
    expect(shapes[2]).toEqual(shapes[0]);
  });

  it("reports the number of attempts on the error after retries ran out", async () => {
    const svc = sequence(new TypeError("fetch failed"));
    const error = await caught(settle(testClient({ fetch: svc.fetch, maxRetries: 2 }).GET("/users" as never)));
    expect(error).toBeInstanceOf(ServiceConnectionError);
    expect(error).toMatchObject({ attempts: 3 });
    expect((error as Error).cause).toBeInstanceOf(TypeError);
  });
});
