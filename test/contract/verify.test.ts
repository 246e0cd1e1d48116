// `service-api verify` against the Prism mock (every reachable read-only operation passes) and
// against a proxy that makes three answers drift from the contract (exactly those fail, with the
// right JSON paths); `validateResponses` on the same answers; and the exit code 2 cases.
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { freePort } from "../../scripts/lib/ports.mjs";
import { createServiceClient } from "../../src/index.js";
import { ResponseValidationError, validateResponses, type ResponseMismatchEvent } from "../../src/validate.js";
import { contract } from "../../src/validation/contract.js";
import { runVerify } from "../../src/verify/command.js";
import { discoveryRules, inputsOf } from "../../src/verify/inputs.js";
import { planVerify } from "../../src/verify/plan.js";
import { parseXml } from "../support/xml.js";
import type { TestServer } from "../support/loopback-server.js";
import { CANARY } from "../support/client-fakes.js";
import { startTamperingProxy, type Tampering } from "./tampering-proxy.js";

const mock = inject("prismUrl");
const scratch = mkdtempSync(path.join(os.tmpdir(), "service-api-verify-"));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

async function verify(args: string[], env: Record<string, string> = { SERVICE_API_KEY: CANARY.apiKey }): Promise<Run> {
  let stdout = "";
  let stderr = "";
  const code = await runVerify(["verify", ...args], {
    env,
    stdout: { write: (text: string) => (stdout += text) },
    stderr: { write: (text: string) => (stderr += text) },
  });
  return { code, stdout, stderr };
}

interface JsonReport {
  summary: { checked: number; passed: number; failed: number; skipped: number; readOnly: number };
  operations: { operation: string; operationId: string; status: number | null; verdict: string; problems: { path: string; message: string }[]; reason?: string }[];
}

// What the contract alone says verify can reach: read-only, no side effect, every input findable.
const plan = planVerify(contract, [], []);
const rules = discoveryRules(contract, plan.readOnly);
const reachable = plan.readOnly.filter((operation) => !operation.sideEffect && inputsOf(contract, operation, rules).missing === undefined).map((o) => o.operationId);

describe("verify against the mock", () => {
  let run: Run;
  let report: JsonReport;
  let junit: string;
  beforeAll(async () => {
    const json = path.join(scratch, "mock.json");
    const xml = path.join(scratch, "mock.xml");
    run = await verify(["--base-url", mock, "--json", json, "--junit", xml]);
    report = JSON.parse(readFileSync(json, "utf8"));
    junit = readFileSync(xml, "utf8");
  });

  it("checks every reachable read-only operation, and each passes", () => {
    expect(run.stderr).toBe("");
    expect(run.code).toBe(0);
    const checked = report.operations.filter((o) => o.verdict !== "skip");
    expect(checked.map((o) => o.operationId).sort()).toEqual([...reachable].sort());
    expect(report.summary).toMatchObject({ checked: reachable.length, passed: reachable.length, failed: 0, readOnly: plan.readOnly.length });
    expect(checked.filter((o) => o.verdict !== "pass")).toEqual([]);
    expect(run.stdout).toContain(`verify: ${reachable.length} of ${plan.readOnly.length} read-only operations checked`);
  });

  it("says why each of the others is skipped: the side effect, or the input it lacked", () => {
    const skipped = report.operations.filter((o) => o.verdict === "skip");
    expect(skipped).toHaveLength(plan.readOnly.length - reachable.length);
    for (const operation of skipped) {
      const planned = plan.readOnly.find((o) => o.operationId === operation.operationId)!;
      if (planned.sideEffect) expect(operation.reason).toBe(`not called: ${planned.sideEffect}`);
      else expect(operation.reason).toMatch(/^(no listing gives path parameter \w+|required query parameter \w+ has no example|required request body field \w+ has no example)/);
    }
    expect(skipped.filter((o) => o.reason?.startsWith("not called")).map((o) => o.operationId).sort()).toEqual(["generatePasswordResetEmail", "generatePasswordResetLink", "getPresignedUrl"]);
  });

  it("writes JUnit XML that parses, one test case per operation", () => {
    const root = parseXml(junit);
    const suite = root.children[0]!;
    expect(suite.attributes).toMatchObject({ tests: String(plan.readOnly.length), failures: "0", skipped: String(plan.readOnly.length - reachable.length) });
    expect(suite.children).toHaveLength(plan.readOnly.length);
  });

  it("never prints the API key", () => {
    for (const text of [run.stdout, run.stderr, JSON.stringify(report), junit]) expect(text).not.toContain(CANARY.apiKey);
  });
});

// Three answers drift: a required field dropped, a type changed, a status the contract does not declare.
const tamperings: Tampering[] = [
  {
    what: "getProject without created_by",
    method: "GET",
    path: /^\/projects\/[0-9a-f-]{36}$/, // a project id; not /projects/all
    alter: (status, { created_by: _dropped, ...rest }) => ({ status, body: rest }),
  },
  { what: "currentUser with a numeric email", method: "GET", path: /^\/current_user$/, alter: (status, body) => ({ status, body: { ...body, email: 42 } }) },
  { what: "getGroupRoles answering 418", method: "GET", path: /^\/group_roles$/, alter: (_status, body) => ({ status: 418, body }) },
];

