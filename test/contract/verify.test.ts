// `service-api verify` against the Prism mock (every reachable read-only operation passes, and
// nothing that changes state is sent) and against a proxy that plants faults (each is named, with
// its kind and operation, and nothing else is); --write chains that delete all they create;
// --replay; the HTML report in the headless browser; `validateResponses` on the same answers;
// and the exit code 2 cases. Every JSON report is held to src/verify/report.schema.json.
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import bundle from "../../generated/openapi.json" with { type: "json" };
import { freePort } from "../../scripts/lib/ports.mjs";
import { readsOnly } from "../../src/contract/openapi-document.js";
import { createServiceClient } from "../../src/index.js";
import { ResponseValidationError, validateResponses, type ResponseMismatchEvent } from "../../src/validate.js";
import { contract, contractOperations } from "../../src/validation/contract.js";
import { runVerify } from "../../src/verify/command.js";
import type { Finding } from "../../src/verify/findings.js";
import { discoveryRules, inputsOf } from "../../src/verify/inputs.js";
import { DEFAULT_DOCUMENT_PATHS } from "../../src/verify/options.js";
import { planVerify } from "../../src/verify/plan.js";
import { parseXml } from "../support/xml.js";
import type { Received, TestServer } from "../support/loopback-server.js";
import { CANARY } from "../support/client-fakes.js";
import { readReport, type JsonReport } from "../support/verify-report.js";
import { chromiumTool, missing } from "../support/system-tools.js";
import { launchChromium } from "../support/chromium.js";
import { startTamperingProxy, type Tampering } from "./tampering-proxy.js";

const mock = inject("prismUrl");
const scratch = mkdtempSync(path.join(os.tmpdir(), "service-api-verify-"));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

async function verify(args: string[], env: Record<string, string> = { SERVICE_API_KEY: CANARY.apiKey }, now?: Date): Promise<Run> {
  let stdout = "";
  let stderr = "";
  const code = await runVerify(["verify", ...args], {
    env,
    stdout: { write: (text: string) => (stdout += text) },
    stderr: { write: (text: string) => (stderr += text) },
    ...(now ? { now } : {}),
  });
  return { code, stdout, stderr };
}

// Each request a proxy received, as the contract's operation it calls ("GET /projects/{project_id}").
const templates = contractOperations(contract).map((operation) => ({
  operation,
  pattern: new RegExp(`^${operation.path.replace(/[.*+?^$()|[\]\\]/g, "\\$&").replace(/\{[^}]+\}/g, "[^/]+")}$`),
  literal: operation.path.split("/").filter((segment) => segment !== "" && !segment.startsWith("{")).length,
}));
function operationOf(received: Received) {
  const at = received.path.split("?")[0]!;
  // The most literal template wins (`/projects/all` over `/projects/{project_id}`).
  const matches = templates.filter((entry) => entry.operation.method === received.method && entry.pattern.test(at)).sort((a, b) => b.literal - a.literal);
  return matches[0]?.operation;
}

// What the contract alone says verify can reach: read-only, no side effect, every input findable.
const plan = planVerify(contract, [], []);
const rules = discoveryRules(contract, plan.readOnly);
const reachable = plan.readOnly.filter((operation) => !operation.sideEffect && inputsOf(contract, operation, rules).missing === undefined).map((o) => o.operationId);

