// Point 4: what a handler returns is checked: a status the operation does not declare, or a body
// its schema refuses, rejects the call with a ContractViolationError naming operation, status and
// JSON path.
import assert from "node:assert/strict";
import { createServiceClient } from "service-api";
import { ContractViolationError, mockService } from "service-api/testing";

const service = mockService({
  "GET /current_user": () => ({ status: 200, body: { ...service.example("CurrentUserDB"), created_at: "yesterday" } }),
});
const client = createServiceClient({ baseUrl: "https://api.acme.example", auth: { apiKey: "test-key" }, fetch: service.fetch });
await assert.rejects(client.GET("/current_user"), (error: unknown) => {
  assert.ok(error instanceof ContractViolationError);
  assert.equal(error.operation, "GET /current_user");
  assert.equal(error.status, 200);
  assert.deepEqual(error.problems, [{ path: "$.created_at", message: "not a valid date-time" }]);
  assert.match(error.message, /GET \/current_user answered HTTP 200.*\$\.created_at: not a valid date-time/);
  return true;
});

// 204 is not among the statuses DELETE /projects/{project_id} declares (it answers 200 with a message).
service.use({ "DELETE /projects/{project_id}": () => new Response(null, { status: 204 }) });
await assert.rejects(client.DELETE("/projects/{project_id}", { params: { path: { project_id: "3fa85f64-5717-4562-b3fc-2c963f66afa6" } } }), (error: unknown) => {
  assert.ok(error instanceof ContractViolationError);
  assert.equal(error.status, 204);
  assert.match(error.problems[0]!.message, /^status 204 is not declared for this operation/);
  return true;
});
// A status the operation does not declare does not compile as `{ status }` (409 is not among
// POST /projects' statuses), and the mock refuses it all the same when it runs.
service.use({
  // @ts-expect-error 409 is not a status POST /projects declares
  "POST /projects": () => ({ status: 409 }),
});
await assert.rejects(client.POST("/projects", { body: { name: "taken" } }), (error: unknown) => {
  assert.ok(error instanceof ContractViolationError);
  assert.equal(error.status, 409);
  return true;
});
// One it declares compiles and answers; its body is that status's example.
service.use({ "POST /projects": () => ({ status: 422 }) });
const refused = await client.POST("/projects", { body: { name: "taken" } });
assert.equal(refused.response.status, 422);
console.log("answer checks: ok");
