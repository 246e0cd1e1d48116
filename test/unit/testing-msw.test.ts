// service-api/testing/msw in process, with MSW's setupServer: the mock answers a client that was
// given no fetch; its refusals reach the caller as themselves, once, with no retry; a base address
// it cannot use is refused with what to give instead. (Chromium's setupWorker: test/runtimes/msw.test.ts.)
import { setupServer } from "msw/node";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { createServiceClient, unwrap } from "../../src/index.js";
import { ContractViolationError, mockService, UnhandledOperationError } from "../../src/testing.js";
import { mswHandlers } from "../../src/testing-msw.js";

const BASE = "https://api.acme.example";
const PROJECT_ID = "a07d4e79-ce7a-4b32-82d3-54220604915f";
const service = mockService();
const server = setupServer(...mswHandlers(service, { baseUrl: `${BASE}/` }));
const client = createServiceClient({ baseUrl: BASE, auth: { apiKey: "test-key" } });

beforeAll(() => server.listen({ onUnhandledRequest: "error" }));
afterEach(() => service.reset());
afterAll(() => server.close());

describe("mswHandlers", () => {
  it("answers the client's call from the contract, and records it with the credential redacted", async () => {
    service.use({ "GET /projects/{project_id}": ({ params }) => ({ status: 200, body: { ...service.example("ProjectDB"), id: params.path.project_id } }) });
    expect((await unwrap(client.GET("/projects/{project_id}", { params: { path: { project_id: PROJECT_ID } } }))).id).toBe(PROJECT_ID);
    expect(service.calls().map(({ operation, headers }) => ({ operation, key: headers["service-api-key"] }))).toEqual([{ operation: "GET /projects/{project_id}", key: "[REDACTED]" }]);
  });

  it("keeps every header of a Request whose constructor added the body's content type (MSW's copy of such headers drops the rest)", async () => {
    const form = new FormData();
    form.append("file", new Blob(["input,output\nhello,world\n"], { type: "text/csv" }), "data.csv");
    const answer = await fetch(new Request(`${BASE}/projects/${PROJECT_ID}/prompt_datasets`, { method: "POST", headers: { "Service-API-Key": "test-key" }, body: form }));
    expect(service.violations).toEqual([]);
    expect(answer.status).toBe(200);
    expect(service.calls().map(({ headers }) => headers["service-api-key"])).toEqual(["[REDACTED]"]);
  });

  it("a handler's answer the contract refuses rejects a retry-safe call at once with the ContractViolationError, asked for once", async () => {
    service.use({ "GET /projects/{project_id}": () => ({ status: 200, body: { ...service.example("ProjectDB"), created_at: "yesterday" } }) });
    const call = client.GET("/projects/{project_id}", { params: { path: { project_id: PROJECT_ID } }, maxRetries: 3 });
    await expect(call).rejects.toBeInstanceOf(ContractViolationError);
    await expect(call).rejects.toMatchObject({ problems: [{ path: "$.created_at", message: "not a valid date-time" }] });
    expect(service.calls()).toHaveLength(1);
    expect(service.violations.map(({ kind, status }) => ({ kind, status }))).toEqual([{ kind: "answer", status: 200 }]);
  });

  it("a call no handler serves, on a mock with unhandled: \"error\", rejects with the UnhandledOperationError", async () => {
    const strict = mockService({}, { unhandled: "error" });
    server.use(...mswHandlers(strict, { baseUrl: "https://strict.acme.example" }));
    const strictClient = createServiceClient({ baseUrl: "https://strict.acme.example", auth: { apiKey: "test-key" } });
    await expect(strictClient.GET("/current_user")).rejects.toBeInstanceOf(UnhandledOperationError);
    server.resetHandlers();
  });

  it("serves a base address with a path of its own below that path, the mock given nothing more, and refuses the path alone", async () => {
    const versioned = mockService();
    server.use(...mswHandlers(versioned, { baseUrl: "https://versioned.acme.example/v1" }));
    const versionedClient = createServiceClient({ baseUrl: "https://versioned.acme.example/v1", auth: { apiKey: "test-key" } });
    expect((await unwrap(versionedClient.GET("/current_user"))).email).toBe(versioned.example("CurrentUserDB").email);
    const doubled = await fetch("https://versioned.acme.example/v1/v1/current_user", { headers: { "Service-API-Key": "test-key" } });
    expect([doubled.status, await doubled.json()]).toEqual([
      404,
      { detail: `/v1 is not part of the mock's base address https://versioned.acme.example/v1 (the contract's paths are directly under it): declare it, mswHandlers(service, { baseUrl: "https://versioned.acme.example/v1/v1" }), or take it off the address you call` },
    ]);
    server.resetHandlers();
  });

  it("refuses a mock created with another base address than its own, saying to give both the same", () => {
    const declared = mockService({}, { baseUrl: "https://api.acme.example/v2" });
    expect(() => mswHandlers(declared, { baseUrl: "https://api.acme.example/v1" })).toThrow(
      "mswHandlers: the mock was created with the base address https://api.acme.example/v2, and mswHandlers was given https://api.acme.example/v1; give both the same, or leave baseUrl off mockService: mswHandlers' baseUrl declares it",
    );
    expect(mswHandlers(declared, { baseUrl: "https://api.acme.example/v2/" })).toHaveLength(1);
  });

  it.each([undefined, "", "api.acme.example", "ftp://api.acme.example", "https://api.acme.example/?v=1"])("refuses the base address %j, saying what to give", (baseUrl) => {
    expect(() => mswHandlers(service, { baseUrl: baseUrl as string })).toThrow(/^mswHandlers: baseUrl must be the http\(s\) address the code under test calls, such as "https:\/\/api\.acme\.example"; got /);
  });
});
