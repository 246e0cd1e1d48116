// A user's first hour with the client, as small programs (programs/*.ts) that import
// "service-api" the way users do: each must pass `tsc --strict` and then do what it says against
// the mock a user runs (`service-api mock`), or, where the mock cannot play the part (a slow
// answer; the bytes of an upload), against a loopback server.
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { answerExample, type Json } from "../support/bundle.js";
import { runUserProgram, typeCheck, type TypeCheck } from "../support/user-code.js";
import { startServer, type TestServer } from "../support/loopback-server.js";

const mockUrl = inject("mockUrl");
const programsDir = path.join(path.dirname(fileURLToPath(import.meta.url)), "programs");
const tsconfig = path.join(programsDir, "tsconfig.json");
const withKey = { SERVICE_API_URL: mockUrl, SERVICE_API_KEY: "first-hour-key" };


let compiled: TypeCheck;
const servers: TestServer[] = [];

beforeAll(async () => {
  compiled = await typeCheck(tsconfig);
}, 60_000);

afterAll(async () => {
  await Promise.all(servers.map((server) => server.close()));
});

/** Runs programs/<name>.ts after checking that tsc found nothing wrong in it. */
async function run(name: string, env: Record<string, string> = withKey) {
  const file = path.join(programsDir, `${name}.ts`);
  const errors = compiled.diagnostics.filter((d) => d.file === file).map((d) => `line ${d.line}: ${d.message}`);
  expect(errors, `tsc --strict on ${name}.ts`).toEqual([]);
  const result = await runUserProgram(tsconfig, file, env, { timeoutMs: 30_000 });
  expect(result.stderr, `${name}.ts wrote to stderr`).toBe("");
  expect(result.code, `${name}.ts exit code`).toBe(0);
  return result;
}

describe("a user's first hour, in typed code", () => {
  it("type-checks every program under tsc --strict", () => {
    expect(compiled.diagnostics.length, compiled.output).toBe(0);
    expect(compiled.ok).toBe(true);
  });

  it("creates a project with only its name", async () => {
    const created = answerExample<Json>("/projects", "POST");
    const { stdout } = await run("create-project");
    expect(stdout).toBe(`created project ${created.id}, named ${created.name}\n`);
  });

  it("paginates a listing with typed items", async () => {
    const page = answerExample<Json>("/users", "GET");
    const { stdout } = await run("paginate-users");
    expect(stdout).toBe(`users: ${(page.users as Json[]).map((user) => user.email).join(", ")}\n`);
  });

  it("creates a log stream and walks the project's log streams page by page", async () => {
    const created = answerExample<Json>("/projects/{project_id}/log_streams", "POST");
    const page = answerExample<Json>("/projects/{project_id}/log_streams/paginated", "GET");
    const { stdout } = await run("log-streams");
    const listed = (page.log_streams as Json[]).map((logStream) => `${logStream.name} (${logStream.num_spans ?? "no count"} spans)`);
    expect(stdout).toBe(`created ${created.name}; log streams: ${listed.join(", ")}\n`);
  });

  it("uploads a file given as a Blob (the mock takes it)", async () => {
    const { stdout } = await run("upload-file");
    expect(stdout).toBe("uploaded 25 bytes\n");
  });

  it("uploads a file given as a Blob: the bytes go as a multipart file part", async () => {
    const server = await startServer((_req, res) => {
      res.writeHead(200, { "content-type": "application/json" }).end("{}");
    });
    servers.push(server);
    await run("upload-file", { SERVICE_API_URL: server.url, SERVICE_API_KEY: "first-hour-key" });
    expect(server.received).toHaveLength(1);
    const [request] = server.received;
    expect(request!.path).toBe("/projects/3fa85f64-5717-4562-b3fc-2c963f66afa6/upload_file");
    expect(request!.headers["content-type"]).toMatch(/^multipart\/form-data; boundary=/);
    expect(request!.body).toMatch(/Content-Disposition: form-data; name="file"; filename="[^"]*"\r\nContent-Type: text\/csv\r\n\r\ninput,output\nhello,world\n\r\n/);
    expect(request!.body).toMatch(/Content-Disposition: form-data; name="upload_metadata"\r\n\r\n\{"source":"first-hour"\}\r\n/);
  });

  it("imports ProjectDB by name from service-api/schema", async () => {
    const project = answerExample<Json>("/projects/{project_id}", "GET");
    const { stdout } = await run("import-model");
    expect(stdout).toBe(`${project.name} has ${(project.runs as Json[]).length} run(s)\n`);
  });

  it("reads the reason for a 422 in the error's message", async () => {
    const { stdout } = await run("validation-reason");
    const [kind, message] = stdout.split("\n");
    expect(kind).toBe("validation (HTTP 422)");
    expect(message).toMatch(/^POST \/signup_link failed with HTTP 422 Unprocessable Entity: query\.user_email: not a valid email$/);
  });

  it("sets a timeout on one call and gets a ServiceTimeoutError", async () => {
    // Answers, but only after 5 s: far beyond the call's 250 ms, well within the client's 30 s.
    const server = await startServer((_req, res) => {
      const timer = setTimeout(() => res.writeHead(200, { "content-type": "application/json" }).end('{"api_version":"1","message":"ok","version":"late"}'), 5_000);
      res.on("close", () => clearTimeout(timer));
    });
    servers.push(server);
    const { stdout } = await run("per-call-timeout", { SERVICE_API_URL: server.url });
    expect(stdout).toBe(`timed out: GET /v1/healthcheck: no complete answer from ${new URL(server.url).origin} within 250 ms (attempt 1)\n`);
    expect(server.received, "maxRetries: 0 sends the call once").toHaveLength(1);
  });

  it("logs a workflow with one step of each kind, narrowing each by its tag", async () => {
    const logged = answerExample<Json>("/observe/workflows", "POST");
    const { stdout } = await run("log-workflow");
    expect(stdout).toBe(`logged workflow(5 steps), retriever, llm(gpt-4o-mini), tool, chain, agent into project ${logged.project_name}\n`);
  });

  it("a step without its tag does not compile (@ts-expect-error) and the mock refuses it with 422", async () => {
    // tsc --strict passed (run() checks): the @ts-expect-error line really is an error, or tsc
    // would report the directive as unused.
    const { stdout } = await run("step-without-tag");
    expect(stdout).toBe("status 422, refused: true\n");
  });

  it("narrows a fetched integration by its tag and reads that kind's fields", async () => {
    const settings = answerExample<Json>("/integrations/{name}", "GET");
    const { stdout } = await run("narrow-integration");
    expect(stdout).toBe(`openai organization: ${settings.organization_id}\n`);
  });
});
