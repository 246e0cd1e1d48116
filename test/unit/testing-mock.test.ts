// service-api/testing's mock, behaviour by behaviour, through the client as users call it (and
// through its bare fetch where the client would not send the request at all).
import { describe, expect, it } from "vitest";
import bundle from "../../generated/openapi.json" with { type: "json" };
import { createServiceClient, hasStatus, ServiceConnectionError, unwrap, type ServiceLogEvent } from "../../src/index.js";
import { ContractViolationError, mockService, UnhandledOperationError } from "../../src/testing.js";
import { createAnswers } from "../../src/testing/answers.js";
import { contract, contractOperations } from "../../src/validation/contract.js";
import { createResponseValidator, parseJsonBody } from "../../src/validation/response-validator.js";

const BASE = "https://api.acme.example";
const KEY = "unit-secret-key-0001";
const BEARER = "eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIwMDAzIn0.bearer-token-0003";
const ID = "3fa85f64-5717-4562-b3fc-2c963f66afa6";

function setup(...args: Parameters<typeof mockService>) {
  const service = mockService(...args);
  // What the client logs: a retry (and the backoff it waits) shows here as a "retry" event.
  const events: ServiceLogEvent[] = [];
  const client = createServiceClient({ baseUrl: BASE, auth: { apiKey: KEY }, fetch: service.fetch, maxRetries: 2, logger: (event) => void events.push(event) });
  return { service, client, retries: () => events.filter((event) => event.event === "retry") };
}

describe("default answers", () => {
  const validator = createResponseValidator();
  const answers = createAnswers(contract, validator);
  const operations = contractOperations();

  it("answer every operation with its success example, which the contract accepts, except the file downloads, which answer an empty file, and the 204s, which answer no body", async () => {
    const emptyFiles: string[] = [];
    const noBody: string[] = [];
    for (const operation of operations) {
      const status = answers.successStatus(operation)!;
      const response = answers.toResponse(operation, { status });
      const contentType = response.headers.get("content-type");
      const text = await response.text();
      if (contentType === "application/octet-stream" && text === "") {
        emptyFiles.push(operation.key);
        continue;
      }
      expect(validator.check({ operation: operation.key, status, contentType, body: parseJsonBody(text) }).problems, operation.key).toEqual([]);
      if (status === 204) {
        expect(text, operation.key).toBe("");
        noBody.push(operation.key);
        continue;
      }
      expect(text, operation.key).not.toBe("");
    }
    expect(noBody.sort()).toEqual(["DELETE /projects/{project_id}/log_streams/{log_stream_id}", "DELETE /v2/projects/{project_id}/log_streams/{log_stream_id}"]);
    expect(emptyFiles.sort()).toEqual([
      "GET /projects/{project_id}/prompt_datasets/{dataset_id}",
      "GET /projects/{project_id}/runs/{run_id}/prompts/download_prompt_dataset",
      "GET /projects/{project_id}/runs/{run_id}/prompts/export_prompt_dataset",
      "POST /edits/export",
      "POST /projects/{project_id}/observe/export",
    ]);
  });

  it("answer through the client with the operation's example", async () => {
    const { client } = setup();
    const example = (bundle.paths["/current_user"].get.responses["200"].content["application/json"] as { example: unknown }).example;
    expect(await unwrap(client.GET("/current_user"))).toEqual(example);
  });

  it("give a handler's `{ status }` without a body that status's example, with the headers the contract declares for it", async () => {
    const { client } = setup({ "GET /projects/{project_id}": () => ({ status: 404 }) });
    const answer = await client.GET("/projects/{project_id}", { params: { path: { project_id: ID } } });
    expect(answer.response.status).toBe(404);
    expect(answer.error).toEqual((bundle.components.responses.NotFound.content["application/json"] as { example: unknown }).example);
  });

  it("are copies: a test that changes its answer does not change the next one", async () => {
    const { client } = setup();
    const first = await unwrap(client.GET("/current_user"));
    first.email = "changed@acme.example";
    expect((await unwrap(client.GET("/current_user"))).email).not.toBe("changed@acme.example");
  });

  it("with unhandled: 'error', reject the call with an UnhandledOperationError naming the operation, at once and not retried", async () => {
    const { service, client } = setup({}, { unhandled: "error" });
    const error = await client.GET("/current_user").catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(UnhandledOperationError);
    expect((error as UnhandledOperationError).operation).toBe("GET /current_user");
    expect((error as Error).message).toMatch(/^GET \/current_user has no handler/);
    expect(service.calls()).toHaveLength(1);
  });

  it("refuse an option other than 'example' or 'error'", () => {
    expect(() => mockService({}, { unhandled: "ignore" as "error" })).toThrow(/unhandled must be "example" or "error"/);
  });
});

