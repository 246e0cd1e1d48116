// Point 2: an operation with no handler answers the contract's example of its success status;
// with unhandled: "error", the call fails with a message that names the operation.
import assert from "node:assert/strict";
import { createServiceClient, unwrap } from "service-api";
import { mockService, UnhandledOperationError } from "service-api/testing";

const service = mockService({});
const client = createServiceClient({ baseUrl: "https://api.acme.example", auth: { apiKey: "test-key" }, fetch: service.fetch });
const me = await unwrap(client.GET("/current_user"));
assert.deepEqual(me, service.example("CurrentUserDB"));

const strict = mockService({}, { unhandled: "error" });
const strictClient = createServiceClient({ baseUrl: "https://api.acme.example", auth: { apiKey: "test-key" }, fetch: strict.fetch });
await assert.rejects(strictClient.GET("/current_user"), (error: unknown) => {
  assert.ok(error instanceof UnhandledOperationError);
  assert.equal(error.operation, "GET /current_user");
  assert.match(error.message, /^GET \/current_user has no handler/);
  return true;
});
console.log("default answers: ok");
