// verify's invalid requests (src/verify/invalid-requests.ts): against both mocks (mockService and
// Prism) every one is refused; against a loopback deployment, mockService behind a tampering
// server, that accepts one kind and answers 500 to another, verify names exactly those two and
// nothing the untampered deployment does not also show; and the requests are counted: the invalid
// ones add exactly the planned number, and the concurrency limit holds with them; and one answered
// 429 is retried as the client retries, ending as the refusal that follows; under --write, a create
// that accepts an invalid body is named and what it made is deleted through its delete link.
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { mockService } from "../../src/testing/mock-service.js";
import { contract, contractOperations } from "../../src/validation/contract.js";
import { runVerify } from "../../src/verify/command.js";
import type { Finding } from "../../src/verify/findings.js";
import { discoveryRules, inputsOf } from "../../src/verify/inputs.js";
import { invalidRequestsOf } from "../../src/verify/invalid-requests.js";
import { CANARY } from "../support/client-fakes.js";
import { startServer, type TestServer } from "../support/loopback-server.js";
import { readReport, type JsonReport } from "../support/verify-report.js";
import { parseXml, type XmlElement } from "../support/xml.js";
import { DEFAULT_DOCUMENT_PATHS } from "../../src/verify/options.js";

const prism = inject("prismUrl");
const scratch = mkdtempSync(path.join(os.tmpdir(), "service-api-verify-invalid-"));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

interface Run {
  readonly code: number;
  readonly stdout: string;
  readonly report: JsonReport;
}

async function verify(args: readonly string[], name: string, fetch?: typeof globalThis.fetch): Promise<Run> {
  let stdout = "";
  const json = path.join(scratch, `${name}.json`);
  const code = await runVerify(["verify", "--mock", "--json", json, ...args], {
    env: { SERVICE_API_KEY: CANARY.apiKey },
    stdout: { write: (text: string) => (stdout += text) },
    stderr: { write: (text: string) => (stdout += text) },
    ...(fetch ? { fetch } : {}),
  });
  return { code, stdout, report: readReport(json) };
}

const byKey = new Map(contractOperations(contract).map((operation) => [operation.key, operation]));

// The valid body verify sends comes from the contract alone (no listing is read for it).
const rules = discoveryRules(contract, []);

/** The invalid requests the contract plans for the operations a run called (those that answered). */
function planned(report: JsonReport): number {
  return report.operations
    .filter((result) => result.status !== null)
    .reduce((sum, result) => {
      const operation = byKey.get(result.operation)!;
      return sum + invalidRequestsOf(contract, operation, inputsOf(contract, operation, rules).body).length;
    }, 0);
}

const invalidOf = (report: JsonReport) => report.operations.flatMap((result) => (result.invalid ?? []).map((check) => ({ operation: result.operation, ...check })));
const tallyOf = (report: JsonReport) => report.coverage.invalidRequests;

/** mockService served on 127.0.0.1, its answers altered by `tamper` where it returns one (`forward` may send another body). */
function serve(
  tamper: (url: URL, forward: (url: URL, body?: string) => Promise<Response>, received: { readonly method: string; readonly body: string }) => Promise<Response> | undefined,
): Promise<TestServer> {
  const service = mockService();
  return startServer((_req, res, received) => {
    void (async () => {
      const headers = new Headers();
      for (const [name, value] of Object.entries(received.headers)) if (typeof value === "string") headers.set(name, value);
      const forward = (url: URL, body = received.body) => service.fetch(new Request(url, { method: received.method, headers, ...(body === "" ? {} : { body }) }));
      const url = new URL(received.path, "http://127.0.0.1");
      const answer = (await tamper(url, forward, received)) ?? (await forward(url));
      const out: Record<string, string> = {};
      answer.headers.forEach((value, name) => (out[name] = value));
      res.writeHead(answer.status, out);
      res.end(Buffer.from(await answer.arrayBuffer()));
    })();
  });
}

