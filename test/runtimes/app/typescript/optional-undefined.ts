// Strict code passes `undefined` for an option it has not got (a setting that may be unset), and
// the package treats `undefined` as "not given" everywhere. Under exactOptionalPropertyTypes the
// types must say so (`?: T | undefined`). Each line that does not compile today ends with
// "fails today:" and where its fix goes; typescript.test.ts holds the compiler to exactly those
// lines, so a fixed line must lose its note.
import { createServiceClient, paginate, type FetchLike, type ServiceClient, type ServiceLogger } from "service-api";

/** What a program may or may not have: every value below may be `undefined`. */
type Unset<T> = T | undefined;

export function clientOptions(
  text: Unset<string>,
  count: Unset<number>,
  flag: Unset<boolean>,
  headers: Unset<Record<string, string>>,
  logger: Unset<ServiceLogger>,
  fetch: Unset<FetchLike>,
  env: Unset<Record<string, string | undefined>>,
) {
  createServiceClient({ auth: { apiKey: text, username: text, password: text, token: text, jwt: flag } });
  createServiceClient({ baseUrl: text });
  createServiceClient({ consoleUrl: text });
  createServiceClient({ timeoutMs: count });
  createServiceClient({ maxRetries: count });
  createServiceClient({ headers });
  createServiceClient({ allowInsecureHttp: flag });
  createServiceClient({ logger });
  createServiceClient({ fetch });
  createServiceClient({ env });
}

export function callOptions(client: ServiceClient, text: Unset<string>, count: Unset<number>, signal: Unset<AbortSignal>) {
  void client.GET("/v1/healthcheck", { timeoutMs: count });
  void client.GET("/v1/healthcheck", { maxRetries: count });
  void client.GET("/v1/healthcheck", { signal }); // fails today: the DOM's RequestInit says `AbortSignal | null`, reached through openapi-fetch's init type (src/types.ts would have to replace it)
  void client.GET("/users", { params: { query: { limit: count } } }); // fails today: optional parameters in generated/schema.d.ts (scripts/generate.ts)
  void client.POST("/projects", { body: { name: "churn-model", created_by: text } }); // fails today: optional body fields in generated/schema.d.ts (scripts/generate.ts)
  void paginate(client, "/users", { maxPages: count });
  void paginate(client, "/users", { signal }); // fails today: the DOM's RequestInit says `AbortSignal | null`, reached through openapi-fetch's init type
}