describe("handlers", () => {
  it("receive the path and query parameters read as the contract types them, the body, the headers and the request", async () => {
    const seen: unknown[] = [];
    const { client } = setup({
      "GET /users": ({ params, headers, request }) => {
        seen.push(params, headers.get("service-api-key"), request.url);
        return { status: 200 };
      },
      "PUT /projects/{project_id}/prompt_datasets/{dataset_id}": ({ params }) => {
        seen.push(params);
        return { status: 200 };
      },
    });
    await unwrap(client.GET("/users", { params: { query: { limit: 5, starting_token: 0 } } }));
    expect(seen).toEqual([{ path: {}, query: { limit: 5, starting_token: 0 } }, KEY, `${BASE}/users?limit=5&starting_token=0`]);
    seen.length = 0;
    await client.PUT("/projects/{project_id}/prompt_datasets/{dataset_id}", {
      params: { path: { project_id: ID, dataset_id: ID }, query: { num_rows: 7, file_name: "rows.csv" } },
      body: { file: new Blob(["a\n"]) },
    });
    expect(seen).toEqual([{ path: { project_id: ID, dataset_id: ID }, query: { num_rows: 7, file_name: "rows.csv" } }]);
  });

  it("may be async and may return a Response, which is checked too", async () => {
    const health = mockService().example("HealthcheckResponse");
    const { client } = setup({
      "GET /v1/healthcheck": async () => {
        await new Promise((resolve) => setTimeout(resolve, 1));
        return new Response(JSON.stringify({ ...health, message: "ok from a Response" }), { headers: { "content-type": "application/json" } });
      },
      "GET /current_user": () => new Response(JSON.stringify({ email: 5 }), { headers: { "content-type": "application/json" } }),
    });
    expect((await unwrap(client.GET("/v1/healthcheck"))).message).toBe("ok from a Response");
    await expect(client.GET("/current_user")).rejects.toBeInstanceOf(ContractViolationError);
  });

  it("get a multipart upload's file as the File it is, and its fields as text", async () => {
    let body: unknown;
    const { client } = setup({
      "POST /projects/{project_id}/upload_file": (input) => {
        body = input.body;
        return { status: 200 };
      },
    });
    await unwrap(
      client.POST("/projects/{project_id}/upload_file", {
        params: { path: { project_id: ID } },
        body: { file: new Blob(["input\nhello\n"], { type: "text/csv" }), upload_metadata: '{"source":"unit"}' },
      }),
    );
    const { file, upload_metadata } = body as { file: Blob; upload_metadata: string };
    expect(file).toBeInstanceOf(Blob);
    expect(await file.text()).toBe("input\nhello\n");
    expect(upload_metadata).toBe('{"source":"unit"}');
  });

  it("may answer a file download with the file's bytes, sent with the declared content type", async () => {
    const { client } = setup({ "POST /edits/export": () => ({ status: 200, body: new Blob(["a,b\n1,2\n"]) }) });
    const answer = await client.POST("/edits/export", { body: mockService().example("EditExportRequest"), parseAs: "text" });
    expect(answer.response.headers.get("content-type")).toBe("application/octet-stream");
    expect(answer.data).toBe("a,b\n1,2\n");
  });

  it("use() adds and replaces handlers; reset() goes back to those given at creation and forgets calls and violations", async () => {
    const health = mockService().example("HealthcheckResponse");
    const { service, client } = setup({ "GET /v1/healthcheck": () => ({ status: 200, body: { ...health, message: "initial" } }) });
    service.use({ "GET /v1/healthcheck": () => ({ status: 200, body: { ...health, message: "for one test" } }) });
    expect((await unwrap(client.GET("/v1/healthcheck"))).message).toBe("for one test");
    await service.fetch(`${BASE}/no/such/path`);
    expect(service.violations).toHaveLength(1);
    service.reset();
    expect(service.calls()).toEqual([]);
    expect(service.violations).toEqual([]);
    expect((await unwrap(client.GET("/v1/healthcheck"))).message).toBe("initial");
  });

  it("that throw act as a failed connection: the client's ServiceConnectionError, retried where safe", async () => {
    const { service, client } = setup({
      "POST /projects": () => {
        throw new TypeError("fetch failed");
      },
    });
    const error = await client.POST("/projects", { body: { name: "x" } }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ServiceConnectionError);
    expect(service.calls("POST /projects")).toHaveLength(1);
  });
});

