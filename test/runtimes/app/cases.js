// The shared cases, written as a user writes code against the installed package: the same file
// runs on every runtime (natively where the runtime loads npm packages, bundled where it cannot).
// Each case gets `base`, an address of the test's loopback service under which it keeps that
// case's own state, and throws when what it sees is not what the README promises.
// `${base}/__state` and `${base}/__wait/<event>` are the service's side of the story (what it
// received, and when a request arrived or its connection closed), asked with a plain fetch.
import { createServiceClient, paginate, ServiceApiError, ServiceTimeoutError, unwrap } from "service-api";
import { ContractViolationError, mockService } from "service-api/testing";
import { ResponseValidationError, validateResponses } from "service-api/validate";
import { CASE_NAMES } from "./protocol.js";

const API_KEY = "runtime-suite-key";
const CSV = "input,output\nhello,world\n";

function expectEqual(actual, expected, what) {
  const [a, e] = [JSON.stringify(actual), JSON.stringify(expected)];
  if (a !== e) throw new Error(`${what}: expected ${e}, got ${a}`);
}

/** The rejection of `promise`; a fulfilment is a failure of the case. */
async function rejection(promise, what) {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error(`${what}: expected a rejection, but the call succeeded`);
}

async function service(base, what) {
  const response = await fetch(`${base}/${what}`);
  if (!response.ok) throw new Error(`the test service answered ${response.status} to ${what}`);
  return response.json();
}

async function expectUpload(base, body, fileType = "text/csv") {
  const client = createServiceClient({ baseUrl: base, auth: { apiKey: API_KEY } });
  const stored = await unwrap(client.POST("/projects/{project_id}/upload_file", { params: { path: { project_id: "3fa85f64-5717-4562-b3fc-2c963f66afa6" } }, body }));
  // The service echoes what it parsed out of the multipart body.
  expectEqual(stored, { file: { type: fileType, text: CSV }, upload_metadata: '{"source":"runtime suite"}' }, "the stored upload");
}