describe("verify's invalid requests against the mocks", () => {
  it("mockService refuses every one with 422, and the run sends as many as the contract plans", async () => {
    const deployment = await serve(() => undefined);
    try {
      const { report, stdout } = await verify(["--base-url", deployment.url], "mock-service");
      const checks = invalidOf(report);
      expect(checks.length).toBe(planned(report));
      expect(checks.length).toBeGreaterThan(100);
      expect(checks.filter((check) => check.outcome !== "refused")).toEqual([]);
      expect(new Set(checks.map((check) => check.status))).toEqual(new Set([422]));
      expect(new Set(checks.map((check) => check.kind))).toEqual(new Set(["missing-required", "wrong-type", "outside-enum", "not-a-uuid"]));
      // The read-only POSTs' bodies are among them.
      expect(new Set(checks.map((check) => check.in))).toEqual(new Set(["path", "query", "body"]));
      expect(tallyOf(report)).toMatchObject({ sent: checks.length, refused: checks.length, accepted: 0, serverErrors: 0, inconclusive: 0, other: 0 });
      expect(report.findings.filter((finding) => finding.invalid !== undefined)).toEqual([]);
      expect(stdout).toMatch(new RegExp(`^invalid requests \\(.*\\): ${checks.length} sent to \\d+ operations, ${checks.length} refused, 0 accepted, 0 answered 5xx, 0 inconclusive \\(401/403\\), 0 other$`, "m"));
    } finally {
      await deployment.close();
    }
  });

  // A hang guard far above a quiet run (10 s): Prism's first answers to a fresh process took 30 s
  // and more on a shared machine at a load of 20.
  it("Prism refuses every one with 422", { timeout: 240_000 }, async () => {
    const { report } = await verify(["--base-url", prism], "prism");
    const checks = invalidOf(report);
    expect(checks.length).toBe(planned(report));
    expect(checks.filter((check) => check.outcome !== "refused")).toEqual([]);
    expect(new Set(checks.map((check) => check.status))).toEqual(new Set([422]));
    expect(checks.some((check) => check.in === "body")).toBe(true);
  });
});

