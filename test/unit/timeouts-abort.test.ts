// A timeout per attempt (headers and body); a caller's AbortSignal aborts at once,
// also during a backoff wait, and is never retried.
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { ServiceTimeoutError } from "../../src/index.js";
import { caught, testClient } from "../support/client-fakes.js";

const START = Date.UTC(2030, 0, 1, 12, 0, 0);

beforeEach(() => {
  vi.useFakeTimers({ now: START });
});
afterEach(() => {
  vi.useRealTimers();
});

/** A fetch that never answers (or, with `headers`, answers and then never finishes the body). */
function stalling(mode: "headers" | "body") {
  const attempts: number[] = [];
  const fetch = (input: Request | string | URL, init?: RequestInit) => {
    const request = new Request(input, init);
    attempts.push(Date.now());
    const signal = request.signal;
    return new Promise<Response>((resolve, reject) => {
      if (signal.aborted) return reject(signal.reason);
      signal.addEventListener("abort", () => reject(signal.reason), { once: true });
      if (mode === "body") {
        const body = new ReadableStream<Uint8Array>({
          start(controller) {
            controller.enqueue(new TextEncoder().encode('{"partial":'));
            signal.addEventListener("abort", () => controller.error(signal.reason), { once: true });
          },
        });
        resolve(new Response(body, { status: 200, headers: { "content-type": "application/json" } }));
      }
    });
  };
  return { fetch, attempts };
}

function settled<T>(promise: Promise<T>) {
  return promise.then(
    (value) => ({ value, at: Date.now() }),
    (error: unknown) => ({ error, at: Date.now() }),
  );
}

describe("timeouts", () => {
  it.each(["headers", "body"] as const)("time out an attempt that stalls before the end of the %s", async (mode) => {
    const svc = stalling(mode);
    const result = settled(testClient({ fetch: svc.fetch, timeoutMs: 1000, maxRetries: 0 }).GET("/users" as never));
    await vi.advanceTimersByTimeAsync(999);
    expect(svc.attempts).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(2);
    const outcome = await result;
    expect((outcome as { error: unknown }).error).toBeInstanceOf(ServiceTimeoutError);
    expect((outcome as { error: unknown }).error).toMatchObject({ operation: "GET /users", attempts: 1, timeoutMs: 1000 });
    expect(outcome.at - START).toBeLessThan(1100);
  });

  it("defaults to 30 s per attempt", async () => {
    const svc = stalling("headers");
    const result = settled(testClient({ fetch: svc.fetch, maxRetries: 0 }).GET("/users" as never));
    await vi.advanceTimersByTimeAsync(29_999);
    expect(svc.attempts).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(2);
    expect((await result as { error: unknown }).error).toMatchObject({ name: "ServiceTimeoutError", timeoutMs: 30_000 });
  });

  it("applies per attempt, and retries a retry-safe operation", async () => {
    const svc = stalling("headers");
    const result = settled(testClient({ fetch: svc.fetch, timeoutMs: 1000, maxRetries: 2 }).GET("/users" as never));
    await vi.advanceTimersByTimeAsync(60_000);
    const outcome = await result;
    expect((outcome as { error: unknown }).error).toMatchObject({ name: "ServiceTimeoutError", attempts: 3 });
    expect(svc.attempts).toHaveLength(3);
    // Each attempt had its own full second, with a backoff between them.
    expect(svc.attempts[1]! - svc.attempts[0]!).toBeGreaterThanOrEqual(1000 + 250);
  });

  it("does not retry a timed-out POST that is not retry-safe", async () => {
    const svc = stalling("headers");
    const result = settled(testClient({ fetch: svc.fetch, timeoutMs: 1000 }).POST("/projects" as never, { body: {} } as never));
    await vi.advanceTimersByTimeAsync(60_000);
    expect((await result as { error: unknown }).error).toBeInstanceOf(ServiceTimeoutError);
    expect(svc.attempts).toHaveLength(1);
  });

  it("times out many concurrent attempts and leaves no timer behind", async () => {
    const svc = stalling("headers");
    const client = testClient({ fetch: svc.fetch, timeoutMs: 1000, maxRetries: 0 });
    const calls = Array.from({ length: 100 }, () => settled(client.GET("/users" as never)));
    await vi.advanceTimersByTimeAsync(10);
    expect(svc.attempts).toHaveLength(100);
    await vi.advanceTimersByTimeAsync(1000);
    const outcomes = await Promise.all(calls);
    expect(outcomes.every((o) => (o as { error: unknown }).error instanceof ServiceTimeoutError)).toBe(true);
    expect(vi.getTimerCount()).toBe(0);
  });
});

describe("the caller's AbortSignal", () => {
  it("aborts at once, with the caller's reason, and is not retried", async () => {
    const svc = stalling("headers");
    const controller = new AbortController();
    const result = settled(testClient({ fetch: svc.fetch, maxRetries: 5 }).GET("/users" as never, { signal: controller.signal }));
    await vi.advanceTimersByTimeAsync(10);
    const reason = new Error("caller gave up");
    controller.abort(reason);
    const outcome = await result;
    expect((outcome as { error: unknown }).error).toBe(reason);
    expect(outcome.at - START).toBe(10);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(svc.attempts).toHaveLength(1);
  });

  it("surfaces the caller's reason, not a connection error, for a POST that is not retry-safe", async () => {
    const svc = stalling("headers");
    const controller = new AbortController();
    const result = settled(testClient({ fetch: svc.fetch }).POST("/projects" as never, { body: {}, signal: controller.signal } as never));
    await vi.advanceTimersByTimeAsync(10);
    controller.abort();
    expect((await result as { error: unknown }).error).toMatchObject({ name: "AbortError" });
    expect(svc.attempts).toHaveLength(1);
  });

  it("aborts a body that is still arriving", async () => {
    const svc = stalling("body");
    const controller = new AbortController();
    const result = settled(testClient({ fetch: svc.fetch }).GET("/users" as never, { signal: controller.signal }));
    await vi.advanceTimersByTimeAsync(10);
    controller.abort();
    expect((await result as { error: unknown }).error).toMatchObject({ name: "AbortError" });
    expect(svc.attempts).toHaveLength(1);
  });

  it("aborts during a backoff wait without waiting it out", async () => {
    let calls = 0;
    const fetch = async () => {
      calls++;
      return new Response("busy", { status: 503, headers: { "retry-after": "30" } });
    };
    const controller = new AbortController();
    const result = settled(testClient({ fetch }).GET("/users" as never, { signal: controller.signal }));
    await vi.advanceTimersByTimeAsync(1000);
    controller.abort();
    const outcome = await result;
    expect((outcome as { error: unknown }).error).toMatchObject({ name: "AbortError" });
    expect(outcome.at - START).toBe(1000);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(calls).toBe(1);
  });

  it("sends nothing when already aborted", async () => {
    const svc = stalling("headers");
    const error = await caught(testClient({ fetch: svc.fetch }).GET("/users" as never, { signal: AbortSignal.abort() }));
    expect(error).toMatchObject({ name: "AbortError" });
    expect(svc.attempts).toHaveLength(0);
  });
});