export const cases = {
  async health(base) {
    // No auth at all: the health check needs none, and nothing here should read the environment.
    const client = createServiceClient({ baseUrl: base });
    const health = await unwrap(client.GET("/v1/healthcheck"));
    expectEqual(health.message, "ok", "the health answer's message");
  },

  async "api-key"(base) {
    const client = createServiceClient({ baseUrl: base, auth: { apiKey: API_KEY } });
    const user = await unwrap(client.GET("/current_user"));
    expectEqual(user.email, "ada@acme.example", "the current user's email");
  },

  async "jwt-shared-token"(base) {
    const client = createServiceClient({ baseUrl: base, auth: { apiKey: API_KEY, jwt: true } });
    const users = await Promise.all([1, 2, 3].map(() => unwrap(client.GET("/current_user"))));
    expectEqual(users.map((user) => user.email), ["ada@acme.example", "ada@acme.example", "ada@acme.example"], "the three answers");
    const { tokenRequests, bearerRequests } = await service(base, "__state");
    expectEqual({ tokenRequests, bearerRequests }, { tokenRequests: 1, bearerRequests: 3 }, "get-token requests and calls that carried its JWT");
  },

  async "retry-503"(base) {
    const client = createServiceClient({ baseUrl: base, auth: {} });
    const health = await unwrap(client.GET("/v1/healthcheck"));
    expectEqual(health.message, "ok", "the answer after the retry");
    expectEqual((await service(base, "__state")).requests, 2, "requests the service received (a 503, then the retry)");
  },

  async timeout(base) {
    const client = createServiceClient({ baseUrl: base, auth: {} });
    const error = await rejection(client.GET("/v1/healthcheck", { timeoutMs: 300, maxRetries: 0 }), "a call to a service that never answers");
    if (!(error instanceof ServiceTimeoutError)) throw new Error(`expected a ServiceTimeoutError, got ${error?.name}: ${error?.message}`);
    expectEqual(error.timeoutMs, 300, "the error's timeoutMs");
  },

  async abort(base) {
    const client = createServiceClient({ baseUrl: base, auth: { apiKey: API_KEY } });
    const controller = new AbortController();
    const call = client.GET("/current_user", { signal: controller.signal });
    expectEqual((await service(base, "__wait/arrived")).arrived, true, "the request reached the service");
    const reason = new Error("the user navigated away");
    controller.abort(reason);
    const error = await rejection(call, "an aborted call");
    if (error !== reason) throw new Error(`expected the signal's reason, got ${error?.name}: ${error?.message}`);
    expectEqual((await service(base, "__wait/closed")).closed, true, "the service saw the connection close");
  },

  async "unwrap-422"(base) {
    const client = createServiceClient({ baseUrl: base, auth: { apiKey: API_KEY } });
    const error = await rejection(unwrap(client.POST("/signup_link", { params: { query: { user_email: "not-an-email", send_email: false } } })), "a 422");
    if (!(error instanceof ServiceApiError)) throw new Error(`expected a ServiceApiError, got ${error?.name}: ${error?.message}`);
    expectEqual([error.status, error.kind], [422, "validation"], "the error's status and kind");
    if (!error.message.includes("query.user_email: not a valid email")) throw new Error(`the message does not give the service's reason: ${error.message}`);
  },

  async "upload-blob"(base) {
    await expectUpload(base, { file: new Blob([CSV], { type: "text/csv" }), upload_metadata: '{"source":"runtime suite"}' });
  },

  async "upload-bytes"(base) {
    // Bytes carry no media type: multipart's default is what a server sees.
    await expectUpload(base, { file: new TextEncoder().encode(CSV), upload_metadata: '{"source":"runtime suite"}' }, "application/octet-stream");
  },

  async "upload-formdata"(base) {
    const form = new FormData();
    form.append("file", new Blob([CSV], { type: "text/csv" }), "examples.csv");
    form.append("upload_metadata", '{"source":"runtime suite"}');
    await expectUpload(base, form);
  },

  async paginate(base) {
    const client = createServiceClient({ baseUrl: base, auth: { apiKey: API_KEY } });
    const emails = [];
    for await (const user of paginate(client, "/users", { params: { query: { limit: 2 } } })) emails.push(user.email);
    expectEqual(emails, ["ada@acme.example", "grace@acme.example", "alan@acme.example"], "the users of both pages");
    expectEqual((await service(base, "__state")).requests, 2, "pages requested");
  },

  async "fetch-replaced"(base) {
    // As a test's fetch mock does it: the client exists before the global is replaced.
    const client = createServiceClient({ baseUrl: base, auth: {} });
    const original = globalThis.fetch;
    const seen = [];
    globalThis.fetch = (input, init) => {
      seen.push(input instanceof Request ? input.url : String(input));
      return original(input, init);
    };
    try {
      await unwrap(client.GET("/v1/healthcheck"));
    } finally {
      globalThis.fetch = original;
    }
    expectEqual(seen, [`${base}/v1/healthcheck`], "requests that went through the replaced fetch");
  },

  async validate(base) {
    const client = createServiceClient({ baseUrl: base, auth: {} });
    client.use(validateResponses({ onMismatch: "throw" }));
    const error = await rejection(client.GET("/v1/healthcheck"), "an answer that breaks the contract");
    if (!(error instanceof ResponseValidationError)) throw new Error(`expected a ResponseValidationError, got ${error?.name}: ${error?.message}`);
    expectEqual(error.problems, [{ path: "$.message", message: "expected string, got integer" }], "the problems found");
  },

  async testing() {
    // No loopback service: the mock plays it, inside this runtime, from the contract.
    const projectId = "3fa85f64-5717-4562-b3fc-2c963f66afa6";
    let uploaded;
    const service = mockService({
      "GET /projects/{project_id}": ({ params }) => ({ status: 200, body: { ...service.example("ProjectDB"), id: params.path.project_id } }),
      "GET /current_user": () => ({ status: 200, body: { ...service.example("CurrentUserDB"), created_at: "yesterday" } }),
      "POST /projects/{project_id}/upload_file": async ({ body }) => {
        uploaded = { type: body.file.type, text: await body.file.text(), upload_metadata: body.upload_metadata };
        return { status: 200 };
      },
    });
    const client = createServiceClient({ baseUrl: "https://api.acme.example", auth: { apiKey: API_KEY }, fetch: service.fetch });
    expectEqual((await unwrap(client.GET("/projects/{project_id}", { params: { path: { project_id: projectId } } }))).id, projectId, "the handler's project id");
    expectEqual(await unwrap(client.GET("/v1/healthcheck")), service.example("HealthcheckResponse"), "the default answer (the contract's example)");
    const refused = await client.GET("/projects/{project_id}", { params: { path: { project_id: "not-a-uuid" } } });
    expectEqual([refused.response.status, refused.error], [422, { detail: [{ loc: ["path", "project_id"], msg: "not a valid uuid", type: "value_error" }] }], "a request the contract refuses");
    const error = await rejection(client.GET("/current_user"), "an answer the contract refuses");
    if (!(error instanceof ContractViolationError)) throw new Error(`expected a ContractViolationError, got ${error?.name}: ${error?.message}`);
    expectEqual([error.operation, error.status, error.problems], ["GET /current_user", 200, [{ path: "$.created_at", message: "not a valid date-time" }]], "the violation");
    // A named File: Bun's form parser drops the type of a part sent without a file name (README).
    const file = new File([CSV], "rows.csv", { type: "text/csv" });
    await unwrap(client.POST("/projects/{project_id}/upload_file", { params: { path: { project_id: projectId } }, body: { file, upload_metadata: '{"source":"runtime suite"}' } }));
    expectEqual(uploaded, { type: "text/csv", text: CSV, upload_metadata: '{"source":"runtime suite"}' }, "the upload the handler received");
    const calls = service.calls();
    expectEqual(calls.length, 5, "the calls recorded");
    expectEqual(calls[0].headers["service-api-key"], "[REDACTED]", "the recorded credential");
    if (JSON.stringify(calls).includes(API_KEY)) throw new Error("a recorded call holds the API key");
    expectEqual(service.violations.map((violation) => [violation.kind, violation.status]), [["request", 422], ["answer", 200]], "the violations recorded");
  },
};

expectEqual(Object.keys(cases), CASE_NAMES, "the cases of cases.js");

/** A case that has not settled after this long has hung; it fails rather than stopping the run. */
const CASE_LIMIT_MS = 20_000;

/**
 * Runs every case, one after the other, against `serviceUrl`; `runtime` names the run (the
 * service keeps each runtime's state apart). One result per case, never a rejection.
 */
export async function runCases(serviceUrl, runtime) {
  const results = [];
  for (const name of CASE_NAMES) {
    let timer;
    const limit = new Promise((_, reject) => {
      timer = setTimeout(() => reject(new Error(`did not settle within ${CASE_LIMIT_MS} ms`)), CASE_LIMIT_MS);
    });
    try {
      await Promise.race([cases[name](`${serviceUrl}/${runtime}/${name}`), limit]);
      results.push({ name, ok: true });
    } catch (error) {
      results.push({ name, ok: false, error: error instanceof Error ? `${error.name}: ${error.message}` : String(error) });
    } finally {
      clearTimeout(timer);
    }
  }
  return results;
}
