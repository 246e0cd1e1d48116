// Where redaction draws its line: a secret of SCRUB_MIN_LENGTH (8) characters or more is replaced
// wherever it appears; a shorter one only in credential headers and fields and where a whole value
// equals it, never inside other text. The client, the testing mock and verify share the rule
// (src/client/redact.ts); the newcomer's own cases run as a user program in
// test/types/testing-programs/short-key.ts.
import { describe, expect, it } from "vitest";
import { createServiceClient, ServiceApiError, ServiceConnectionError, unwrap } from "../../src/index.js";
import { SCRUB_MIN_LENGTH } from "../../src/client/redact.js";
import { mockService } from "../../src/testing.js";
import { runVerify } from "../../src/verify/command.js";
import { BASE, caught, json, recordingFetch, testClient } from "../support/client-fakes.js";

const PROJECT = "3fa85f64-5717-4562-b3fc-2c963f66afa6";
const SEVEN = "k3y-abc"; // one character short of the line
const EIGHT = "k3y-abcd"; // on it

it("draws the line at eight characters", () => {
  expect(SCRUB_MIN_LENGTH).toBe(8);
  expect([SEVEN.length, EIGHT.length]).toEqual([SCRUB_MIN_LENGTH - 1, SCRUB_MIN_LENGTH]);
});

/** A service that echoes the key it received: inside a sentence, as a whole value, as a request id. */
function echoing() {
  return recordingFetch((request) => {
    const key = request.headers.get("service-api-key")!;
    return json({ detail: `the key ${key} may not list users`, input: key, [key]: "named by the key" }, { status: 403, headers: { "x-request-id": key } });
  });
}

describe("an error answer that echoes the key", () => {
  it("keeps a short key inside its text, and replaces it where it is the whole value (a field, a key, the request id)", async () => {
    const error = await caught(unwrap(testClient({ fetch: echoing().fetch, auth: { apiKey: SEVEN } }).GET("/users")));
    expect(error).toBeInstanceOf(ServiceApiError);
    expect((error as ServiceApiError).body).toEqual({ detail: `the key ${SEVEN} may not list users`, input: "[REDACTED]", "[REDACTED]": "named by the key" });
    expect((error as ServiceApiError).requestId).toBe("[REDACTED]");
    expect((error as ServiceApiError).headers["x-request-id"]).toBe("[REDACTED]");
  });

  it("replaces a key of eight characters everywhere, inside text too", async () => {
    const error = await caught(unwrap(testClient({ fetch: echoing().fetch, auth: { apiKey: EIGHT } }).GET("/users")));
    expect((error as ServiceApiError).body).toEqual({ detail: "the key [REDACTED] may not list users", input: "[REDACTED]", "[REDACTED]": "named by the key" });
    expect((error as Error).message).not.toContain(EIGHT);
  });
});

describe("a connection error's cause", () => {
  it("is kept as it is when a short key appears only inside its text", async () => {
    const thrown = new TypeError("fetch failed", { cause: Object.assign(new Error("socket hang up at kernel"), { code: "ECONNRESET" }) });
    const client = testClient({ fetch: async () => Promise.reject(thrown), auth: { apiKey: "k" }, maxRetries: 0 });
    const error = await caught(client.GET("/users"));
    expect(error).toBeInstanceOf(ServiceConnectionError);
    expect((error as Error).cause).toBe(thrown);
  });

  it("is replaced by a scrubbed copy when one of its messages is the short key itself", async () => {
    const thrown = new TypeError("fetch failed", { cause: new Error(SEVEN) });
    const client = testClient({ fetch: async () => Promise.reject(thrown), auth: { apiKey: SEVEN }, maxRetries: 0 });
    const cause = (await caught(client.GET("/users")) as Error).cause as Error;
    expect(cause).not.toBe(thrown);
    expect(cause.message).toBe("fetch failed");
    expect((cause.cause as Error).message).toBe("[REDACTED]");
  });
});

describe("the testing mock, with the key `test`", () => {
  const service = mockService();
  const client = createServiceClient({ baseUrl: BASE, auth: { apiKey: "test" }, fetch: service.fetch });

  it("answers a split it does not know with a 422 that lists every declared value, `test` among them", async () => {
    // The types refuse "bogus"; a value read from outside the program reaches the service so.
    const result = await client.GET("/projects/{project_id}/runs/{run_id}/split/{split}/epochs", { params: { path: { project_id: PROJECT, run_id: PROJECT, split: "bogus" as never } } });
    expect(result.response.status).toBe(422);
    const error = await caught(unwrap(Promise.resolve(result)));
    expect((error as Error).message).toContain('"training", "validation", "test", "inference"');
    expect(JSON.stringify(result.error)).not.toContain("[REDACTED]");
  });

  it("records query parameters and headers that hold the word as they were sent", async () => {
    service.reset();
    const noted = createServiceClient({ baseUrl: BASE, auth: { apiKey: "test" }, fetch: service.fetch, headers: { "x-note": "test suite" } });
    await unwrap(noted.POST("/signup_link", { params: { query: { user_email: "test@acme.example" } } }));
    const [call] = service.calls("POST /signup_link");
    expect(call!.params.query).toEqual({ user_email: "test@acme.example" });
    expect(call!.headers).toEqual(expect.objectContaining({ "service-api-key": "[REDACTED]", "x-note": "test suite" }));
  });

  it("keeps the Basic user name, which is no secret, and redacts the password that is", async () => {
    service.reset();
    const basic = createServiceClient({ baseUrl: BASE, auth: { username: "ada@acme.example", password: "pw-0007-long" }, fetch: service.fetch });
    await unwrap(basic.POST("/projects", { body: { name: "ada@acme.example's pw-0007-long project" } }));
    expect(service.calls("POST /projects")[0]!.body).toEqual({ name: "ada@acme.example's [REDACTED] project" });
  });
});

describe("verify, with a short key", () => {
  it("prints what the run found as it is: no word that holds the key is cut", async () => {
    let stdout = "";
    const code = await runVerify(["verify", "--base-url", BASE, "--api-key", "test", "--only", "getLatestUserRun"], {
      env: {},
      stdout: { write: (text: string) => (stdout += text) },
      stderr: { write: () => undefined },
      fetch: mockService().fetch as typeof fetch,
    });
    expect(stdout).toContain("latest");
    expect(stdout).not.toContain("[REDACTED]");
    expect(code).not.toBe(2);
  });
});
