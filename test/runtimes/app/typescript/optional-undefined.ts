// Strict code passes `undefined` for an option it has not got (a setting that may be unset), and
// the package treats `undefined` as "not given" everywhere. Under exactOptionalPropertyTypes the
// types must say so (`?: T | undefined`). Each line that does not compile today ends with
// "fails today:" and where its fix goes; typescript.test.ts holds the compiler to exactly those
// lines, so a fixed line must lose its note.
import { createServiceClient, paginate, type FetchLike, type ServiceClient, type ServiceLogger } from "service-api";

export interface Unset {
  readonly text?: string | undefined;
  readonly number?: number | undefined;
  readonly flag?: boolean | undefined;
  readonly signal?: AbortSignal | undefined;
  readonly logger?: ServiceLogger | undefined;
  readonly fetch?: FetchLike | undefined;
  readonly headers?: Record<string, string> | undefined;
  readonly env?: Record<string, string | undefined> | undefined;
}

export function clientOptions(unset: Unset) {
  createServiceClient({ auth: { apiKey: unset.text, username: unset.text, password: unset.text, token: unset.text, jwt: unset.flag } });
  createServiceClient({ baseUrl: unset.text }); // fails today: ServiceClientOptions (src/config.ts)
  createServiceClient({ consoleUrl: unset.text }); // fails today: ServiceClientOptions (src/config.ts)
  createServiceClient({ timeoutMs: unset.number }); // fails today: ServiceClientOptions (src/config.ts)
  createServiceClient({ maxRetries: unset.number }); // fails today: ServiceClientOptions (src/config.ts)
  createServiceClient({ headers: unset.headers }); // fails today: ServiceClientOptions (src/config.ts)
  createServiceClient({ allowInsecureHttp: unset.flag }); // fails today: ServiceClientOptions (src/config.ts)
  createServiceClient({ logger: unset.logger }); // fails today: ServiceClientOptions (src/config.ts)
  createServiceClient({ fetch: unset.fetch }); // fails today: ServiceClientOptions (src/config.ts)
  createServiceClient({ env: unset.env }); // fails today: ServiceClientOptions (src/config.ts)
}

export function callOptions(client: ServiceClient, unset: Unset) {
  void client.GET("/v1/healthcheck", { timeoutMs: unset.number }); // fails today: ServiceCallOptions (src/types.ts)
  void client.GET("/v1/healthcheck", { maxRetries: unset.number }); // fails today: ServiceCallOptions (src/types.ts)
  void client.GET("/v1/healthcheck", { signal: unset.signal }); // fails today: the DOM's RequestInit says `AbortSignal | null`, reached through openapi-fetch's init type (src/types.ts would have to replace it)
  void client.GET("/users", { params: { query: { limit: unset.number } } }); // fails today: optional parameters in generated/schema.d.ts (scripts/generate.ts)
  void client.POST("/projects", { body: { name: "churn-model", created_by: unset.text } }); // fails today: optional body fields in generated/schema.d.ts (scripts/generate.ts)
  void paginate(client, "/users", { maxPages: unset.number }); // fails today: PaginateOptions (src/paginate.ts)
  void paginate(client, "/users", { signal: unset.signal }); // fails today: PaginateOptions (src/paginate.ts) and the DOM's RequestInit
}