describe("answers the contract refuses", () => {
  it("reject with a ContractViolationError naming the operation, the status and the JSON path, at once and not retried", async () => {
    const { service, client, retries } = setup({
      "GET /projects/{project_id}": () => ({ status: 200, body: { ...service.example("ProjectDB"), created_at: "last tuesday" } }),
    });
    const error = await client.GET("/projects/{project_id}", { params: { path: { project_id: ID } } }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ContractViolationError);
    const violation = error as ContractViolationError;
    expect(violation.operation).toBe("GET /projects/{project_id}");
    expect(violation.status).toBe(200);
    expect(violation.problems).toEqual([{ path: "$.created_at", message: "not a valid date-time" }]);
    expect(violation.message).toBe("the handler of GET /projects/{project_id} answered HTTP 200, which the contract does not allow: $.created_at: not a valid date-time");
    expect(service.calls()).toHaveLength(1);
    expect(retries()).toEqual([]);
    expect(service.violations).toEqual([
      expect.objectContaining({ kind: "answer", operation: "GET /projects/{project_id}", status: 200, problems: violation.problems }),
    ]);
  });

  it("reach the caller unchanged through a fetch that wraps them as its cause (undici's `fetch failed`, as under MSW 3), not retried", async () => {
    const service = mockService({ "GET /projects/{project_id}": () => ({ status: 200, body: { ...service.example("ProjectDB"), created_at: "last tuesday" } }) });
    const wrapping: typeof service.fetch = (...args) =>
      service.fetch(...args).catch((refusal: unknown) => {
        throw new TypeError("fetch failed", { cause: refusal });
      });
    const client = createServiceClient({ baseUrl: BASE, auth: { apiKey: KEY }, fetch: wrapping, maxRetries: 2 });
    const error = await client.GET("/projects/{project_id}", { params: { path: { project_id: ID } } }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ContractViolationError);
    expect((error as ContractViolationError).problems).toEqual([{ path: "$.created_at", message: "not a valid date-time" }]);
    expect(service.calls()).toHaveLength(1);
  });

  it("include a status the operation does not declare", async () => {
    // The types refuse it; JavaScript, or a cast, does not.
    const { client } = setup({ "DELETE /projects/{project_id}": () => ({ status: 204 as 200 }) });
    const undeclared = await client.DELETE("/projects/{project_id}", { params: { path: { project_id: ID } } }).catch((caught: unknown) => caught);
    expect(undeclared).toBeInstanceOf(ContractViolationError);
    expect((undeclared as ContractViolationError).problems).toEqual([{ path: "$", message: "status 204 is not declared for this operation (declared: 200, 401, 403, 404, 422, 429, 500)" }]);
  });

  it("include a missing required field", async () => {
    const { service, client } = setup();
    const { created_at: _dropped, ...withoutCreatedAt } = service.example("ProjectDB");
    service.use({ "GET /projects/{project_id}": () => ({ status: 200, body: withoutCreatedAt as ReturnType<typeof service.example<"ProjectDB">> }) });
    const error = (await client.GET("/projects/{project_id}", { params: { path: { project_id: ID } } }).catch((caught: unknown) => caught)) as ContractViolationError;
    expect(error.problems).toEqual([{ path: "$.created_at", message: "required property missing" }]);
  });
});

