// `service-api mock` in process, on a free loopback port: the contract's mock over HTTP, whose
// refusals name the real problem in the service's 422 shape and are printed where it runs; and
// `service-api verify --mock` against it with no credential at all. (From the packed tarball,
// as a user types both: test/consumers/mock-and-verify.test.ts.)
import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { isPortFree } from "../../scripts/lib/ports.mjs";
import { createServiceClient, unwrap } from "../../src/index.js";
import { MOCK_HELP, runMock } from "../../src/mock/command.js";
import { serveMock } from "../../src/mock/server.js";
import { mockService } from "../../src/testing.js";
import { contract } from "../../src/validation/contract.js";
import { runVerify } from "../../src/verify/command.js";

const PROJECT_ID = "a07d4e79-ce7a-4b32-82d3-54220604915f";

function output() {
  let text = "";
  return { write: (chunk: string) => (text += chunk), text: () => text };
}

/** `service-api mock` with `args`, until `stop()`; its output so far, and its exit code once stopped. */
function startMock(args: string[]) {
  const stdout = output();
  const stderr = output();
  const controller = new AbortController();
  const exited = runMock(["mock", ...args], { stdout, stderr }, controller.signal);
  return { stdout, stderr, exited, stop: () => (controller.abort(), exited) };
}

async function addressOf(mock: ReturnType<typeof startMock>): Promise<string> {
  // Printed once it listens; a usage error ends the run first.
  for (;;) {
    // The origin alone: a --base-path follows it.
    const found = /on (http:\/\/127\.0\.0\.1:\d+)\S* /.exec(mock.stdout.text());
    if (found) return found[1]!;
    const settled = await Promise.race([mock.exited, new Promise((resolve) => setTimeout(resolve, 10, "waiting"))]);
    if (settled !== "waiting") throw new Error(`the mock stopped (${String(settled)}): ${mock.stderr.text()}`);
  }
}

let mock: ReturnType<typeof startMock>;
let url: string;
beforeAll(async () => {
  mock = startMock(["--port", "0"]);
  url = await addressOf(mock);
});
afterAll(() => mock.stop());

describe("service-api mock", () => {
  it("prints its address on one line", () => {
    expect(mock.stdout.text()).toBe(`service-api mock: the contract's mock on ${url} (any credential is accepted; refused requests are printed here; Ctrl-C to stop)\n`);
  });

  it("answers an operation with the contract's example, a template with a trailing slash among them", async () => {
    const answer = await fetch(`${url}/projects/${PROJECT_ID}/training/${PROJECT_ID}/status/`, { headers: { "Service-API-Key": "any" } });
    expect(answer.status).toBe(200);
    const example = (contract.paths["/projects/{project_id}/training/{training_job_id}/status/"] as any).get.responses["200"].content["application/json"].example;
    expect(await answer.json()).toEqual(example);
  });

  it("refuses a bad request with the service's 422, naming the real problem, and prints it", async () => {
    const answer = await fetch(`${url}/projects/not-a-uuid`, { headers: { "Service-API-Key": "any" } });
    expect(answer.status).toBe(422);
    expect(await answer.json()).toEqual({ detail: [{ loc: ["path", "project_id"], msg: "not a valid uuid", type: "value_error" }] });
    expect(mock.stdout.text()).toContain("GET /projects/{project_id}: the service would answer HTTP 422 to this request: path.project_id: not a valid uuid\n");
  });

  it("gives unwrap the real reason, through the client", async () => {
    const client = createServiceClient({ baseUrl: url, auth: { apiKey: "any" } });
    await expect(unwrap(client.POST("/signup_link", { params: { query: { user_email: "not-an-email" } } }))).rejects.toThrow(
      /^POST \/signup_link failed with HTTP 422 Unprocessable Entity: query\.user_email: not a valid email/,
    );
  });

  it("answers a request without a credential with the contract's 401", async () => {
    const answer = await fetch(`${url}/projects/${PROJECT_ID}`);
    expect(answer.status).toBe(401);
    expect(answer.headers.get("www-authenticate")).not.toBeNull();
  });

  it("publishes the contract at /openapi.json, as the service publishes its own document", async () => {
    const answer = await fetch(`${url}/openapi.json`);
    expect(answer.headers.get("content-type")).toBe("application/json");
    expect(await answer.json()).toEqual(contract);
  });

  it("refuses a port in use, a bad port and a stray argument, saying what to pass", async () => {
    const port = new URL(url).port;
    for (const [args, message] of [
      [["--port", port], `service-api mock: 127.0.0.1:${port} is already in use; stop what holds it, or pass another --port (0 for any free port)\n`],
      [["--port", "http"], 'service-api mock: --port takes a port number from 1 to 65535 (or 0 for any free port), got "http"; for example --port 4011\n'],
      [["--port", "65536"], 'service-api mock: --port takes a port number from 1 to 65535 (or 0 for any free port), got "65536"; for example --port 4011\n'],
      [["--prot", "1"], "service-api mock: Unknown option '--prot'. Run service-api mock --help for the flags.\n"],
      [["extra"], 'service-api mock: unexpected argument "extra": mock takes flags only (see --help)\n'],
    ] as const) {
      const refused = startMock([...args]);
      expect(await refused.exited, args.join(" ")).toBe(2);
      expect(refused.stderr.text()).toBe(message);
    }
  });

  it("--help says what it serves and how to verify it", async () => {
    const help = startMock(["--help"]);
    expect(await help.exited).toBe(0);
    expect(help.stdout.text()).toBe(MOCK_HELP);
    expect(MOCK_HELP).toContain("service-api verify --base-url http://127.0.0.1:4010 --mock");
  });

  it("reports each violation once and then forgets it, with every recorded call, so a mock left running holds nothing", async () => {
    const service = mockService();
    const reported: string[] = [];
    const server = await serveMock(service, { host: "127.0.0.1", port: 0, onViolation: (violation) => reported.push(violation.message) });
    try {
      for (const id of ["first", "second"]) expect((await fetch(`${server.url}/projects/${id}`, { headers: { "Service-API-Key": "any" } })).status).toBe(422);
      expect(reported).toEqual([1, 2].map(() => "GET /projects/{project_id}: the service would answer HTTP 422 to this request: path.project_id: not a valid uuid"));
      expect([service.calls().length, service.violations.length]).toEqual([0, 0]);
    } finally {
      await server.close();
    }
  });

  it("stops when its signal aborts, and frees the port", async () => {
    const other = startMock(["--port", "0"]);
    const port = Number(new URL(await addressOf(other)).port);
    expect(await other.stop()).toBe(0);
    expect(await isPortFree(port)).toBe(true);
  });
});