describe("verify against the mock, through a proxy that records every request", () => {
  let recorder: TestServer;
  let run: Run;
  let report: JsonReport;
  let junit: string;
  beforeAll(async () => {
    recorder = await startTamperingProxy(mock, []);
    const json = path.join(scratch, "mock.json");
    const xml = path.join(scratch, "mock.xml");
    // --mock: Prism checks that a credential is there, not that it is right.
    run = await verify(["--base-url", recorder.url, "--mock", "--json", json, "--junit", xml]);
    report = readReport(json);
    junit = readFileSync(xml, "utf8");
  });
  afterAll(() => recorder.close());

  it("checks every reachable read-only operation, and each passes with no finding", () => {
    expect(run.stderr).toBe("");
    expect(run.code).toBe(0);
    const checked = report.operations.filter((o) => o.verdict !== "skip");
    expect(checked.map((o) => o.operationId).sort()).toEqual([...reachable].sort());
    expect(report.summary).toMatchObject({ checked: reachable.length, passed: reachable.length, failed: 0, readOnly: plan.readOnly.length, errors: 0, warnings: 0 });
    expect(report.findings).toEqual([]);
    // Prism serves the contract's operations only, not the document a deployment publishes.
    const tried = DEFAULT_DOCUMENT_PATHS.map((path) => `${recorder.url}${path} answered HTTP 404`);
    expect(report.notes).toEqual([`drift not checked: no OpenAPI document to compare where verify looked: ${tried.join("; ")} (name another with --openapi)`]);
    expect(report.drift).toEqual({
      source: `${recorder.url}/openapi.json`,
      compared: false,
      documents: DEFAULT_DOCUMENT_PATHS.map((path) => ({ address: `${recorder.url}${path}`, compared: false, reason: `${recorder.url}${path} answered HTTP 404` })),
    });
    expect(run.stdout).toContain(`verify: ${reachable.length} of ${plan.readOnly.length} read-only operations checked`);
  });

  it("calls each secured one again without a credential, and the mock refuses every such call", () => {
    // The operations open to anyone (security: []): the health checks, at each of their addresses,
    // and the logins. Only the health checks are read-only.
    const open = Object.values(bundle.paths as Record<string, Record<string, { operationId?: string; security?: unknown[] }>>)
      .flatMap((pathItem) => Object.values(pathItem))
      .filter((operation) => Array.isArray(operation.security) && operation.security.length === 0)
      .map((operation) => operation.operationId!);
    const secured = report.operations.filter((o) => o.verdict === "pass" && !open.includes(o.operationId));
    const openChecked = report.operations.filter((o) => open.includes(o.operationId));
    expect(openChecked.map((o) => o.operationId).sort()).toEqual(["healthcheck", "healthcheckUnversioned", "healthcheckV2"]);
    for (const operation of openChecked) expect(operation, operation.operation).not.toHaveProperty("probes");
    for (const operation of secured) expect(operation.probes, operation.operation).toEqual({ none: 401 });
    expect(report.coverage.authProbes).toEqual({ credentials: ["none"], operations: secured.length, refused: secured.length, accepted: 0 });
    const probes = recorder.received.filter((request) => request.headers["service-api-key"] === undefined && request.headers.authorization === undefined);
    expect(probes.length).toBeGreaterThanOrEqual(secured.length);
  });

  it("reports the coverage: operations checked, statuses and content types seen", () => {
    const count = (tally: Record<string, number>) => Object.values(tally).reduce((sum, n) => sum + n, 0);
    expect(report.coverage.operationsChecked).toBe(reachable.length);
    expect(report.coverage.statuses).toEqual({ "200": reachable.length });
    expect(count(report.coverage.contentTypes)).toBe(reachable.length);
    expect(Object.keys(report.coverage.contentTypes).sort()).toEqual(["application/json", "application/octet-stream"]);
    expect(run.stdout).toMatch(/^statuses seen: 200 ×\d+; content types seen: application\/json ×\d+, application\/octet-stream ×\d+$/m);
  });

  it("sends nothing that changes state: every request it made reads only, and none has a side effect", () => {
    expect(recorder.received.length).toBeGreaterThan(reachable.length);
    // Besides the contract's operations, one GET at each address the service publishes a document at (drift).
    const documentRequests = recorder.received.filter((request) => (DEFAULT_DOCUMENT_PATHS as readonly string[]).includes(request.path));
    expect(documentRequests.map((request) => `${request.method} ${request.path}`).sort()).toEqual(DEFAULT_DOCUMENT_PATHS.map((path) => `GET ${path}`).sort());
    const sent = recorder.received.filter((request) => !documentRequests.includes(request)).map((request) => {
      const operation = operationOf(request);
      expect(operation, `${request.method} ${request.path}`).toBeDefined();
      return operation!;
    });
    const changing = sent.filter((operation) => !readsOnly(operation.method, operation.operation) || operation.operation["x-side-effect"] !== undefined);
    expect(changing.map((operation) => operation.key)).toEqual([]);
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

describe("the wrong-credential probe", () => {
  it("fails an operation that takes a wrong key (as Prism does without --mock), with a curl that holds the wrong key and not the user's", async () => {
    const json = path.join(scratch, "wrong-key.json");
    const run = await verify(["--base-url", mock, "--only", "currentUser,getCollaboratorRoles", "--json", json]);
    expect(run.code).toBe(1);
    const report = readReport(json);
    expect(report.findings.map(({ operation, kind, severity }) => ({ operation, kind, severity }))).toEqual([
      { operation: "GET /collaborator_roles", kind: "auth-ignored", severity: "error" },
      { operation: "GET /current_user", kind: "auth-ignored", severity: "error" },
    ]);
    expect(report.findings[1]!.message).toBe("answered HTTP 200 with a wrong credential, where the contract requires a credential: it should refuse with 401 or 403");
    expect(report.findings[1]!.curl).toBe(`curl -sS -i -H 'Service-API-Key: service-api-verify-wrong-key' '${mock}/current_user'`);
    expect(report.operations.map((o) => o.probes)).toEqual([{ none: 401, wrong: 200 }, { none: 401, wrong: 200 }]);
    expect(report.notes).toEqual([expect.stringMatching(/^drift not checked: .*answered HTTP 404/), expect.stringMatching(/^every operation accepted a wrong credential: if this is a mock .*pass --mock/)]);
    expect(run.stdout + JSON.stringify(report)).not.toContain(CANARY.apiKey);
  });
});

const failing = () => tamperings.filter((tampering) => tampering.expect.severity === undefined);
const byOperationAndKind = (a: { operation: string; kind: string }, b: { operation: string; kind: string }) => `${a.operation} ${a.kind}`.localeCompare(`${b.operation} ${b.kind}`);

const PROJECT = /^\/projects\/[0-9a-f-]{36}$/; // a project id; not /projects/all
const internalError = (bundle.components.responses.InternalServerError.content["application/json"] as { example: unknown }).example;

// The faults planted in the mock's answers, each with the finding verify must give it: an error,
// which fails the operation, unless the contract leaves the thing optional.
const tamperings: (Tampering & { expect: { operation: string; kind: Finding["kind"]; severity?: "warning" } })[] = [
  {
    what: "getProject without created_by",
    method: "GET",
    path: PROJECT,
    alter: (status, { created_by: _dropped, ...rest }) => ({ status, body: rest }),
    expect: { operation: "GET /projects/{project_id}", kind: "schema" },
  },
  { what: "currentUser with a numeric email", method: "GET", path: /^\/current_user$/, alter: (status, body) => ({ status, body: { ...body, email: 42 } }), expect: { operation: "GET /current_user", kind: "schema" } },
  { what: "getGroupRoles answering 418", method: "GET", path: /^\/group_roles$/, alter: (_status, body) => ({ status: 418, body }), expect: { operation: "GET /group_roles", kind: "undocumented-status" } },
  {
    what: "getCollaboratorRoles answering 200 with no credential",
    method: "GET",
    path: /^\/collaborator_roles$/,
    when: (headers) => !headers.has("service-api-key") && !headers.has("authorization"),
    setRequestHeaders: { "service-api-key": "planted-by-the-proxy" },
    expect: { operation: "GET /collaborator_roles", kind: "auth-ignored" },
  },
  { what: "getAllModels answering 201, a success it does not declare", method: "GET", path: /^\/prompts\/models\/all$/, alter: (_status, body) => ({ status: 201, body }), expect: { operation: "GET /prompts/models/all", kind: "undocumented-status" } },
    // The contract declares Cache-Control: no-store on the token but cannot say the service always
  // sends it (no source does), so its absence is a warning.
  { what: "getToken without its Cache-Control", method: "GET", path: /^\/v1\/token$/, dropHeaders: ["cache-control"], expect: { operation: "GET /v1/token", kind: "header", severity: "warning" } },
  {
    what: "getRunTags answering 500 to a valid call",
    method: "GET",
    path: /^\/projects\/[^/]+\/runs\/[^/]+\/tags$/,
    alter: () => ({ status: 500, body: internalError }),
    expect: { operation: "GET /projects/{project_id}/runs/{run_id}/tags", kind: "server-error" },
  },
  {
    what: "getFeedbackTemplate with score constraints that lack max",
    method: "GET",
    path: /^\/projects\/[^/]+\/feedback\/templates\/[^/]+$/,
    alter: (status, body) => ({ status, body: { ...body, constraints: { feedback_type: "score", min: 1 } } }),
    expect: { operation: "GET /projects/{project_id}/feedback/templates/{template_id}", kind: "schema" },
  },
];

describe("verify against a deployment with planted faults", () => {
  let proxy: TestServer;
  let run: Run;
  let report: JsonReport;
  const json = path.join(scratch, "drift.json");
  const xml = path.join(scratch, "drift.xml");
  const html = path.join(scratch, "drift.html");
  beforeAll(async () => {
    proxy = await startTamperingProxy(mock, tamperings);
    run = await verify(["--base-url", proxy.url, "--mock", "--json", json, "--junit", xml, "--html", html, "--concurrency", "2"]);
    report = readReport(json);
  });
  afterAll(() => proxy.close());

  it("names each planted fault with its kind and operation, and nothing else, and exits 1", () => {
    expect(run.code).toBe(1);
    const found = (severity: string) => report.findings.filter((finding) => finding.severity === severity).map(({ operation, kind }) => ({ operation, kind }));
    const planted = failing().map(({ expect: { operation, kind } }) => ({ operation, kind }));
    const warned = tamperings.filter((tampering) => tampering.expect.severity === "warning").map(({ expect: { operation, kind } }) => ({ operation, kind }));
    expect(warned).toHaveLength(1);
    expect(found("error").sort(byOperationAndKind)).toEqual([...planted].sort(byOperationAndKind));
    expect(found("warning")).toEqual(warned);
    expect(report.summary).toMatchObject({ checked: reachable.length, failed: planted.length, passed: reachable.length - planted.length, errors: planted.length, warnings: 1 });
  });

  it("says what is wrong with each, in words and JSON paths", () => {
    const message = (operation: string) => report.findings.find((finding) => finding.operation === operation)!;
    expect(message("GET /projects/{project_id}")).toMatchObject({ message: "$.created_by: required property missing", location: "/created_by" });
    expect(message("GET /current_user")).toMatchObject({ message: "$.email: expected string, got integer", location: "/email" });
    expect(message("GET /group_roles").message).toBe("HTTP 418: status 418 is not declared for this operation (declared: 200, 401, 429, 500)");
    expect(message("GET /prompts/models/all").message).toBe("HTTP 201: status 201 is not declared for this operation (declared: 200, 401, 422, 429, 500)");
    expect(message("GET /collaborator_roles").message).toBe("answered HTTP 200 with no credential, where the contract requires a credential: it should refuse with 401 or 403");
    expect(message("GET /v1/token")).toMatchObject({ severity: "warning", message: "declared header Cache-Control is missing", location: "/headers/Cache-Control" });
    expect(message("GET /projects/{project_id}/runs/{run_id}/tags").message).toBe("HTTP 500: a server error on input the contract allows");
    expect(message("GET /projects/{project_id}/feedback/templates/{template_id}")).toMatchObject({ message: "$.constraints.max: required property missing", location: "/constraints/max" });
  });

  it("gives each failure a curl command that reproduces it, the credential as an environment variable", () => {
    for (const finding of report.findings) {
      expect(finding.curl, finding.operation).toMatch(new RegExp(`^curl -sS -i .*'${proxy.url.replace(/\./g, "\\.")}/[^']*'$`));
      if (finding.kind === "auth-ignored") expect(finding.curl).not.toContain("Service-API-Key");
      else expect(finding.curl).toContain(`-H "Service-API-Key: $SERVICE_API_KEY"`);
    }
    expect(run.stdout).toMatch(/^FAIL +200 +GET \/projects\/\{project_id\} +getProject\n +schema: \$\.created_by: required property missing\n +reproduce: curl -sS -i -H "Service-API-Key: \$SERVICE_API_KEY" 'http:\/\/127\.0\.0\.1:\d+\/projects\/[0-9a-f-]{36}'$/m);
  });

  it("writes the failures to JUnit, each test case's failure typed by its first finding's kind", () => {
    const suite = parseXml(readFileSync(xml, "utf8")).children[0]!;
    expect(suite.attributes.failures).toBe(String(failing().length));
    const failures = suite.children.flatMap((c) => c.children.filter((d) => d.name === "failure").map((d) => [c.attributes.name!.replace(/ \(\w+\)$/, ""), d.attributes.type]));
    expect(failures.sort()).toEqual(failing().map((t) => [t.expect.operation, t.expect.kind]).sort());
  });

  it("never writes the API key anywhere", () => {
    for (const text of [run.stdout, run.stderr, readFileSync(json, "utf8"), readFileSync(xml, "utf8"), readFileSync(html, "utf8")]) expect(text).not.toContain(CANARY.apiKey);
  });

  it("--replay runs again only the operations that failed, and finds the same faults", async () => {
    const before = proxy.received.length;
    const again = path.join(scratch, "replay.json");
    const replay = await verify(["--base-url", proxy.url, "--mock", "--replay", json, "--json", again]);
    expect(replay.code).toBe(1);
    const replayed = readReport(again);
    const failed = failing().map((t) => t.expect.operation);
    expect(replayed.operations.map((o) => o.operation).sort()).toEqual([...failed].sort());
    const errors = report.findings.filter((finding) => failed.includes(finding.operation));
    expect(replayed.findings.map(({ operation, kind }) => ({ operation, kind })).sort(byOperationAndKind)).toEqual(errors.map(({ operation, kind }) => ({ operation, kind })).sort(byOperationAndKind));
    // Only what the failed ones need: them, their probes, the listings that give their inputs, the health check.
    expect(proxy.received.length - before).toBeLessThan((before * 2) / 3);
  });

  it.skipIf(missing(chromiumTool))("writes an HTML report that opens in the headless browser with no request leaving the page", async () => {
    const { browser, close } = await launchChromium();
    try {
      const page = await browser.newPage();
      const file = pathToFileURL(html).href;
      // Every request the page makes is recorded; anything but the file itself is refused.
      const requests: string[] = [];
      const errors: string[] = [];
      await page.route("**/*", (route) => {
        requests.push(route.request().url());
        return route.request().url() === file ? route.continue() : route.abort();
      });
      page.on("pageerror", (error) => errors.push(String(error)));
      await page.goto(file);
      expect(await page.title()).toBe(`service-api verify: ${proxy.url}`);
      // Every answer finding in one of the answer sections: credentials accepted, failed answers, warnings.
      expect(await page.locator("#credentials tbody tr, #failed tbody tr, #answer-warnings tbody tr").count()).toBe(report.findings.length);
      expect(await page.locator("#operations tbody tr").count()).toBe(report.operations.length);
      expect(await page.locator("#failed").innerText()).toContain("$.created_by: required property missing");
      expect(requests).toEqual([file]);
      // Nothing to load even were the page's Content-Security-Policy to let it: no address at all.
      expect(readFileSync(html, "utf8")).not.toMatch(/\b(src|href|action)=|url\(|@import/);
      expect(errors).toEqual([]);
    } finally {
      await close();
    }
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

describe("verify --write against the mock", () => {
  let recorder: TestServer;
  let run: Run;
  let report: JsonReport;
  beforeAll(async () => {
    recorder = await startTamperingProxy(mock, []);
    const json = path.join(scratch, "write.json");
    run = await verify(["--base-url", recorder.url, "--mock", "--write", "--only", "healthcheck", "--json", json], undefined, new Date("2026-03-04T05:06:07.890Z"));
    report = readReport(json);
  });
  afterAll(() => recorder.close());

  it("runs each create → read → update → delete chain the contract's links describe, and each passes", () => {
    expect(run.code).toBe(0);
    expect(report.findings).toEqual([]);
    expect(report.writes!.chains.map((chain) => chain.steps.map((step) => `${step.operation} ${step.status} ${step.verdict}`))).toEqual([
      ["POST /projects 200 pass", "GET /projects/{project_id} 200 pass", "PUT /projects/{project_id} 200 pass", "DELETE /projects/{project_id} 200 pass"],
      ["POST /scorers 200 pass", "GET /scorers/{scorer_id} 200 pass", "PATCH /scorers/{scorer_id} 200 pass", "DELETE /scorers/{scorer_id} 200 pass"],
      ["POST /groups 200 pass", "GET /groups/{group_id} 200 pass", "PATCH /groups/{group_id} 200 pass", "DELETE /groups/{group_id} 200 pass"],
    ]);
  });

  it("names what it creates recognisably, and lists it as deleted", () => {
    expect(report.writes!.created).toEqual([
      { operation: "POST /projects", name: "service-api-verify-20260304t050607z-createProject", id: expect.any(String), deleted: true },
      { operation: "POST /scorers", name: "service-api-verify-20260304t050607z-createScorer", id: expect.any(String), deleted: true },
      { operation: "POST /groups", name: "service-api-verify-20260304t050607z-createGroup", id: expect.any(String), deleted: true },
    ]);
    // The chains' creates come first; the invalid bodies (each refused, so nothing made) after them.
    const creates = recorder.received.filter((request) => request.method === "POST" && ["/projects", "/scorers", "/groups"].includes(request.path)).slice(0, 3);
    expect(creates.map((request) => JSON.parse(request.body).name)).toEqual(report.writes!.created.map((thing) => thing.name));
    expect(run.stdout).toContain("--write: POST /projects created service-api-verify-20260304t050607z-createProject");
  });

  it("leaves nothing behind: every create is followed by the delete of what it created, and nothing else changes state", () => {
    const changing = recorder.received.filter((request) => {
      if ((DEFAULT_DOCUMENT_PATHS as readonly string[]).includes(request.path) && request.method === "GET") return false; // the deployment's own documents (drift)
      const operation = operationOf(request)!;
      return !readsOnly(operation.method, operation.operation);
    });
    const sequence = changing.map((request) => `${request.method} ${request.path}`);
    const [project, scorer, group] = report.writes!.created.map((thing) => thing.id);
    // Then the creates' invalid bodies, each refused with 422, so none is followed by a delete.
    const invalid = report.writes!.invalid!;
    expect(invalid.length).toBeGreaterThan(0);
    expect(invalid.filter((check) => check.status !== 422 || check.outcome !== "refused")).toEqual([]);
    expect(sequence).toEqual([
      "POST /projects",
      `PUT /projects/${project}`,
      `DELETE /projects/${project}`,
      "POST /scorers",
      `PATCH /scorers/${scorer}`,
      `DELETE /scorers/${scorer}`,
      "POST /groups",
      `PATCH /groups/${group}`,
      `DELETE /groups/${group}`,
      ...invalid.map((check) => check.operation),
    ]);
  });

  it("deletes what it created even when a step before the delete fails", async () => {
    const broken = await startTamperingProxy(mock, [{ what: "updateProject answering 500", method: "PUT", path: PROJECT, alter: () => ({ status: 500, body: internalError }) }]);
    try {
      const json = path.join(scratch, "write-broken.json");
      const failed = await verify(["--base-url", broken.url, "--mock", "--write", "--only", "healthcheck", "--json", json]);
      expect(failed.code).toBe(1);
      const result = readReport(json);
      expect(result.findings.map(({ operation, kind }) => ({ operation, kind }))).toEqual([{ operation: "PUT /projects/{project_id}", kind: "server-error" }]);
      expect(result.writes!.created.map((thing) => thing.deleted)).toEqual([true, true, true]);
      expect(broken.received.filter((request) => request.method === "DELETE").map((request) => request.path.split("/")[1])).toEqual(["projects", "scorers", "groups"]);
    } finally {
      await broken.close();
    }
  });
});

describe("verify's exit code 2", () => {
  it("on a --replay file that is no report, saying what to pass", async () => {
    const run = await verify(["--base-url", mock, "--replay", path.join(scratch, "no-such-report.json")]);
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/--replay .*no-such-report\.json: cannot read it \(ENOENT\); pass a report written by --json/);
  });

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
    expect(run.stderr).toContain("cannot reach http://127.0.0.1:1: GET /v1/healthcheck: the connection to http://127.0.0.1:1 failed before a complete answer arrived (bad port).");
  });

  it("without credentials, naming the flag and the variables", async () => {
    const run = await verify(["--base-url", mock], {});
    expect(run.code).toBe(2);
    expect(run.stderr).toContain("pass --api-key, or set SERVICE_API_KEY");
  });
});
