// Credentials over plain http:// are refused unless the host is loopback or the caller opts in
// (warned once); the error says how to fix it and nothing is sent.
import { describe, expect, it } from "vitest";
import { createServiceClient, ServiceConfigurationError, type ServiceLogEvent } from "../../src/index.js";
import { recordingFetch } from "../support/client-fakes.js";

const AUTHS = [{ apiKey: "k" }, { username: "u", password: "p" }, { token: "a.b.c" }, { apiKey: "k", jwt: true }];

describe("plain http with credentials", () => {
  it.each(AUTHS)("is refused for a remote host (auth %o), before anything is sent", (auth) => {
    const { fetch, sent } = recordingFetch();
    let error: unknown;
    try {
      createServiceClient({ baseUrl: "http://api.acme.example", env: {}, fetch, auth });
    } catch (caughtError) {
      error = caughtError;
    }
    expect(error).toBeInstanceOf(ServiceConfigurationError);
    expect((error as Error).message).toMatch(/use https:\/\/.*loopback.*allowInsecureHttp: true/i);
    expect(sent).toHaveLength(0);
  });

  it("is refused for a consoleUrl-derived http address too", () => {
    expect(() => createServiceClient({ consoleUrl: "http://console.acme.example", env: {}, auth: { apiKey: "k" } })).toThrow(/https/);
  });

  it.each(["http://localhost:4010", "http://127.0.0.1:4010", "http://127.8.9.10", "http://[::1]:4010"])("is allowed on loopback %s", async (baseUrl) => {
    const { fetch, sent } = recordingFetch();
    await createServiceClient({ baseUrl, env: {}, fetch, auth: { apiKey: "k" } }).GET("/v1/token");
    expect(sent[0]!.request.headers.get("service-api-key")).toBe("k");
  });

  it.each(["http://localhost.evil.example", "http://127.0.0.1.evil.example", "http://128.0.0.1"])("is not fooled by %s", (baseUrl) => {
    expect(() => createServiceClient({ baseUrl, env: {}, auth: { apiKey: "k" } })).toThrow(ServiceConfigurationError);
  });

  it("is allowed with allowInsecureHttp, with one warning", async () => {
    const events: ServiceLogEvent[] = [];
    const { fetch, sent } = recordingFetch();
    const client = createServiceClient({
      baseUrl: "http://api.internal.example",
      env: {},
      fetch,
      auth: { apiKey: "k" },
      allowInsecureHttp: true,
      logger: (event) => events.push(event),
    });
    await client.GET("/v1/token");
    await client.GET("/v1/token");
    expect(sent).toHaveLength(2);
    const warnings = events.filter((event) => event.event === "warning");
    expect(warnings).toHaveLength(1);
    expect(JSON.stringify(warnings)).toMatch(/plain http/);
  });

  it("needs no opt-in without credentials", async () => {
    const { fetch, sent } = recordingFetch();
    await createServiceClient({ baseUrl: "http://api.acme.example", env: {}, fetch, auth: {} }).GET("/v1/healthcheck");
    expect(sent).toHaveLength(1);
  });
});
