// A TypeScript user's program, compiled (never run): by the oldest TypeScript the package supports,
// and with the strictest flags users turn on by the repository's own (typescript.test.ts). It
// touches each kind of type the package exports; the @ts-expect-error lines prove the types are
// precise rather than `any`, on every compiler that checks this file.
import {
  createServiceClient,
  deriveApiBaseUrl,
  hasStatus,
  paginate,
  unwrap,
  ServiceApiError,
  ServiceTimeoutError,
  type RequestBodyOf,
  type ResponseBodyOf,
  type ServiceClient,
  type ServiceClientOptions,
  type ServiceLogEvent,
} from "service-api";
import type { components, operations, paths, ProjectCreate, ProjectDB } from "service-api/schema";
import { ContractViolationError, mockService, type RecordedCall } from "service-api/testing";
import { validateResponses, ResponseValidationError, type ResponseProblem } from "service-api/validate";

type Health = paths["/v1/healthcheck"]["get"]["responses"][200]["content"]["application/json"];
type SignupQuery = operations["generateSignupLink"]["parameters"]["query"];
type User = components["schemas"]["GetUserResponse"];

export async function consumer(baseUrl: string, apiKey: string, events: ServiceLogEvent[]): Promise<string[]> {
  const options: ServiceClientOptions = { baseUrl, auth: { apiKey, jwt: true }, timeoutMs: 5_000, logger: (event) => void events.push(event) };
  const client: ServiceClient = createServiceClient(options);
  client.use(validateResponses({ onMismatch: "warn" }));

  const health: Health = await unwrap(client.GET("/v1/healthcheck", { timeoutMs: 1_000, maxRetries: 0 }));
  const draft: ProjectCreate = { name: "churn-model" };
  const created: ResponseBodyOf<"/projects", "post"> = await unwrap(client.POST("/projects", { body: draft }));
  const project: ProjectDB = await unwrap(client.GET("/projects/{project_id}", { params: { path: { project_id: created.id } } }));
  const run: RequestBodyOf<"/projects/{project_id}/runs", "post"> | undefined = undefined;

  const query: SignupQuery = { user_email: "new.user@acme.example", send_email: false };
  const result = await client.POST("/signup_link", { params: { query } });
  const problems: string[] = [];
  if (hasStatus(result, 422)) for (const problem of result.error.detail ?? []) problems.push(`${problem.loc.join(".")}: ${problem.msg}`);

  await unwrap(
    client.POST("/projects/{project_id}/upload_file", {
      params: { path: { project_id: project.id } },
      body: { file: new Blob(["input,output\n"], { type: "text/csv" }), upload_metadata: "{}" },
    }),
  );

  const emails: string[] = [];
  for await (const user of paginate(client, "/users", { params: { query: { limit: 50 } }, maxPages: 2 })) {
    const typed: User = user;
    emails.push(typed.email);
  }

  try {
    await unwrap(client.GET("/current_user"));
  } catch (error) {
    if (error instanceof ServiceApiError) problems.push(`${error.kind} ${error.status} ${error.requestId ?? "no request id"}`);
    else if (error instanceof ServiceTimeoutError) problems.push(`timed out after ${error.timeoutMs} ms`);
    else if (error instanceof ResponseValidationError) problems.push(...error.problems.map((problem: ResponseProblem) => problem.path));
    else throw error;
  }
  return [health.message, project.name ?? "unnamed", String(run), deriveApiBaseUrl("https://console.acme.example"), ...emails, ...problems];
}

// A test of the user's own code, with the mock in place of the service.
export async function mocked(): Promise<string[]> {
  const service = mockService({
    "GET /projects/{project_id}": ({ params }) => ({ status: 200, body: { ...service.example("ProjectDB"), id: params.path.project_id } }),
    "GET /users": async ({ params }) => ({ status: 200, body: { ...service.example("GetUsersResponse"), limit: params.query.limit ?? 100 } }),
  });
  const client = createServiceClient({ baseUrl: "https://api.acme.example", auth: { apiKey: "test-key" }, fetch: service.fetch });
  const project: ProjectDB = await unwrap(client.GET("/projects/{project_id}", { params: { path: { project_id: "3fa85f64-5717-4562-b3fc-2c963f66afa6" } } }));
  const calls: RecordedCall[] = service.calls("GET /projects/{project_id}");
  const violations = service.violations.map((violation) => `${violation.operation} ${violation.status}`);
  try {
    await unwrap(client.GET("/current_user"));
  } catch (error) {
    if (error instanceof ContractViolationError) violations.push(...error.problems.map((problem: ResponseProblem) => problem.path));
  }
  return [project.id, String(calls.length), ...violations];
}

// Never called: each line must fail to compile.
export function typeErrors(client: ServiceClient) {
  // @ts-expect-error: no such path
  void client.GET("/v1/healthchek");
  // @ts-expect-error: misspelt query parameter
  void client.POST("/signup_link", { params: { query: { user_mail: "a@b.example" } } });
  // @ts-expect-error: send_email is a boolean
  const wrong: SignupQuery = { user_email: "a@b.example", send_email: "yes" };
  // @ts-expect-error: /projects is not a paged listing
  void paginate(client, "/projects");
  // @ts-expect-error: not an option
  void createServiceClient({ baseUrl: "https://api.acme.example", retries: 3 });
  const service = mockService({
    // @ts-expect-error: not an operation of the contract
    "GET /project/{project_id}": () => ({ status: 200 }),
  });
  // @ts-expect-error: not a schema of the contract
  void service.example("ProjectDb");
  return wrong;
}
