// Point 5: service.calls(key?) returns { operation, params, body, headers }, credential headers
// redacted.
import assert from "node:assert/strict";
import { createServiceClient, unwrap } from "service-api";
import { mockService, type RecordedCall } from "service-api/testing";

const service = mockService({});
const client = createServiceClient({ baseUrl: "https://api.acme.example", auth: { apiKey: "very-secret-key" }, fetch: service.fetch });
await unwrap(client.GET("/users", { params: { query: { limit: 2 } } }));
await unwrap(client.POST("/projects", { body: { name: "recorded" } }));

const calls: RecordedCall[] = service.calls("POST /projects");
assert.equal(calls.length, 1);
const [call] = calls;
assert.equal(call!.operation, "POST /projects");
assert.deepEqual(call!.body, { name: "recorded" });
assert.equal(call!.headers["service-api-key"], "[REDACTED]");
assert.deepEqual(service.calls("GET /users")[0]!.params, { path: {}, query: { limit: 2 } });
assert.equal(service.calls().length, 2);
assert.ok(!JSON.stringify(service.calls()).includes("very-secret-key"));
console.log("recorded calls: ok");
