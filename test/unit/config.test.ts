// Options and environment: with no options the client reads SERVICE_*; explicit options win.
import { describe, expect, it } from "vitest";
import { createServiceClient } from "../../src/index.js";
import { encodeBasic } from "../../src/client/auth.js";
import { fakeJwt, recordingFetch } from "../support/client-fakes.js";

async function sentHeaders(options: Parameters<typeof createServiceClient>[0], path: "/v1/token" | "/v1/healthcheck" = "/v1/token") {
  const { fetch, sent } = recordingFetch();
  const client = createServiceClient({ fetch, ...options });
  await client.GET(path);
  return sent[0]!.request;
}

describe("environment variables", () => {
  it("reads SERVICE_API_URL and SERVICE_API_KEY", async () => {
    const request = await sentHeaders({ env: { SERVICE_API_URL: "https://api.env.example/", SERVICE_API_KEY: "env-key" } });
    expect(request.url).toBe("https://api.env.example/v1/token");
    expect(request.headers.get("service-api-key")).toBe("env-key");
  });

  it("reads SERVICE_CONSOLE_URL when SERVICE_API_URL is unset", async () => {
    const request = await sentHeaders({ env: { SERVICE_CONSOLE_URL: "https://console.env.example" } }, "/v1/healthcheck");
    expect(request.url).toBe("https://api.env.example/v1/healthcheck");
  });

  it("reads SERVICE_USERNAME / SERVICE_PASSWORD", async () => {
    const request = await sentHeaders({ env: { SERVICE_API_URL: "https://api.env.example", SERVICE_USERNAME: "ada", SERVICE_PASSWORD: "pw" } });
    expect(request.headers.get("authorization")).toBe(encodeBasic("ada", "pw"));
  });

  it("reads SERVICE_JWT", async () => {
    const token = fakeJwt("env");
    const { fetch, sent } = recordingFetch();
    const client = createServiceClient<any>({
      fetch,
      env: { SERVICE_API_URL: "https://api.env.example", SERVICE_JWT: token },
    });
    await client.GET("/users" as never, {});
    expect(sent[0]!.request.headers.get("authorization")).toBe(`Bearer ${token}`);
  });

  it("lets explicit options win over the environment", async () => {
    const request = await sentHeaders({
      baseUrl: "https://api.explicit.example",
      auth: { apiKey: "explicit-key" },
      env: { SERVICE_API_URL: "https://api.env.example", SERVICE_API_KEY: "env-key", SERVICE_USERNAME: "u", SERVICE_PASSWORD: "p" },
    });
    expect(request.url).toBe("https://api.explicit.example/v1/token");
    expect(request.headers.get("service-api-key")).toBe("explicit-key");
    expect(request.headers.get("authorization")).toBeNull();
  });

  it("takes `auth: {}` as no credentials, ignoring the environment's", async () => {
    const request = await sentHeaders({ auth: {}, env: { SERVICE_API_URL: "https://api.env.example", SERVICE_API_KEY: "env-key" } });
    expect(request.headers.get("service-api-key")).toBeNull();
  });

  it("reads process.env when no env is injected", async () => {
    const saved = process.env.SERVICE_API_URL;
    process.env.SERVICE_API_URL = "https://api.process.example";
    try {
      const request = await sentHeaders({ auth: {} }, "/v1/healthcheck");
      expect(request.url).toBe("https://api.process.example/v1/healthcheck");
    } finally {
      if (saved === undefined) delete process.env.SERVICE_API_URL;
      else process.env.SERVICE_API_URL = saved;
    }
  });
});

describe("other options", () => {
  it("sends `headers` with every request", async () => {
    const request = await sentHeaders({ baseUrl: "https://api.acme.example", env: {}, headers: { "x-team": "blue" } }, "/v1/healthcheck");
    expect(request.headers.get("x-team")).toBe("blue");
  });

  it("refuses credentials passed as plain headers", () => {
    expect(() => createServiceClient({ baseUrl: "https://api.acme.example", env: {}, headers: { Authorization: "Bearer x" } })).toThrow(/auth/);
  });

  it.each([{ timeoutMs: 0 }, { timeoutMs: Number.NaN }, { maxRetries: -1 }, { maxRetries: 1.5 }])("refuses %o", (options) => {
    expect(() => createServiceClient({ baseUrl: "https://api.acme.example", env: {}, ...options })).toThrow(/integer/);
  });
});
