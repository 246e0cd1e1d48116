// A credential that is missing or malformed is named where the user set it, before anything is
// sent: the option they passed (with SERVICE_API_KEY, the README's example, when it came out
// undefined), or, when the client read the environment itself, the variable.
import { afterEach, describe, expect, it } from "vitest";
import { createServiceClient, ServiceConfigurationError, unwrap } from "../../src/index.js";
import { mockService } from "../../src/testing.js";
import { BASE, errorForms, expectNoSecrets, json, recordingFetch } from "../support/client-fakes.js";

function refusal(create: () => unknown): Error {
  try {
    create();
  } catch (error) {
    expect(error).toBeInstanceOf(ServiceConfigurationError);
    return error as Error;
  }
  throw new Error("expected createServiceClient to throw");
}

describe("auth given, with every credential in it undefined", () => {
  const saved = process.env.SERVICE_API_KEY;
  afterEach(() => {
    if (saved === undefined) delete process.env.SERVICE_API_KEY;
    else process.env.SERVICE_API_KEY = saved;
  });

  it("the README's own client, with SERVICE_API_KEY unset, is refused when it is created, naming the option and the variable", () => {
    delete process.env.SERVICE_API_KEY;
    const { fetch, sent } = recordingFetch();
    const error = refusal(() => createServiceClient({ baseUrl: "https://api.acme.example", auth: { apiKey: process.env.SERVICE_API_KEY }, fetch }));
    expect(error.message).toBe(
      "every credential in auth is undefined (auth.apiKey): set the variable it is read from (SERVICE_API_KEY in the README), or pass auth: {} to send none",
    );
    expect(sent).toHaveLength(0);
  });

  it.each([
    [{ username: undefined, password: undefined }, "auth.username, auth.password"],
    [{ apiKey: undefined, jwt: true }, "auth.apiKey"],
    [{ token: undefined, apiKey: undefined }, "auth.token, auth.apiKey"],
  ])("%o names %s", (auth, named) => {
    expect(refusal(() => createServiceClient({ baseUrl: BASE, env: {}, auth })).message).toContain(`every credential in auth is undefined (${named})`);
  });

  it("leaves `auth: {}` meaning no credential: a readiness probe's health check goes out without one", async () => {
    const service = mockService();
    const probe = createServiceClient({ baseUrl: BASE, auth: {}, fetch: service.fetch });
    await unwrap(probe.GET("/v1/healthcheck"));
    expect(service.calls("GET /v1/healthcheck")[0]!.headers["service-api-key"]).toBeUndefined();
  });

  it("refuses a client whose only call would be the health check too: the mistake is in its options", () => {
    expect(() => createServiceClient({ baseUrl: BASE, env: {}, auth: { apiKey: undefined } })).toThrow(ServiceConfigurationError);
  });
});

describe("credentials the client read from the environment", () => {
  const create = (env: Record<string, string>) => refusal(() => createServiceClient({ baseUrl: BASE, env }));

  it.each([
    ["SERVICE_API_KEY", { SERVICE_API_KEY: " abc" }, "SERVICE_API_KEY starts or ends with whitespace"],
    ["SERVICE_API_KEY", { SERVICE_API_KEY: "abcé" }, "SERVICE_API_KEY must be printable ASCII"],
    ["SERVICE_JWT", { SERVICE_JWT: "not-a-jwt" }, "SERVICE_JWT is not a JWT"],
    ["SERVICE_PASSWORD", { SERVICE_USERNAME: "ada", SERVICE_PASSWORD: "pw\n" }, "SERVICE_PASSWORD contains a control character"],
    ["SERVICE_USERNAME", { SERVICE_USERNAME: "ada:x", SERVICE_PASSWORD: "pw" }, "SERVICE_USERNAME must not contain `:`"],
  ])("a malformed %s is named by its variable, never by an option the user did not write", (_name, env, message) => {
    const error = create(env);
    expect(error.message).toContain(message);
    expect(error.message).not.toMatch(/auth\./);
    expectNoSecrets(errorForms(error), Object.values(env).filter((value) => value.length > 3));
  });

  it("SERVICE_USERNAME alone names SERVICE_PASSWORD as what is missing, and the other way round", () => {
    expect(create({ SERVICE_USERNAME: "ada" }).message).toBe("HTTP Basic needs both SERVICE_USERNAME and SERVICE_PASSWORD; SERVICE_PASSWORD is missing");
    expect(create({ SERVICE_PASSWORD: "pw-0008-long" }).message).toBe("HTTP Basic needs both SERVICE_USERNAME and SERVICE_PASSWORD; SERVICE_USERNAME is missing");
  });

  it("an option the caller passed is still named as the option", () => {
    expect(refusal(() => createServiceClient({ baseUrl: BASE, env: {}, auth: { apiKey: " abc" } })).message).toContain("auth.apiKey starts or ends with whitespace");
    expect(refusal(() => createServiceClient({ baseUrl: BASE, env: {}, auth: { username: "ada" } })).message).toBe("HTTP Basic needs both auth.username and auth.password; auth.password is missing");
  });

  it("no credential in the environment is no credential: the client is created and sends none", async () => {
    const { fetch, sent } = recordingFetch();
    await createServiceClient({ baseUrl: BASE, env: {}, fetch }).GET("/current_user");
    expect(sent[0]!.request.headers.get("service-api-key")).toBeNull();
  });

  it("the 401 such a client meets says that it sent no credential, and how to give one", async () => {
    const { fetch } = recordingFetch(() => json({ detail: "Not authenticated" }, { status: 401 }));
    const client = createServiceClient({ baseUrl: BASE, env: {}, fetch });
    await expect(unwrap(client.GET("/current_user"))).rejects.toThrow(
      "GET /current_user failed with HTTP 401: Not authenticated (this client holds no credential and sent none: pass `auth`, for example { apiKey: process.env.SERVICE_API_KEY }, or set SERVICE_API_KEY)",
    );
  });

  it("a 401 to a client that sent a credential says nothing of the kind: the key was sent and refused", async () => {
    const { fetch } = recordingFetch(() => json({ detail: "Not authenticated" }, { status: 401 }));
    const client = createServiceClient({ baseUrl: BASE, env: { SERVICE_API_KEY: "key-0123456789" }, fetch });
    const error = await unwrap(client.GET("/current_user")).then(
      () => undefined,
      (thrown: Error) => thrown,
    );
    expect(error?.message).toBe("GET /current_user failed with HTTP 401: Not authenticated");
  });
});
