// Runs in the browser as an ES module: no Node types here (tsconfig "types": []), and the two
// bare imports are mapped by index.html's import map to the installed package's files.
import { createServiceClient, unwrap, ServiceApiError } from "service-api";
import type { components } from "service-api/schema";

type Health = components["schemas"]["HealthcheckResponse"];
type SignupLink = components["schemas"]["CreateSignupLinkResponse"];

declare global {
  interface Window {
    serviceApiResult?: { health: string; apiVersion: string; signupUrl: string; invalidStatus: number | string } | { error: string };
  }
}

async function main() {
  const baseUrl = new URLSearchParams(window.location.search).get("mock");
  if (!baseUrl) throw new Error("pass the mock's address as ?mock=");
  const client = createServiceClient({ baseUrl, auth: { apiKey: "browser-key" } });
  const health: Health = await unwrap(client.GET("/v1/healthcheck"));
  const link: SignupLink = await unwrap(client.POST("/signup_link", { params: { query: { user_email: "browser@acme.example", send_email: false } } }));
  let invalidStatus: number | string = "no error";
  try {
    // @ts-expect-error: user_email is required
    await unwrap(client.POST("/signup_link", { params: { query: {} } }));
  } catch (error) {
    invalidStatus = error instanceof ServiceApiError ? error.status : String(error);
  }
  window.serviceApiResult = { health: health.message, apiVersion: health.api_version, signupUrl: link.signup_url, invalidStatus };
}

main().catch((error: unknown) => {
  window.serviceApiResult = { error: error instanceof Error ? `${error.name}: ${error.message}` : String(error) };
});
