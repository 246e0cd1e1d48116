// The TypeScript consumers' program, one file for both: installConsumer (helpers.ts) copies it into
// ts-nodenext/ and ts-bundler/ as index.ts, so the same code is checked under NodeNext (compiled
// by tsc, run by Node) and Bundler (type-checked, bundled by esbuild) module resolution.
import { createServiceClient, deriveApiBaseUrl, unwrap, ServiceApiError, type ServiceClient } from "service-api";
import type { components, operations, paths } from "service-api/schema";

type SignupLink = components["schemas"]["CreateSignupLinkResponse"];
type HealthAnswer = paths["/v1/healthcheck"]["get"]["responses"][200]["content"]["application/json"];
type SignupQuery = operations["generateSignupLink"]["parameters"]["query"];

const client: ServiceClient = createServiceClient({ baseUrl: process.env.MOCK_URL!, auth: { apiKey: "consumer-key" } });
const health: HealthAnswer = await unwrap(client.GET("/v1/healthcheck"));
const query: SignupQuery = { user_email: "typescript@acme.example", send_email: false };
const link: SignupLink = await unwrap(client.POST("/signup_link", { params: { query } }));
const signupUrl: string = link.signup_url;

let status: number | string | undefined;
try {
  // @ts-expect-error: user_email is required
  await unwrap(client.POST("/signup_link", { params: { query: {} } }));
} catch (error) {
  status = error instanceof ServiceApiError ? error.status : String(error);
}

// Never called: each line must fail to compile, proving the types are precise.
export function typeErrors() {
  // @ts-expect-error: no such path
  void client.GET("/v1/healthchek");
  // @ts-expect-error: misspelt query parameter
  void client.POST("/signup_link", { params: { query: { user_mail: "a@b.example" } } });
  // @ts-expect-error: send_email is a boolean
  const wrong: SignupQuery = { user_email: "a@b.example", send_email: "yes" };
  // @ts-expect-error: no such field on the answer
  void link.signup_link;
  return wrong;
}

console.log(JSON.stringify({
  health: health.message,
  signupUrl,
  invalidStatus: status,
  derived: deriveApiBaseUrl("https://console.acme.example"),
}));
