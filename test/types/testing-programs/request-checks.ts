// Point 3: what the client sends is checked as the service checks it: 401 without a credential,
// 422 with the service's `detail` for input the contract refuses; each recorded in violations.
import assert from "node:assert/strict";
import { createServiceClient, hasStatus } from "service-api";
import { mockService } from "service-api/testing";

const service = mockService({});
const anonymous = createServiceClient({ baseUrl: "https://api.acme.example", auth: {}, fetch: service.fetch });
const refused = await anonymous.GET("/current_user");
assert.equal(refused.response.status, 401);

const client = createServiceClient({ baseUrl: "https://api.acme.example", auth: { apiKey: "test-key" }, fetch: service.fetch });
// A user writing JavaScript, or reaching for `as`, sends what the types would refuse.
const name: unknown = 42;
const answer = await client.POST("/projects", { body: { name: name as string } });
assert.ok(hasStatus(answer, 422));
assert.deepEqual(answer.error.detail, [{ loc: ["body", "name"], msg: "expected string, got integer", type: "value_error" }]);

assert.deepEqual(
  service.violations.map(({ kind, operation, status, problems }) => ({ kind, operation, status, paths: problems.map((problem) => problem.path) })),
  [
    { kind: "request", operation: "GET /current_user", status: 401, paths: ["$"] },
    { kind: "request", operation: "POST /projects", status: 422, paths: ["$.name"] },
  ],
);
console.log("request checks: ok");