describe("verify against a deployment that accepts one kind of invalid request and answers 500 to another", () => {
  const enumValue = "service-api-verify-not-a-member";
  let clean: Run;
  let tampered: Run;
  let junit: XmlElement;
  beforeAll(async () => {
    const untouched = await serve(() => undefined);
    // GET /projects takes a `type` outside its enum (it answers as if none was sent); GET
    // /projects/{project_id} fails on a project id that is not a uuid.
    const broken = await serve((url, forward) => {
      if (url.pathname === "/projects" && url.searchParams.get("type") === enumValue) {
        const accepted = new URL(url);
        accepted.searchParams.delete("type");
        return forward(accepted);
      }
      if (url.pathname === "/projects/not-a-uuid") return Promise.resolve(Response.json({ detail: "Internal Server Error" }, { status: 500 }));
      return undefined;
    });
    try {
      clean = await verify(["--base-url", untouched.url], "clean");
      tampered = await verify(["--base-url", broken.url, "--junit", path.join(scratch, "tampered.xml")], "tampered");
      junit = parseXml(readFileSync(path.join(scratch, "tampered.xml"), "utf8"));
    } finally {
      await Promise.all([untouched.close(), broken.close()]);
    }
  });

  const key = (finding: Finding) => [finding.operation, finding.kind, finding.invalid ?? "", finding.location ?? ""].join(" ");

  it("names exactly the planted acceptance and the planted 500, each with its curl, and nothing the untampered deployment does not show", () => {
    const before = new Set(clean.report.findings.map(key));
    const added = tampered.report.findings.filter((finding) => !before.has(key(finding)));
    expect(added.map((finding) => ({ operation: finding.operation, kind: finding.kind, invalid: finding.invalid, severity: finding.severity }))).toEqual([
      { operation: "GET /projects", kind: "accepts-invalid", invalid: "outside-enum", severity: "error" },
      { operation: "GET /projects/{project_id}", kind: "server-error", invalid: "not-a-uuid", severity: "error" },
    ]);
    expect(added[0]!.curl).toContain(`type=${enumValue}`);
    expect(added[1]!.curl).toContain("/projects/not-a-uuid");
    // The invalid-input checks decide no operation's verdict; they fail the run.
    expect(tampered.report.operations.filter((result) => result.verdict === "fail").map((result) => result.operation)).toEqual(clean.report.operations.filter((result) => result.verdict === "fail").map((result) => result.operation));
    expect(tampered.code).toBe(1);
    expect(tallyOf(tampered.report)).toMatchObject({ accepted: 1, serverErrors: 1, refused: invalidOf(tampered.report).length - 2 });
  });

  it("prints them in a section of their own, and the verdict names them", () => {
    const section = tampered.stdout.slice(tampered.stdout.indexOf("Invalid input not refused (2;"));
    expect(section).toMatch(/^ {2}accepts-invalid {2}GET \/projects {2}HTTP 200 to an invalid request \(type=service-api-verify-not-a-member/m);
    expect(section).toMatch(/^ {2}server-error {2}GET \/projects\/\{project_id\} {2}HTTP 500 to an invalid request \(project_id=not-a-uuid/m);
    expect(tampered.stdout.split("\n")[0]).toContain("1 invalid request accepted; 1 invalid request answered with a server error");
  });

  it("gives JUnit a suite of invalid-input cases, failing the two", () => {
    const suite = junit.children.find((element) => element.attributes.name === "service-api verify: invalid input")!;
    expect(suite.attributes.failures).toBe("2");
    const failing = suite.children.filter((testcase) => testcase.children.some((child) => child.name === "failure")).map((testcase) => testcase.attributes.name);
    expect(failing).toEqual(["outside-enum GET /projects (query type)", "not-a-uuid GET /projects/{project_id} (path project_id)"]);
    expect(Number(suite.attributes.tests)).toBe(invalidOf(tampered.report).length);
  });
});

describe("the invalid requests are counted", () => {
  it("add exactly the planned count, and never more than --concurrency requests are in flight", async () => {
    const service = mockService();
    const counted = (limit: { inFlight: number; most: number; sent: number }) =>
      (async (input: Request | string | URL, init?: RequestInit) => {
        const request = new Request(input, init);
        // The deployment's own document is read beside the calls, outside their limit.
        const call = !(DEFAULT_DOCUMENT_PATHS as readonly string[]).includes(new URL(request.url).pathname);
        if (call) {
          limit.sent++;
          limit.most = Math.max(limit.most, ++limit.inFlight);
        }
        try {
          const answer = await service.fetch(request);
          // Held until the body is read, as the client reads it inside its slot.
          return new Response(await answer.arrayBuffer(), { status: answer.status, headers: answer.headers });
        } finally {
          if (call) limit.inFlight--;
        }
      }) as typeof fetch;
    const without = { inFlight: 0, most: 0, sent: 0 };
    const withInvalid = { inFlight: 0, most: 0, sent: 0 };
    const base = ["--base-url", "http://127.0.0.1:9", "--concurrency", "3"];
    const off = await verify([...base, "--no-negative"], "count-off", counted(without));
    const on = await verify(base, "count-on", counted(withInvalid));
    expect(tallyOf(off.report)).toBeUndefined();
    expect(off.stdout).toContain("invalid requests: none sent (--no-negative)");
    expect(withInvalid.sent - without.sent).toBe(planned(on.report));
    // The limit is reached, never passed, with the invalid requests as without them.
    expect([without.most, withInvalid.most]).toEqual([3, 3]);
  });
});

describe("an invalid request answered 429", () => {
  it("is retried as the client retries (Retry-After: 0), and ends as refused with the 422 that follows", async () => {
    const enumValue = "service-api-verify-not-a-member";
    let asked = 0;
    const deployment = await serve((url) => {
      if (url.pathname !== "/projects" || url.searchParams.get("type") !== enumValue) return undefined;
      asked++;
      return asked === 1 ? Promise.resolve(Response.json({ detail: "Too Many Requests" }, { status: 429, headers: { "retry-after": "0" } })) : undefined;
    });
    try {
      const { report } = await verify(["--base-url", deployment.url], "throttled");
      expect(asked).toBe(2);
      expect(invalidOf(report).filter((check) => check.operation === "GET /projects")).toEqual([expect.objectContaining({ kind: "outside-enum", status: 422, outcome: "refused" })]);
      expect(report.findings.filter((finding) => finding.invalid !== undefined)).toEqual([]);
      expect(tallyOf(report)).toMatchObject({ accepted: 0, serverErrors: 0, other: 0 });
    } finally {
      await deployment.close();
    }
  });
});

describe("verify --write against a deployment whose create accepts one invalid body", () => {
  it("names the acceptance, deletes what it created through the delete link, and lists it as deleted", async () => {
    const enumValue = "service-api-verify-not-a-member";
    const deletes: string[] = [];
    // POST /projects takes a `type` outside its enum, creating the project as if it were valid.
    const deployment = await serve((url, forward, received) => {
      if (received.method === "DELETE") deletes.push(url.pathname);
      if (received.method !== "POST" || url.pathname !== "/projects") return undefined;
      const body = JSON.parse(received.body) as Record<string, unknown>;
      return body.type === enumValue ? forward(url, JSON.stringify({ ...body, type: "prompt_evaluation" })) : undefined;
    });
    try {
      const { report, code } = await verify(["--base-url", deployment.url, "--write", "--only", "healthcheck"], "write-accepts");
      expect(code).toBe(1);
      expect(report.findings.map(({ operation, kind, invalid, location }) => ({ operation, kind, invalid, location }))).toEqual([
        { operation: "POST /projects", kind: "accepts-invalid", invalid: "outside-enum", location: "/body/type" },
      ]);
      expect(report.findings[0]!.curl).toContain(enumValue);
      const accepted = report.writes!.invalid!.filter((check) => check.outcome !== "refused");
      expect(accepted).toEqual([{ operation: "POST /projects", kind: "outside-enum", in: "body", parameter: "type", status: 200, outcome: "accepted" }]);
      // The chains' three creates, then the one the invalid body made, deleted through its link.
      const made = report.writes!.created;
      expect(made.map(({ operation, deleted }) => ({ operation, deleted }))).toEqual([
        { operation: "POST /projects", deleted: true },
        { operation: "POST /scorers", deleted: true },
        { operation: "POST /groups", deleted: true },
        { operation: "POST /projects", deleted: true },
      ]);
      expect(made[3]!.name).toMatch(/^service-api-verify-.*-createProject-invalid$/);
      expect(deletes).toContain(`/projects/${made[3]!.id}`);
      expect(deletes).toHaveLength(4);
    } finally {
      await deployment.close();
    }
  });
});
