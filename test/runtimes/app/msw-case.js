// The MSW case: the contract's mock as MSW request handlers (service-api/testing/msw), installed
// by setupServer in Node (msw-node.js) or setupWorker in Chromium (msw-page.js), answering a
// client that was given no fetch of its own. The base address is loopback, where nothing
// listens: MSW answers before anything is sent.
import { createServiceClient } from "service-api";
import { mockService } from "service-api/testing";
import { mswHandlers } from "service-api/testing/msw";

export const BASE_URL = "http://127.0.0.1:9";
export const PROJECT_ID = "a07d4e79-ce7a-4b32-82d3-54220604915f";

export function createMock() {
  const service = mockService({
    "GET /projects/{project_id}": ({ params }) => ({ status: 200, body: { ...service.example("ProjectDB"), id: params.path.project_id, name: "Support bot" } }),
  });
  return { service, handlers: mswHandlers(service, { baseUrl: BASE_URL }) };
}

/** What the client gets through the handlers, and what the mock recorded, as plain JSON. */
export async function runChecks(service) {
  const client = createServiceClient({ baseUrl: BASE_URL, auth: { apiKey: "runtime-key" } });
  const answered = await client.GET("/projects/{project_id}", { params: { path: { project_id: PROJECT_ID } } });

  // Code that calls fetch itself: the contract wants a string name, so the mock answers the 422.
  const refused = await fetch(`${BASE_URL}/projects`, {
    method: "POST",
    headers: { "Service-API-Key": "runtime-key", "content-type": "application/json" },
    body: JSON.stringify({ name: 42 }),
  });

  service.use({ "GET /projects/{project_id}": () => ({ status: 200, body: { ...service.example("ProjectDB"), created_at: "yesterday" } }) });
  // In Node the call rejects with the mock's error; in a browser it is answered (see mswHandlers).
  const failure = await client.GET("/projects/{project_id}", { params: { path: { project_id: PROJECT_ID } } }).then(
    (result) => ({ answered: result.response.status, retryAfter: result.response.headers.get("retry-after"), detail: result.error?.detail }),
    (error) => ({ name: error.name, status: error.status, message: error.message }),
  );
  return {
    name: answered.data?.name,
    refusedStatus: refused.status,
    violations: service.violations.map(({ kind, operation, status, problems }) => ({ kind, operation, status, paths: problems.map((problem) => problem.path) })),
    failure,
    // How many times the refused answer was asked for: once means the client did not retry.
    calls: service.calls("GET /projects/{project_id}").length,
  };
}
