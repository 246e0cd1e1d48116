// Strict code passes `undefined` for an option it has not got (a setting that may be unset), and
// the package treats `undefined` as "not given" everywhere. Under exactOptionalPropertyTypes the
// types must say so (`?: T | undefined`): the client's and the calls' options, `signal` (which
// openapi-fetch types through the DOM's RequestInit, `AbortSignal | null`), and every optional
// parameter and field of the generated types. No cast anywhere: typescript.test.ts compiles this
// file with the strictest flags and wants no error at all.
import { createServiceClient, paginate, type FetchLike, type RequestBodyOf, type ServiceClient, type ServiceLogger } from "service-api";
import type { ProjectCreate } from "service-api/schema";

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
  void client.GET("/v1/healthcheck", { signal });
  void client.GET("/users", { params: { query: { limit: count } } });
  void client.POST("/projects", { body: { name: "churn-model", created_by: text } });
  void paginate(client, "/users", { maxPages: count });
  void paginate(client, "/users", { signal });
}

export function generatedTypes(client: ServiceClient, text: Unset<string>, count: Unset<number>, flag: Unset<boolean>, signal: Unset<AbortSignal>) {
  // A schema's optional fields, as a named type and as an operation's body.
  const project: ProjectCreate = { name: "churn-model", created_by: text, create_example_templates: flag };
  const body: RequestBodyOf<"/projects", "post"> = { name: "churn-model", created_by: text, create_example_templates: flag };
  void client.POST("/projects", { body: project, signal, timeoutMs: count });
  void client.POST("/projects", { body });
  // Optional query parameters beside a path parameter, through request() as well.
  void client.request("get", "/users", { params: { query: { limit: count, starting_token: count } }, signal });
  void paginate(client, "/users", { params: { query: { limit: count } }, signal, maxPages: count });
}