describe("service-api verify --mock against it", () => {
  async function verify(args: string[]) {
    const stdout = output();
    const stderr = output();
    const code = await runVerify(["verify", "--base-url", url, ...args], { env: {}, stdout, stderr });
    return { code, stdout: stdout.text(), stderr: stderr.text() };
  }

  it("needs no credential: sends a placeholder, says so, and passes", async () => {
    const run = await verify(["--mock", "--only", "getProject,healthcheck"]);
    expect(run.stderr).toBe("");
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/^--mock: no credential given, so each call sends the placeholder API key "service-api-mock-placeholder" \(a mock checks that a credential is there, not that it is right\)\n/);
    expect(run.stdout).toMatch(/^verify: PASS$/m);
    expect(run.stdout).toMatch(/^verify: 2 of 2 selected of \d+ read-only operations checked .*: 2 passed, 0 failed, 0 skipped$/m);
    expect(run.stdout).toMatch(/^drift \(.*\): 0 breaking, 0 compatible, 0 operations only the deployment has;/m);
  });

  it("without --mock, still asks for a credential, and names --mock", async () => {
    const run = await verify(["--only", "healthcheck"]);
    expect(run.code).toBe(2);
    expect(run.stderr).toBe("service-api verify: no credentials: pass --api-key, or set SERVICE_API_KEY (or SERVICE_USERNAME and SERVICE_PASSWORD, or SERVICE_JWT); for a mock, pass --mock\n");
  });
});

/** The 404's detail for a known path under `prefix`, which the mock at `address` was not given. */
const advice = (address: string, prefix: string) =>
  `${prefix} is not part of the mock's base address ${address} (the contract's paths are directly under it): declare it, service-api mock --base-path ${prefix}, or take it off the address you call`;

