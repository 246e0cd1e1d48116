// One authentication method per request, chosen from the operation's declared
// security; the exact header of each method; an error before sending when the client's
// credentials cannot satisfy the operation.
import { describe, expect, it } from "vitest";
import { createServiceClient, ServiceConfigurationError } from "../../src/index.js";
import { encodeBasic } from "../../src/client/auth.js";
import { BASE, caught, fakeJwt, json, recordingFetch, testClient } from "../support/client-fakes.js";

const signup = { params: { query: { user_email: "a@acme.example" } } };

function credentialHeaders(request: Request) {
  return { key: request.headers.get("service-api-key"), authorization: request.headers.get("authorization") };
}

describe("each method's exact header", () => {
  it("API key → Service-API-Key: <key>", async () => {
    const { fetch, sent } = recordingFetch();
    await createServiceClient({ baseUrl: BASE, env: {}, fetch, auth: { apiKey: "k-123" } }).GET("/v1/token");
    expect(credentialHeaders(sent[0]!.request)).toEqual({ key: "k-123", authorization: null });
  });

  it("HTTP Basic → Authorization: Basic base64(user:password)", async () => {
    const { fetch, sent } = recordingFetch();
    await createServiceClient({ baseUrl: BASE, env: {}, fetch, auth: { username: "ada", password: "lovelace" } }).GET("/v1/token");
    expect(credentialHeaders(sent[0]!.request)).toEqual({ key: null, authorization: `Basic ${btoa("ada:lovelace")}` });
  });

  it("JWT → Authorization: Bearer <jwt>", async () => {
    const token = fakeJwt("held");
    const { fetch, sent } = recordingFetch();
    await testClient({ fetch, auth: { token } }).GET("/users" as never);
    expect(credentialHeaders(sent[0]!.request)).toEqual({ key: null, authorization: `Bearer ${token}` });
  });
});

describe("Basic is UTF-8", () => {
  it.each([
    ["jörg", "pässwörd", "Basic asO2cmc6cMOkc3N3w7ZyZA=="],
    ["ada", "lovelace", "Basic YWRhOmxvdmVsYWNl"],
    ["用户", "密码", `Basic ${btoa(String.fromCharCode(...new TextEncoder().encode("用户:密码")))}`],
    ["emoji", "🔑", "Basic ZW1vamk68J+UkQ=="],
  ])("%s / %s → %s", async (username, password, expected) => {
    expect(encodeBasic(username, password)).toBe(expected);
    const { fetch, sent } = recordingFetch();
    await createServiceClient({ baseUrl: BASE, env: {}, fetch, auth: { username, password } }).GET("/v1/token");
    expect(sent[0]!.request.headers.get("authorization")).toBe(expected);
  });

  it("keeps a colon in the password (only the user name cannot have one)", () => {
    expect(encodeBasic("ada", "a:b")).toBe(`Basic ${btoa("ada:a:b")}`);
  });
});