describe("requests the contract refuses", () => {
  it("a secured operation without a credential gets the service's 401, recorded", async () => {
    const service = mockService();
    const client = createServiceClient({ baseUrl: BASE, auth: {}, fetch: service.fetch });
    const answer = await client.GET("/current_user");
    expect(answer.response.status).toBe(401);
    expect(answer.error).toEqual({ detail: "Not authenticated" });
    expect(answer.response.headers.get("www-authenticate")).toBe("Bearer");
    expect(service.violations).toEqual([
      { kind: "request", operation: "GET /current_user", status: 401, problems: [{ path: "$", message: "no credential this operation accepts (ApiKeyHeader, HttpBasic, JwtBearer)" }], message: expect.any(String) },
    ]);
    // The health check takes none.
    expect((await unwrap(client.GET("/v1/healthcheck"))).message).toBeTypeOf("string");
  });

  it("a credential the operation does not take is none: get-token refuses a bearer token", async () => {
    const service = mockService();
    const answer = await service.fetch(`${BASE}/v1/token`, { headers: { authorization: "Bearer some.jwt.value" } });
    expect(answer.status).toBe(401);
    const ok = await service.fetch(`${BASE}/v1/token`, { headers: { authorization: `Basic ${btoa("ada@acme.example:pw")}` } });
    expect(ok.status).toBe(200);
  });

  it("JWT mode works against it: the client gets its token from the example, then sends it as a bearer", async () => {
    const service = mockService();
    const client = createServiceClient({ baseUrl: BASE, auth: { apiKey: KEY, jwt: true }, fetch: service.fetch });
    await unwrap(client.GET("/current_user"));
    expect(service.calls().map((call) => [call.operation, call.headers.authorization ?? call.headers["service-api-key"]])).toEqual([
      ["GET /v1/token", "[REDACTED]"],
      ["GET /current_user", "[REDACTED]"],
    ]);
  });

  it("a path parameter, a query parameter and a body the contract refuses get a 422 in the service's detail shape, recorded", async () => {
    const { service, client } = setup();
    const badPath = await client.GET("/projects/{project_id}", { params: { path: { project_id: "not-a-uuid" } } });
    expect(hasStatus(badPath, 422) && badPath.error.detail).toEqual([{ loc: ["path", "project_id"], msg: "not a valid uuid", type: "value_error" }]);
    const badQuery = await service.fetch(`${BASE}/users?limit=many`, { headers: { "service-api-key": KEY } });
    expect(badQuery.status).toBe(422);
    expect(await badQuery.json()).toEqual({ detail: [{ loc: ["query", "limit"], msg: "expected integer, got string", type: "value_error" }] });
    const badBody = await client.POST("/projects", { body: { name: "ok", type: "nonsense" as "training_inference", unknown_field: 1 } as { name: string } });
    expect(hasStatus(badBody, 422) && badBody.error.detail).toEqual([{ loc: ["body", "type"], msg: expect.stringMatching(/^matches none of the alternatives|^not one of the declared values/), type: "value_error" }]);
    const missing = await client.POST("/projects", { body: {} as { name: string } });
    expect(hasStatus(missing, 422) && missing.error.detail).toEqual([{ loc: ["body", "name"], msg: "required property missing", type: "missing" }]);
    expect(service.violations.map(({ operation, status, problems }) => [operation, status, problems.map((problem) => problem.path)])).toEqual([
      ["GET /projects/{project_id}", 422, ["path.project_id"]],
      ["GET /users", 422, ["query.limit"]],
      ["POST /projects", 422, ["$.type"]],
      ["POST /projects", 422, ["$.name"]],
    ]);
  });

  it("a required query parameter left out, an array parameter too short, a body that is not JSON, and no body at all", async () => {
    const service = mockService();
    const headers = { "service-api-key": KEY };
    const noMethod = await service.fetch(`${BASE}/presigned_url`, { headers });
    expect(((await noMethod.json()) as { detail: unknown[] }).detail).toContainEqual({ loc: ["query", "method"], msg: "required parameter missing", type: "missing" });
    const oneRun = await service.fetch(`${BASE}/projects/${ID}/runs/prompts/rows/columnar?run_ids=${ID}`, { headers });
    expect(await oneRun.json()).toEqual({ detail: [{ loc: ["query", "run_ids"], msg: "fewer than 2 items", type: "value_error" }] });
    const notJson = await service.fetch(`${BASE}/projects`, { method: "POST", headers: { ...headers, "content-type": "application/json" }, body: "{name:" });
    expect(await notJson.json()).toEqual({ detail: [{ loc: ["body"], msg: "the body is not valid JSON", type: "json_invalid" }] });
    const noBody = await service.fetch(`${BASE}/projects`, { method: "POST", headers });
    expect(await noBody.json()).toEqual({ detail: [{ loc: ["body"], msg: "no body, where the contract requires one", type: "missing" }] });
  });

  it("a multipart upload without its required field gets a 422", async () => {
    const service = mockService();
    const form = new FormData();
    form.set("file", new Blob(["x"]), "x.csv");
    const answer = await service.fetch(`${BASE}/projects/${ID}/upload_file`, { method: "POST", headers: { "service-api-key": KEY }, body: form });
    expect(answer.status).toBe(422);
    expect(await answer.json()).toEqual({ detail: [{ loc: ["body", "upload_metadata"], msg: "required property missing", type: "missing" }] });
  });

  it("a path the contract does not have is a 404 that names the mock's base address, a method it does not have there a 405, both recorded", async () => {
    const service = mockService();
    const unknown = await service.fetch(`${BASE}/no/such/thing`);
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toEqual({ detail: "the contract has no operation at /no/such/thing, directly under the mock's base address https://api.acme.example" });
    expect((await service.fetch(`${BASE}/v1/healthcheck`, { method: "DELETE" })).status).toBe(405);
    expect(service.violations.map(({ operation, status }) => [operation, status])).toEqual([
      ["GET /no/such/thing", 404],
      ["DELETE /v1/healthcheck", 405],
    ]);
  });
});

