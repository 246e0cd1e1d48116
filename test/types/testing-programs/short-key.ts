// Point 5, recorded calls, with a short key: a key shorter than eight characters is redacted where it is a
// credential (its header, a credential field, a value that is nothing else), never inside the
// user's own text. Run with SERVICE_API_KEY=k in the environment, as a newcomer's shell had it.
import assert from "node:assert/strict";
import { createServiceClient, ServiceApiError, ServiceConnectionError, unwrap } from "service-api";
import { mockService } from "service-api/testing";

const BASE = "https://api.acme.example";
const PROJECT = "3fa85f64-5717-4562-b3fc-2c963f66afa6";
const RUN = "7c9e6679-7425-40de-944b-e07fc1f90ae7";

// The key "test" and a project whose name holds the word: recorded exactly as sent.
const service = mockService();
const client = createServiceClient({ baseUrl: BASE, auth: { apiKey: "test" }, fetch: service.fetch });
await unwrap(client.POST("/projects", { body: { name: "latest test run" } }));
const [created] = service.calls("POST /projects");
assert.deepEqual(created!.body, { name: "latest test run" });
assert.equal(created!.headers["service-api-key"], "[REDACTED]");

// A value that is the key and nothing else is still a credential, whatever its field.
await unwrap(client.POST("/projects", { body: { name: "test" } }));
assert.deepEqual(service.calls("POST /projects")[1]!.body, { name: "[REDACTED]" });

// A 422 that lists a field's declared values keeps every one of them, "test" included.
const detail = [{ loc: ["path", "split"], msg: "Input should be 'training', 'validation', 'test' or 'inference'", type: "enum" }];
service.use({ "GET /projects/{project_id}/runs/{run_id}/split/{split}/epochs": () => ({ status: 422, body: { detail } }) });
const epochs = client.GET("/projects/{project_id}/runs/{run_id}/split/{split}/epochs", { params: { path: { project_id: PROJECT, run_id: RUN, split: "test" } } });
await assert.rejects(unwrap(epochs), (error: unknown) => {
  assert.ok(error instanceof ServiceApiError);
  assert.deepEqual(error.body, { detail });
  assert.match(error.message, /path\.split: Input should be 'training', 'validation', 'test' or 'inference'/);
  return true;
});

// SERVICE_API_KEY=k: the client reads it, and a failure's cause (here a handler that throws, which
// the client sees as a failed connection) keeps its message and stack frames as they were.
assert.equal(process.env.SERVICE_API_KEY, "k");
const broken = new Error("the handler broke: check the mock's setup");
const original = broken.stack;
const fromEnv = createServiceClient({ baseUrl: BASE, fetch: mockService({ "GET /current_user": () => { throw broken; } }).fetch, maxRetries: 0 });
await assert.rejects(fromEnv.GET("/current_user"), (error: unknown) => {
  assert.ok(error instanceof ServiceConnectionError);
  assert.equal(error.cause, broken);
  assert.equal(broken.stack, original);
  assert.ok(!`${error.message}\n${error.stack}`.includes("[REDACTED]"));
  return true;
});
console.log("short key: ok");