describe("per-operation security", () => {
  it("sends no credentials to the health check, whatever the client holds", async () => {
    for (const auth of [{ apiKey: "k" }, { username: "u", password: "p" }, { token: fakeJwt("t") }, { apiKey: "k", jwt: true }]) {
      const { fetch, sent } = recordingFetch();
      await createServiceClient({ baseUrl: BASE, env: {}, fetch, auth }).GET("/v1/healthcheck");
      expect(sent).toHaveLength(1);
      expect(credentialHeaders(sent[0]!.request)).toEqual({ key: null, authorization: null });
    }
  });

  it("sends the API key to the signup link even when Basic is also held", async () => {
    const { fetch, sent } = recordingFetch(() => json({ signup_url: "https://x" }));
    await createServiceClient({ baseUrl: BASE, env: {}, fetch, auth: { apiKey: "k", username: "u", password: "p" } }).POST("/signup_link", signup);
    expect(credentialHeaders(sent[0]!.request)).toEqual({ key: "k", authorization: null });
  });

  it("sends the API key to the signup link in JWT mode, without fetching a token", async () => {
    const { fetch, sent } = recordingFetch(() => json({ signup_url: "https://x" }));
    await createServiceClient({ baseUrl: BASE, env: {}, fetch, auth: { apiKey: "k", jwt: true } }).POST("/signup_link", signup);
    expect(sent.map((s) => new URL(s.request.url).pathname)).toEqual(["/signup_link"]);
    expect(credentialHeaders(sent[0]!.request)).toEqual({ key: "k", authorization: null });
  });

  it("prefers the key to Basic for get-token when both are held", async () => {
    const { fetch, sent } = recordingFetch();
    await createServiceClient({ baseUrl: BASE, env: {}, fetch, auth: { apiKey: "k", username: "u", password: "p" } }).GET("/v1/token");
    expect(credentialHeaders(sent[0]!.request)).toEqual({ key: "k", authorization: null });
  });

  it("sends one method only, even when the caller adds another header by hand", async () => {
    const { fetch, sent } = recordingFetch();
    await createServiceClient({ baseUrl: BASE, env: {}, fetch, auth: { apiKey: "k" } }).GET("/v1/token", {
      headers: { Authorization: "Bearer stray" },
    });
    expect(credentialHeaders(sent[0]!.request)).toEqual({ key: "k", authorization: null });
  });

  it("fails before sending when the credentials cannot satisfy the operation, naming it and what it needs", async () => {
    for (const auth of [{ username: "u", password: "p" }, { token: fakeJwt("t") }, { username: "u", password: "p", jwt: true }]) {
      const { fetch, sent } = recordingFetch();
      const client = createServiceClient({ baseUrl: BASE, env: {}, fetch, auth });
      const error = await caught(client.POST("/signup_link", signup));
      expect(error).toBeInstanceOf(ServiceConfigurationError);
      expect((error as Error).message).toMatch(/generateSignupLink \(POST \/signup_link\)/);
      expect((error as Error).message).toMatch(/Service-API-Key/);
      expect(sent).toHaveLength(0);
    }
  });

  it("fails before sending when a held JWT meets get-token (which does not take one)", async () => {
    const { fetch, sent } = recordingFetch();
    const error = await caught(createServiceClient({ baseUrl: BASE, env: {}, fetch, auth: { token: fakeJwt("t") } }).GET("/v1/token"));
    expect((error as Error).message).toMatch(/getToken \(GET \/v1\/token\) accepts the API key .* or HTTP Basic/);
    expect(sent).toHaveLength(0);
  });

  it("sends without credentials when the client holds none (the service answers 401)", async () => {
    const { fetch, sent } = recordingFetch(() => json({ detail: "Not authenticated" }, { status: 401 }));
    const { response } = await createServiceClient({ baseUrl: BASE, env: {}, fetch, auth: {} }).POST("/signup_link", signup);
    expect(response.status).toBe(401);
    expect(credentialHeaders(sent[0]!.request)).toEqual({ key: null, authorization: null });
  });

  it("refuses a per-call fetch, which would bypass the transport", async () => {
    const { fetch, sent } = recordingFetch();
    const other = recordingFetch();
    const client = createServiceClient({ baseUrl: BASE, env: {}, fetch, auth: { apiKey: "k" } });
    await expect(client.GET("/v1/token", { fetch: other.fetch as never })).rejects.toThrow(/not per call/);
    expect(sent.length + other.sent.length).toBe(0);
  });

  it("sends no credentials when a call overrides baseUrl to another origin", async () => {
    const { fetch, sent } = recordingFetch();
    const client = createServiceClient({ baseUrl: BASE, env: {}, fetch, auth: { apiKey: "k" } });
    await client.GET("/v1/token", { baseUrl: "https://elsewhere.example" });
    expect(sent[0]!.request.url).toBe("https://elsewhere.example/v1/token");
    expect(credentialHeaders(sent[0]!.request)).toEqual({ key: null, authorization: null });
  });

  it("strips credentials in the transport if later middleware points the request elsewhere", async () => {
    const { fetch, sent } = recordingFetch();
    const client = createServiceClient({ baseUrl: BASE, env: {}, fetch, auth: { apiKey: "k", username: "u", password: "p" } });
    const redirectElsewhere = { onRequest: ({ request }: { request: Request }) => new Request("https://elsewhere.example/v1/token", request) };
    await client.GET("/v1/token", { middleware: [redirectElsewhere] });
    expect(sent[0]!.request.url).toBe("https://elsewhere.example/v1/token");
    expect(credentialHeaders(sent[0]!.request)).toEqual({ key: null, authorization: null });
  });

  it("keeps our middleware last: caller middleware never sees our credentials on the way out", async () => {
    const { fetch, sent } = recordingFetch();
    const client = createServiceClient({ baseUrl: BASE, env: {}, fetch, auth: { apiKey: "k" } });
    const seen: (string | null)[] = [];
    client.use({ onRequest: ({ request }) => void seen.push(request.headers.get("service-api-key")) });
    await client.GET("/v1/token");
    expect(seen).toEqual([null]);
    expect(sent[0]!.request.headers.get("service-api-key")).toBe("k");
  });
});