describe("routing", () => {
  it("prefers the template with fixed text, and takes the other where only it has the method", async () => {
    const service = mockService();
    const headers = { "service-api-key": KEY, "content-type": "application/json" };
    await service.fetch(`${BASE}/projects/paginated`, { method: "POST", headers, body: "{}" });
    await service.fetch(`${BASE}/projects/paginated`, { headers });
    expect(service.calls().map((call) => call.operation)).toEqual(["POST /projects/paginated", "GET /projects/{project_id}"]);
  });

});

describe("the base address", () => {
  const LOCAL = "http://127.0.0.1:4010";
  const advice = (prefix: string) =>
    `${prefix} is not part of the mock's base address ${LOCAL} (the contract's paths are directly under it): declare it, mockService(handlers, { baseUrl: "${LOCAL}${prefix}" }), or take it off the address you call`;

  it("refuses a client whose baseUrl has a path the mock was not given, on every operation, saying how to declare it", async () => {
    const service = mockService();
    const client = createServiceClient({ baseUrl: `${LOCAL}/v1`, auth: { apiKey: KEY }, fetch: service.fetch });
    await expect(unwrap(client.GET("/current_user"))).rejects.toThrow(`GET /current_user failed with HTTP 404: ${advice("/v1")}`);
    await expect(unwrap(client.POST("/projects", { body: { name: "support-bot-eval" } }))).rejects.toThrow(`POST /projects failed with HTTP 404: ${advice("/v1")}`);
    expect(service.calls()).toEqual([]);
    expect(service.violations.map(({ operation, status, message }) => [operation, status, message])).toEqual([
      ["GET /v1/current_user", 404, `GET /v1/current_user: the service would answer HTTP 404 to this request: $: ${advice("/v1")}`],
      ["POST /v1/projects", 404, `POST /v1/projects: the service would answer HTTP 404 to this request: $: ${advice("/v1")}`],
    ]);
  });

  it("answers 404 to a known path under any prefix, and to a /v2 the contract does not have; the contract's own /v1 and /v2 paths answer", async () => {
    const service = mockService();
    const get = (path: string) => service.fetch(`${LOCAL}${path}`, { headers: { "service-api-key": KEY } });
    for (const [path, prefix] of [["/console/current_user", "/console"], ["/v2/current_user", "/v2"], ["/api/v2/projects/" + ID, "/api/v2"]] as const) {
      const answer = await get(path);
      expect([answer.status, await answer.json()], path).toEqual([404, { detail: advice(prefix) }]);
    }
    expect((await get("/v1/healthcheck")).status).toBe(200);
    expect((await get("/v2/healthcheck")).status).toBe(200);
  });

  it("serves a client whose baseUrl has a path of its own once the mock is given it, and only there", async () => {
    const service = mockService({ "GET /projects/{project_id}": ({ params }) => ({ status: 200, body: { ...service.example("ProjectDB"), id: params.path.project_id } }) }, { baseUrl: `${LOCAL}/v1/` });
    const client = createServiceClient({ baseUrl: `${LOCAL}/v1`, auth: { apiKey: KEY }, fetch: service.fetch });
    expect((await unwrap(client.GET("/projects/{project_id}", { params: { path: { project_id: ID } } }))).id).toBe(ID);
    expect(service.calls().map((call) => call.operation)).toEqual(["GET /projects/{project_id}"]);

    const atTheRoot = createServiceClient({ baseUrl: LOCAL, auth: { apiKey: KEY }, fetch: service.fetch });
    await expect(unwrap(atTheRoot.GET("/current_user"))).rejects.toThrow(`GET /current_user failed with HTTP 404: ${LOCAL}/current_user is outside the mock's base address ${LOCAL}/v1: call ${LOCAL}/v1/current_user`);
    const elsewhere = createServiceClient({ baseUrl: `${BASE}/v1`, auth: { apiKey: KEY }, fetch: service.fetch });
    await expect(unwrap(elsewhere.GET("/current_user"))).rejects.toThrow(`GET /current_user failed with HTTP 404: ${BASE}/v1/current_user is outside the mock's base address ${LOCAL}/v1: call ${LOCAL}/v1/current_user`);
    const below = await service.fetch(`${LOCAL}/v1/no/such/thing`);
    expect(await below.json()).toEqual({ detail: `the contract has no operation at /no/such/thing, directly under the mock's base address ${LOCAL}/v1` });
  });

  it.each(["", "127.0.0.1:4010/v1", "http://127.0.0.1:4010/v1?x=1"])("refuses the base address %j, saying what to give", (baseUrl) => {
    expect(() => mockService({}, { baseUrl })).toThrow(`mockService: baseUrl must be the http(s) address the code under test calls, such as "https://api.acme.example"; got ${JSON.stringify(baseUrl)}`);
  });
});

