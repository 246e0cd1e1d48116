// JWT mode against the Prism mock, whose get-token always answers the spec's example: a token
// whose exp and expires_at are one fixed moment far ahead (2100-01-01), beyond the documented 24
// hours. Whatever today's date, the client must fetch one token for many calls (not one per call),
// send it as the bearer credential, and say once, in a warning log event, that it did not believe
// the expiry.
import { describe, expect, inject, it } from "vitest";
import { createServiceClient, unwrap, type ServiceLogEvent } from "../../src/index.js";
import { answerExample } from "../support/bundle.js";

const baseUrl = inject("prismUrl");
const tokenExample = answerExample<{ access_token: string; expires_at: string }>("/v1/token", "get");

/** A client in JWT mode whose requests (path and Authorization header) and log events are recorded. */
function recordingClient() {
  const requests: { path: string; authorization: string | null }[] = [];
  const events: ServiceLogEvent[] = [];
  const client = createServiceClient({
    baseUrl,
    env: {},
    // The mock only checks that the key is present and well formed; this one is a placeholder.
    auth: { apiKey: "contract-test-key", jwt: true },
    maxRetries: 0,
    logger: (event) => events.push(event),
    fetch: (input, init) => {
      const request = new Request(input, init);
      requests.push({ path: new URL(request.url).pathname, authorization: request.headers.get("authorization") });
      return fetch(request);
    },
  });
  return { client, requests, events };
}

describe("JWT mode against the mock", () => {
  it("the example's expires_at lies more than a day ahead, so the mock never changes behaviour on a date", () => {
    expect(Date.parse(tokenExample.expires_at)).toBeGreaterThan(Date.now() + 25 * 60 * 60_000);
  });

  it("the example's access_token is a JWT whose exp is its expires_at", () => {
    const parts = tokenExample.access_token.split(".");
    expect(parts).toHaveLength(3);
    const [header, payload] = parts.slice(0, 2).map((part) => JSON.parse(Buffer.from(part, "base64url").toString("utf8")) as Record<string, unknown>);
    expect(header).toEqual({ alg: "HS256", typ: "JWT" });
    expect(payload!.exp).toBe(Date.parse(tokenExample.expires_at) / 1000);
  });

  it("fetches one token for many calls and sends it as the bearer credential", async () => {
    const { client, requests, events } = recordingClient();
    for (let i = 0; i < 3; i++) await unwrap(client.GET("/users"));
    await Promise.all(Array.from({ length: 5 }, () => unwrap(client.GET("/users"))));

    expect(requests.filter((r) => r.path === "/v1/token")).toHaveLength(1);
    const calls = requests.filter((r) => r.path === "/users");
    expect(calls).toHaveLength(8);
    for (const call of calls) expect(call.authorization).toBe(`Bearer ${tokenExample.access_token}`);

    const warnings = events.filter((event) => event.event === "warning");
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatchObject({ message: expect.stringContaining("expires_at is further ahead than 24 hours") });
  });
});
