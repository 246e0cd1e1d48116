import { createServiceClient, deriveApiBaseUrl, unwrap, ServiceApiError } from "service-api";
import spec from "service-api/openapi.json" with { type: "json" };

const client = createServiceClient({ baseUrl: process.env.MOCK_URL, auth: { apiKey: "consumer-key" } });
const health = await unwrap(client.GET("/v1/healthcheck"));
const link = await unwrap(client.POST("/signup_link", { params: { query: { user_email: "esm@acme.example" } } }));
let status;
try {
  await unwrap(client.POST("/signup_link", { params: { query: {} } }));
} catch (error) {
  status = error instanceof ServiceApiError ? error.status : String(error);
}
console.log(JSON.stringify({
  health: health.message,
  signupUrl: link.signup_url,
  invalidStatus: status,
  derived: deriveApiBaseUrl("https://console.acme.example"),
  specVersion: spec.openapi,
}));
