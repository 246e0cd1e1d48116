// openapi-msw's handlers, typed by service-api/schema, beside the contract's mock: a handler listed
// first answers its operation (typed, though nothing checks its answer against the contract), and
// every other request goes to the mock.
import { setupServer } from "msw/node";
import { createOpenApiHttp } from "openapi-msw";
import { createServiceClient, unwrap } from "service-api";
import type { paths } from "service-api/schema";
import { mockService } from "service-api/testing";
import { mswHandlers } from "service-api/testing/msw";

const baseUrl = "https://api.acme.example";
const http = createOpenApiHttp<paths>({ baseUrl });
const service = mockService();
const server = setupServer(
  http.get("/v1/healthcheck", ({ response }) => response(200).json({ api_version: "1.0.0", message: "ok", version: "from openapi-msw" })),
  ...mswHandlers(service, { baseUrl }),
);
server.listen({ onUnhandledRequest: "error" });

const client = createServiceClient({ baseUrl, auth: { apiKey: "test-key" } });
const health = await unwrap(client.GET("/v1/healthcheck"));
const user = await unwrap(client.GET("/current_user"));

server.close();
console.log(JSON.stringify({ recipe: "openapi-msw", version: health.version, mocked: service.calls().map((call) => call.operation), user: typeof user.id }));