describe("verify against a deployment that drifted", () => {
  let proxy: TestServer;
  beforeAll(async () => {
    proxy = await startTamperingProxy(mock, tamperings);
  });
  afterAll(() => proxy.close());

  it("fails exactly the altered operations, with their JSON paths, and exits 1", async () => {
    const json = path.join(scratch, "drift.json");
    const xml = path.join(scratch, "drift.xml");
    const run = await verify(["--base-url", proxy.url, "--json", json, "--junit", xml, "--concurrency", "2"]);
    expect(run.code).toBe(1);
    const report: JsonReport = JSON.parse(readFileSync(json, "utf8"));
    const failed = report.operations.filter((o) => o.verdict === "fail");
    expect(failed.map(({ operationId, status, problems }) => ({ operationId, status, problems }))).toEqual([
      { operationId: "getProject", status: 200, problems: [{ path: "$.created_by", message: "required property missing" }] },
      { operationId: "currentUser", status: 200, problems: [{ path: "$.email", message: "expected string, got integer" }] },
      {
        operationId: "getGroupRoles",
        status: 418,
        problems: [
          { path: "$", message: "HTTP 418: a healthy read answers 2xx" },
          { path: "$", message: "status 418 is not declared for this operation (declared: 200, 401, 429, 500)" },
        ],
      },
    ]);
    expect(report.summary).toMatchObject({ checked: reachable.length, failed: 3, passed: reachable.length - 3 });
    expect(run.stdout).toMatch(/^FAIL +200 +GET \/projects\/\{project_id\} +getProject\n +\$\.created_by: required property missing$/m);
    const suite = parseXml(readFileSync(xml, "utf8")).children[0]!;
    expect(suite.attributes.failures).toBe("3");
    const failures = suite.children.filter((c) => c.children.some((d) => d.name === "failure"));
    expect(failures.map((c) => c.attributes.name)).toEqual(["GET /projects/{project_id} (getProject)", "GET /current_user (currentUser)", "GET /group_roles (getGroupRoles)"]);
  });

  it("validateResponses warns on the same answers and hands the caller the body", async () => {
    const events: ResponseMismatchEvent[] = [];
    const client = createServiceClient({ baseUrl: proxy.url, auth: { apiKey: CANARY.apiKey } });
    client.use(validateResponses({ onMismatch: "warn", logger: (event) => events.push(event) }));
    const user = await client.GET("/current_user");
    expect(user.data?.email).toBe(42);
    expect(events).toEqual([expect.objectContaining({ operation: "GET /current_user", status: 200, problems: [{ path: "$.email", message: "expected string, got integer" }] })]);
    expect(events[0]!.message).toBe("GET /current_user answered HTTP 200, which does not match the contract: $.email: expected string, got integer");
  });

  it("validateResponses throws on each of them, naming operation, status and problems", async () => {
    const client = createServiceClient({ baseUrl: proxy.url, auth: { apiKey: CANARY.apiKey } });
    client.use(validateResponses({ onMismatch: "throw" }));
    const project = await client.GET("/projects/{project_id}", { params: { path: { project_id: "3fa85f64-5717-4562-b3fc-2c963f66afa6" } } }).catch((e: unknown) => e);
    expect(project).toBeInstanceOf(ResponseValidationError);
    expect(project).toMatchObject({ operation: "GET /projects/{project_id}", status: 200, problems: [{ path: "$.created_by", message: "required property missing" }] });
    const roles = await client.GET("/group_roles").catch((e: unknown) => e);
    expect(roles).toMatchObject({ name: "ResponseValidationError", operation: "GET /group_roles", status: 418 });
    expect(JSON.stringify(roles) + String(roles) + (roles as Error).stack).not.toContain(CANARY.apiKey);
  });

  it("validateResponses lets a good answer through untouched", async () => {
    const events: ResponseMismatchEvent[] = [];
    const plain = createServiceClient({ baseUrl: proxy.url, auth: { apiKey: CANARY.apiKey } });
    const checked = createServiceClient({ baseUrl: proxy.url, auth: { apiKey: CANARY.apiKey } });
    checked.use(validateResponses({ onMismatch: "throw" }), validateResponses({ logger: (event) => events.push(event) }));
    const expected = await plain.GET("/projects");
    const got = await checked.GET("/projects");
    expect(got.data).toEqual(expected.data);
    expect(got.response.status).toBe(200);
    expect(events).toEqual([]);
  });
});

describe("verify's exit code 2", () => {
  it("on a flag it does not know, saying where to look", async () => {
    const run = await verify(["--base-url", mock, "--bogus"]);
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/Unknown option '--bogus'.*--help/);
    expect(run.stdout).toBe("");
  });

  it("on an address where nothing listens, saying what to check and naming the system's code once", async () => {
    const port = (await freePort()) as number; // free a moment ago, so nothing listens there
    const run = await verify(["--base-url", `http://127.0.0.1:${port}`]);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain(`cannot reach http://127.0.0.1:${port}`);
    expect(run.stderr.match(/ECONNREFUSED/g), run.stderr).toHaveLength(1);
    expect(run.stderr).toContain("Check --base-url");
  });

  it("on a port fetch refuses to use, keeping the cause's words: there is no system code to say it", async () => {
    // Port 1 is on fetch's list of "bad ports": it fails before connecting, with no system code.
    const run = await verify(["--base-url", "http://127.0.0.1:1"]);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain("cannot reach http://127.0.0.1:1: GET /v1/healthcheck: the connection failed before a complete answer arrived (bad port).");
  });

  it("without credentials, naming the flag and the variables", async () => {
    const run = await verify(["--base-url", mock], {});
    expect(run.code).toBe(2);
    expect(run.stderr).toContain("pass --api-key, or set SERVICE_API_KEY");
  });
});