describe("the mock's base address", () => {

  it("answers 404 to a known path under a prefix it was not given, saying to pass --base-path, and prints it", async () => {
    for (const [path, prefix] of [["/console/current_user", "/console"], ["/v1/current_user", "/v1"], ["/v2/current_user", "/v2"]] as const) {
      const answer = await fetch(`${url}${path}`, { headers: { "Service-API-Key": "any" } });
      expect([answer.status, await answer.json()], path).toEqual([404, { detail: advice(url, prefix) }]);
      expect(mock.stdout.text()).toContain(`GET ${path}: the service would answer HTTP 404 to this request: $: ${advice(url, prefix)}\n`);
    }
  });

  it("--base-path /v1 serves the contract's paths and its document below /v1, and nothing at the root", async () => {
    const versioned = startMock(["--port", "0", "--base-path", "/v1/"]);
    try {
      const root = await addressOf(versioned);
      expect(versioned.stdout.text()).toBe(`service-api mock: the contract's mock on ${root}/v1 (any credential is accepted; refused requests are printed here; Ctrl-C to stop)\n`);
      const client = createServiceClient({ baseUrl: `${root}/v1`, auth: { apiKey: "any" } });
      expect((await unwrap(client.GET("/current_user"))).email).toBe(mockService().example("CurrentUserDB").email);
      expect(await (await fetch(`${root}/v1/openapi.json`)).json()).toEqual(contract);
      const outside = await fetch(`${root}/current_user`, { headers: { "Service-API-Key": "any" } });
      expect([outside.status, await outside.json()]).toEqual([404, { detail: `${root}/current_user is outside the mock's base address ${root}/v1: call ${root}/v1/current_user` }]);
    } finally {
      await versioned.stop();
    }
  });

  it("refuses a --base-path that is not a path, saying what to pass", async () => {
    for (const given of ["http://127.0.0.1:4010/v1", "/v1?x=1"]) {
      const refused = startMock(["--base-path", given]);
      expect(await refused.exited, given).toBe(2);
      expect(refused.stderr.text()).toBe(`service-api mock: --base-path takes the path alone of the base address your client calls: /v1 for http://127.0.0.1:4010/v1; got ${JSON.stringify(given)}\n`);
    }
  });
});

describe("service-api verify --mock against a base address the mock does not serve", () => {
  async function verifyAt(baseUrl: string, args: string[] = []) {
    const stdout = output();
    const stderr = output();
    const code = await runVerify(["verify", "--base-url", baseUrl, "--mock", "--only", "getProject,healthcheck", ...args], { env: {}, stdout, stderr });
    return { code, stdout: stdout.text(), stderr: stderr.text() };
  }

  it("stops at the health check's 404 with a usage error that says why and what to change", async () => {
    const run = await verifyAt(`${url}/v1`);
    expect(run.code).toBe(2);
    expect(run.stderr).toBe(
      `service-api verify: ${url}/v1 is not the API's base address: GET /v1/healthcheck answered HTTP 404 (${advice(url, "/v1")}). Check --base-url (or SERVICE_API_URL): the contract's paths go directly under it.\n`,
    );
  });

  it("passes against the mock started with that --base-path", async () => {
    const versioned = startMock(["--port", "0", "--base-path", "/v1"]);
    try {
      const run = await verifyAt(`${await addressOf(versioned)}/v1`);
      expect(run.stderr).toBe("");
      expect(run.stdout).toMatch(/^verify: PASS$/m);
      expect(run.code).toBe(0);
    } finally {
      await versioned.stop();
    }
  });
});

describe("verify --mock's reproduce commands, with no key given", () => {
  it("carry the placeholder verify sent, so that pasted where SERVICE_API_KEY is unset they get the failing answer, not a 401", async () => {
    // A mock whose project is not there: verify fails the read ("a healthy read answers 2xx").
    const server = await serveMock(mockService({ "GET /projects/{project_id}": () => ({ status: 404 }) }), { host: "127.0.0.1", port: 0 });
    try {
      const stdout = output();
      const code = await runVerify(["verify", "--base-url", server.url, "--mock", "--only", "getProject"], { env: {}, stdout, stderr: output() });
      expect(code).toBe(1);
      const commands = [...stdout.text().matchAll(/^ +reproduce: (curl .*)$/gm)].map((found) => found[1]!);
      expect(commands[0]).toMatch(new RegExp(`^curl -sS -i -H 'Service-API-Key: service-api-mock-placeholder' '${server.url}/projects/[0-9a-f-]{36}'$`));
      const pasted = await promisify(execFile)("sh", ["-c", commands[0]!], { env: { PATH: process.env.PATH } });
      expect(pasted.stdout).toMatch(/^HTTP\/1\.1 404 /);
    } finally {
      await server.close();
    }
  });
});