describe("recorded calls", () => {
  it("hold operation, params, body and headers, with every credential redacted, in headers and bodies alike", async () => {
    const basicPassword = "basic-password-0002";
    const service = mockService();
    const keyed = createServiceClient({ baseUrl: BASE, auth: { apiKey: KEY }, fetch: service.fetch, headers: { "x-trace": "t-1" } });
    const basic = createServiceClient({ baseUrl: BASE, auth: { username: "ada@acme.example", password: basicPassword }, fetch: service.fetch });
    const bearer = createServiceClient({ baseUrl: BASE, auth: { token: BEARER }, fetch: service.fetch });
    const anonymous = createServiceClient({ baseUrl: BASE, auth: {}, fetch: service.fetch });
    await unwrap(keyed.POST("/projects", { body: { name: `project named ${KEY}` } }));
    await unwrap(basic.GET("/current_user"));
    await unwrap(bearer.GET("/current_user"));
    await unwrap(anonymous.POST("/login/api_key", { body: { api_key: "login-key-0004" } }));
    await unwrap(anonymous.POST("/login", { body: { username: "ada@acme.example", password: "form-password-0005" } }));
    // The client strips credential headers a caller sets; a bare fetch is what sends one here.
    await service.fetch(`${BASE}/current_user`, { headers: { cookie: "session=cookie-0006" } });

    const [created] = service.calls("POST /projects");
    expect(created).toEqual({ operation: "POST /projects", params: { path: {}, query: {} }, body: { name: "project named [REDACTED]" }, headers: { "content-type": "application/json", "service-api-key": "[REDACTED]", "x-trace": "t-1" } });
    expect(service.calls("GET /current_user").map((call) => [call.headers.authorization, call.headers.cookie])).toEqual([
      ["[REDACTED]", undefined],
      ["[REDACTED]", undefined],
      [undefined, "[REDACTED]"],
    ]);
    expect(service.calls("POST /login/api_key")[0]!.body).toEqual({ api_key: "[REDACTED]" });
    expect(service.calls("POST /login")[0]!.body).toEqual(expect.objectContaining({ username: "ada@acme.example", password: "[REDACTED]" }));
    const everything = JSON.stringify([service.calls(), service.violations]);
    for (const secret of [KEY, basicPassword, btoa(`ada@acme.example:${basicPassword}`), BEARER, "login-key-0004", "form-password-0005", "cookie-0006"]) expect(everything).not.toContain(secret);
  });

  it("are copies: a handler that changes its input does not change the record", async () => {
    const { service, client } = setup({
      "POST /projects": ({ body }) => {
        body.name = "changed by the handler";
        return { status: 200 };
      },
    });
    await unwrap(client.POST("/projects", { body: { name: "as sent" } }));
    expect(service.calls("POST /projects")[0]!.body).toEqual({ name: "as sent" });
  });
});

describe("example(name)", () => {
  it("is a deep copy of the schema's example", () => {
    const service = mockService();
    const first = service.example("ProjectDB");
    expect(first).toEqual((bundle.components.schemas.ProjectDB as { examples: unknown[] }).examples[0]);
    first.runs!.length = 0;
    expect(service.example("ProjectDB").runs!.length).toBeGreaterThan(0);
    expect(service.example("ProjectType")).toBe((bundle.components.schemas.ProjectType as { enum: string[] }).enum[0]);
  });

  it("refuses a name that is not a schema, at run time too (JavaScript callers)", () => {
    const service = mockService();
    expect(() => service.example("ProjectDb" as "ProjectDB")).toThrow(new TypeError('example: the contract has no schema named "ProjectDb"'));
  });
});
