// What the handlers check, seen from code that uses the network directly: a request the contract
// refuses gets the service's 422 and is recorded; a handler's answer that the contract refuses
// fails the call at once, its JSON path in the message.
import { createServiceClient } from "service-api";
import { ContractViolationError } from "service-api/testing";
import { server, service } from "./mocks.js";

server.listen({ onUnhandledRequest: "error" });

// Code under test with its own fetch: the contract wants a string name.
const refused = await fetch("https://api.acme.example/projects", {
  method: "POST",
  headers: { "Service-API-Key": "test-key", "content-type": "application/json" },
  body: JSON.stringify({ name: 42 }),
});
const detail: unknown = await refused.json();

service.use({ "GET /projects/{project_id}": () => ({ status: 200, body: { ...service.example("ProjectDB"), created_at: "yesterday" } }) });
const client = createServiceClient({ baseUrl: "https://api.acme.example", auth: { apiKey: "test-key" } });
const failure = await client.GET("/projects/{project_id}", { params: { path: { project_id: "a07d4e79-ce7a-4b32-82d3-54220604915f" } } }).then(
  () => undefined,
  (error: unknown) => error,
);

server.close();
console.log(
  JSON.stringify({
    recipe: "msw-checks",
    refusedStatus: refused.status,
    detail,
    violations: service.violations.map(({ kind, operation, status, problems }) => ({ kind, operation, status, paths: problems.map((problem) => problem.path) })),
    failure: failure instanceof ContractViolationError ? { name: failure.name, message: failure.message } : String(failure),
    calls: service.calls("GET /projects/{project_id}").length,
  }),
);
