// The brief's three operations, called through the typed client against the Prism mock of the
// bundle. Prism runs with --errors: an answer that breaks the contract would come back as a 500
// with an sl-violations header, so every valid call also asserts that header is absent.
import { describe, expect, inject, it } from "vitest";
import { createServiceClient, unwrap } from "../../src/index.js";
import { answerExample } from "../support/bundle.js";

const baseUrl = inject("prismUrl");

// The mock only checks that credentials are present and well formed; these are placeholders.
const apiKey = "contract-test-key";

describe("health check", () => {
  it("answers 200 with the documented example, without credentials", async () => {
    const client = createServiceClient({ baseUrl });
    const { data, response } = await client.GET("/v1/healthcheck");
    expect(response.status).toBe(200);
    expect(response.headers.get("sl-violations")).toBeNull();
    expect(data).toEqual(answerExample("/v1/healthcheck", "get"));
  });
});

describe("get-token", () => {
  it.each([
    ["the API key", { apiKey }],
    ["HTTP Basic", { username: "ada@acme.example", password: "correct horse" }],
  ])("issues a JWT when called with %s", async (_label, auth) => {
    const client = createServiceClient({ baseUrl, auth });
    const { data, response } = await client.GET("/v1/token");
    expect(response.status).toBe(200);
    expect(response.headers.get("sl-violations")).toBeNull();
    expect(data).toEqual(answerExample("/v1/token", "get"));
  });

  it("answers 401 without credentials", async () => {
    const response = await fetch(`${baseUrl}/v1/token`);
    expect(response.status).toBe(401);
    expect(response.headers.get("www-authenticate")).toBeTruthy();
  });
});

describe("signup link", () => {
  it("returns the signup URL for a valid email, sent with the API key", async () => {
    const client = createServiceClient({ baseUrl, auth: { apiKey } });
    const link = await client.POST("/signup_link", {
      params: { query: { user_email: "new.user@acme.example", send_email: false, scope: null } },
    });
    expect(link.response.status).toBe(200);
    expect(link.response.headers.get("sl-violations")).toBeNull();
    expect(link.data).toEqual(answerExample("/signup_link", "post"));
  });

  it("unwrap() gives the body of a success", async () => {
    const client = createServiceClient({ baseUrl, auth: { apiKey } });
    const link = await unwrap(client.POST("/signup_link", { params: { query: { user_email: "a@acme.example" } } }));
    expect(link.signup_url).toMatch(/^https:\/\//);
  });

  it("answers 401 when the API key is missing", async () => {
    const client = createServiceClient({ baseUrl });
    const { error, response } = await client.POST("/signup_link", { params: { query: { user_email: "a@acme.example" } } });
    expect(response.status).toBe(401);
    expect(error).toBeDefined();
  });

  it("answers 422 when user_email is not an email address", async () => {
    const client = createServiceClient({ baseUrl, auth: { apiKey } });
    const { error, response } = await client.POST("/signup_link", { params: { query: { user_email: "not-an-email" } } });
    expect(response.status).toBe(422);
    expect(error).toMatchObject({ detail: [expect.objectContaining({ loc: expect.any(Array), msg: expect.any(String) })] });
  });

  it("answers 422 when user_email is left out", async () => {
    const response = await fetch(`${baseUrl}/signup_link`, { method: "POST", headers: { "Service-API-Key": apiKey } });
    expect(response.status).toBe(422);
  });
});
