// HTTP errors keep openapi-fetch's { error, response }; unwrap() returns data or
// throws ServiceApiError with status, kind, requestId, body, operation and attempts.
import { describe, expect, it, vi } from "vitest";
import { ServiceApiError, ServiceError, unwrap } from "../../src/index.js";
import { caught, json, recordingFetch, testClient } from "../support/client-fakes.js";

describe("unwrap", () => {
  it("returns data on success", async () => {
    const { fetch } = recordingFetch(() => json({ users: [1] }));
    expect(await unwrap(testClient({ fetch }).GET("/users" as never))).toEqual({ users: [1] });
  });

  it("keeps openapi-fetch's { error, response } when not unwrapped", async () => {
    const { fetch } = recordingFetch(() => json({ detail: "nope" }, { status: 404 }));
    const result = await testClient({ fetch }).GET("/users" as never);
    expect(result.error).toEqual({ detail: "nope" });
    expect(result.response.status).toBe(404);
  });

  it("throws ServiceApiError with everything needed to act on it", async () => {
    const { fetch } = recordingFetch(() =>
      json({ detail: [{ loc: ["query", "user_email"], msg: "bad", type: "value_error" }] }, { status: 422, statusText: "Unprocessable Entity", headers: { "x-request-id": "req-42" } }),
    );
    const error = await caught(unwrap(testClient({ fetch, auth: { apiKey: "k" } }).GET("/users/{user_id}" as never, { params: { path: { user_id: "u1" } } } as never)));
    expect(error).toBeInstanceOf(ServiceApiError);
    expect(error).toBeInstanceOf(ServiceError);
    expect(error).toMatchObject({
      name: "ServiceApiError",
      status: 422,
      kind: "validation",
      requestId: "req-42",
      operation: "GET /users/{user_id}",
      attempts: 1,
      body: { detail: [{ loc: ["query", "user_email"], msg: "bad", type: "value_error" }] },
    });
    expect((error as Error).message).toBe("GET /users/{user_id} failed with HTTP 422 Unprocessable Entity: query.user_email: bad (request id req-42)");
    expect((error as ServiceApiError).response?.status).toBe(422);
    expect(Object.keys(error as object)).not.toContain("response");
  });

  it.each([
    [401, "unauthorized"],
    [403, "forbidden"],
    [404, "not_found"],
    [409, "conflict"],
    [422, "validation"],
    [429, "rate_limited"],
    [500, "server"],
    [400, "http"],
  ])("HTTP %i → kind %s", async (status, kind) => {
    const { fetch } = recordingFetch(() => json({}, { status, headers: { "retry-after": "100" } }));
    const error = await caught(unwrap(testClient({ fetch }).GET("/users" as never)));
    expect(error).toMatchObject({ status, kind });
  });

  it("gives a 429 its retryAfterMs", async () => {
    const { fetch } = recordingFetch(() => json({}, { status: 429, headers: { "retry-after": "90" } }));
    const error = await caught(unwrap(testClient({ fetch }).GET("/users" as never)));
    expect(error).toMatchObject({ kind: "rate_limited", retryAfterMs: 90_000, attempts: 1 });
  });

  it("counts attempts, retries included", async () => {
    vi.useFakeTimers();
    try {
      const { fetch } = recordingFetch(() => json({}, { status: 503 }));
      const promise = caught(unwrap(testClient({ fetch, maxRetries: 2 }).GET("/users" as never)));
      await vi.advanceTimersByTimeAsync(60_000);
      expect(await promise).toMatchObject({ status: 503, attempts: 3 });
    } finally {
      vi.useRealTimers();
    }
  });

  it("throws on an error status with an empty body (openapi-fetch leaves error undefined)", async () => {
    const { fetch } = recordingFetch(() => new Response(null, { status: 403 }));
    const error = await caught(unwrap(testClient({ fetch }).GET("/users" as never)));
    expect(error).toMatchObject({ status: 403, kind: "forbidden", body: undefined });
  });

  it("throws on an error status with Content-Length: 0", async () => {
    const { fetch } = recordingFetch(() => new Response(null, { status: 404, headers: { "content-length": "0" } }));
    const result = await testClient({ fetch }).GET("/users" as never);
    expect(result.error).toBeUndefined();
    expect(await caught(unwrap(result))).toMatchObject({ status: 404, kind: "not_found", body: undefined });
  });

  it("returns undefined data for a 204", async () => {
    const { fetch } = recordingFetch(() => new Response(null, { status: 204 }));
    expect(await unwrap(testClient({ fetch }).GET("/users" as never))).toBeUndefined();
  });

  it("accepts an already awaited result", async () => {
    const { fetch } = recordingFetch(() => json({ a: 1 }));
    const result = await testClient({ fetch }).GET("/users" as never);
    expect(await unwrap(result)).toEqual({ a: 1 });
  });
});

describe("the response openapi-fetch hands back", () => {
  it("behaves like a Response: headers, url, body read once, clone, inspect", async () => {
    const { inspect } = await import("node:util");
    const { fetch } = recordingFetch(() => json({ a: 1 }, { headers: { "x-request-id": "r9" } }));
    const { response, data } = await testClient({ fetch }).GET("/users" as never);
    expect(data).toEqual({ a: 1 });
    expect(response).toBeInstanceOf(Response);
    expect(response.headers.get("x-request-id")).toBe("r9");
    expect(response.bodyUsed).toBe(true);
    await expect(response.text()).rejects.toThrow(TypeError);
    expect(() => inspect(response, { showHidden: true })).not.toThrow();

    const again = await testClient({ fetch }).GET("/users" as never, { parseAs: "text" });
    expect(again.data).toBe('{"a":1}');

    const { fetch: fetch2 } = recordingFetch(() => json({ b: 2 }));
    const raw = await testClient({ fetch: fetch2 }).GET("/users" as never, { parseAs: "stream" });
    expect(await new Response(raw.data as ReadableStream).json()).toEqual({ b: 2 });
  });
});
