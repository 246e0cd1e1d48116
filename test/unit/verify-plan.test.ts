// What `service-api verify` may call and how its command line is read: only operations that
// cannot change state, whatever the flags; flags checked with messages that say what to fix.
import { describe, expect, it } from "vitest";
import { contract, contractOperations } from "../../src/validation/contract.js";
import { DEFAULT_CONCURRENCY, parseVerifyArgs, UsageError } from "../../src/verify/options.js";
import { planVerify } from "../../src/verify/plan.js";
import { limiter } from "../../src/verify/run.js";
import { toJunit } from "../../src/verify/junit.js";
import { coverageOf, summarize, summaryLine, coverageNotes } from "../../src/verify/report.js";
import { formatTable } from "../../src/verify/terminal.js";
import { parseXml } from "../support/xml.js";

describe("the plan", () => {
  const plan = planVerify(contract, [], []);

  it("holds GETs and x-idempotent POSTs only, never a write or the signup link", () => {
    const all = contractOperations(contract);
    expect(plan.total).toBe(all.length);
    for (const operation of plan.readOnly) expect(operation.method === "GET" || operation.operation["x-idempotent"] === true).toBe(true);
    expect(plan.readOnly.length).toBe(all.filter((o) => o.method === "GET" || (o.method === "POST" && o.operation["x-idempotent"] === true)).length);
    expect(plan.readOnly.map((o) => o.operationId)).not.toContain("generateSignupLink");
  });

  it("marks the GETs with side effects from the contract's x-side-effect", () => {
    expect(plan.readOnly.filter((o) => o.sideEffect).map((o) => o.operationId).sort()).toEqual(["generatePasswordResetEmail", "generatePasswordResetLink", "getPresignedUrl"]);
  });

  it("selects by operationId or tag, and refuses a write or an unknown name", () => {
    expect(planVerify(contract, ["getProject", "groups"], []).selected.map((o) => o.operationId)).toEqual(["getProject", "getGroupRoles", "listGroups", "getGroup", "listGroupMembers"]);
    expect(planVerify(contract, [], ["insights"]).selected.some((o) => o.tag === "insights")).toBe(false);
    expect(() => planVerify(contract, ["generateSignupLink"], [])).toThrow(new UsageError("--only generateSignupLink: POST /signup_link can change state, and verify calls read-only operations only"));
    expect(() => planVerify(contract, [], ["getProjectz"])).toThrow(/--skip getProjectz: no read-only operation has that operationId or tag \(tags: health, auth, projects/);
  });
});

describe("the command line", () => {
  it("reads every flag", () => {
    const options = parseVerifyArgs(["verify", "--base-url", "https://api.acme.example", "--api-key", "k", "--concurrency", "2", "--only", "getProject,users", "--only", "groups", "--skip", "health", "--json", "r.json", "--junit", "r.xml", "--timeout-ms", "5000", "--html", "r.html", "--replay", "old.json", "--baseline", "known.json", "--openapi", "/openapi.json", "--openapi", "./client.json", "--verbose", "--write", "--mock", "--no-negative"]);
    expect(options).toEqual({
      baseUrl: "https://api.acme.example",
      consoleUrl: undefined,
      apiKey: "k",
      concurrency: 2,
      invalid: false,
      only: ["getProject", "users", "groups"],
      skip: ["health"],
      jsonFile: "r.json",
      junitFile: "r.xml",
      htmlFile: "r.html",
      replayFile: "old.json",
      baselineFile: "known.json",
      openapi: ["/openapi.json", "./client.json"],
      verbose: true,
      write: true,
      mock: true,
      timeoutMs: 5000,
      help: false,
    });
    expect(parseVerifyArgs(["verify"])).toMatchObject({ write: false, mock: false, openapi: [] });
    expect(parseVerifyArgs(["verify"]).concurrency).toBe(DEFAULT_CONCURRENCY);
  });

  it.each([
    [["verify", "--concurrency", "0"], "--concurrency takes a whole number from 1 to 64"],
    [["verify", "--concurrency", "many"], "--concurrency takes a whole number from 1 to 64"],
    [["verify", "--bogus"], "Unknown option '--bogus'. Run service-api verify --help for the flags."],
    [["check"], 'unknown command "check": the commands are service-api verify and service-api mock'],
    // Verify once ran with no command; now the word is required, and the refusal shows it.
    [["--base-url", "https://api.acme.example"], "verify runs only by its name: write service-api verify --base-url …"],
    [[], "verify runs only by its name: write service-api verify --base-url …"],
    [["verify", "--api-key", ""], "--api-key is empty: pass the key, or leave the flag out and set SERVICE_API_KEY"],
    [["verify", "--json"], "Option '--json <value>' argument missing"],
    [["verify", "--html", ""], "--html needs a value"],
    [["verify", "--openapi", "./client.json", "--openapi", ""], "--openapi needs a value each time it is given"],
  ])("refuses %j", (argv, message) => {
    expect(() => parseVerifyArgs(argv)).toThrow(UsageError);
    expect(() => parseVerifyArgs(argv)).toThrow(message);
  });

  it("never repeats the API key in a refusal", () => {
    const key = "canary-key-in-argv-91c2";
    expect(() => parseVerifyArgs(["verify", "--api-key", key, "--concurrency", key])).toThrow(/^(?!.*canary-key)/s);
  });
});

describe("the reports", () => {
  const schemaError = { operation: "GET /b/{id}", kind: "schema" as const, severity: "error" as const, message: '$.x["<&>"]: expected string, got integer', location: "/x/<&>", curl: "curl -sS -i 'http://127.0.0.1:1/b/7'" };
  const missingHeader = { operation: "GET /b/{id}", kind: "header" as const, severity: "warning" as const, message: "declared header Retry-After is missing", location: "/headers/Retry-After" };
  const results = [
    { operation: "GET /a", operationId: "getA", tag: "t", status: 200, contentType: "application/json", verdict: "pass" as const, findings: [], durationMs: 3 },
    { operation: "GET /b/{id}", operationId: "getB", tag: "t", status: 200, contentType: "application/json", verdict: "fail" as const, findings: [missingHeader, schemaError], durationMs: 4 },
    { operation: "GET /c", operationId: "getC", tag: undefined, status: null, contentType: null, verdict: "skip" as const, findings: [], reason: "no value for c_id", durationMs: 0 },
  ];
  const summary = summarize(results, { operations: 10, readOnly: 3 });
  const coverage = coverageOf(results, ["none"]);

  it("counts and words the summary, with the coverage", () => {
    expect(summary).toEqual({ operations: 10, readOnly: 3, selected: 3, checked: 2, passed: 1, failed: 1, skipped: 1, errors: 1, warnings: 1 });
    expect(summaryLine(summary)).toBe("verify: 2 of 3 read-only operations checked (67% coverage; the contract has 10 operations): 1 passed, 1 failed, 1 skipped");
    expect(summaryLine(summary, coverage).split("\n").slice(1)).toEqual(["statuses seen: 200 ×2; content types seen: application/json ×2", "auth probes: none made", "invalid requests: 0 sent to 0 operations, 0 refused, 0 accepted, 0 answered 5xx, 0 inconclusive (401/403), 0 other"]);
  });

  it("lists a failure's errors before its warnings, with the curl that reproduces it", () => {
    expect(formatTable(results)).toContain(
      "FAIL     200     GET /b/{id}  getB\n" +
        '         schema: $.x["<&>"]: expected string, got integer\n' +
        "         header (warning): declared header Retry-After is missing\n" +
        "         reproduce: curl -sS -i 'http://127.0.0.1:1/b/7'",
    );
  });

  it("warns when most answers are refusals or 404s, and not otherwise", () => {
    const statuses = (counts: Record<string, number>) => coverageNotes({ ...coverage, statuses: counts });
    expect(statuses({ "200": 5, "401": 3, "403": 3 })).toEqual([expect.stringMatching(/^6 of 11 answers were 401\/403: the credential lacks rights/)]);
    expect(statuses({ "200": 2, "404": 3 })).toEqual([expect.stringMatching(/^3 of 5 answers were 404: the deployment has little data/)]);
    expect(statuses({ "200": 3, "404": 2, "401": 1 })).toEqual([]);
  });

  it("writes JUnit that parses, escaping what XML cannot carry as is", () => {
    const root = parseXml(toJunit({ baseUrl: "http://127.0.0.1:1", summary, coverage, notes: [], findings: [missingHeader, schemaError], differences: [], operations: results, drift: { source: "http://127.0.0.1:1/openapi.json", compared: false, documents: [] }, run: { startedAt: "2026-11-28T04:00:00.000Z", durationMs: 2_500, callsMs: 2_000, driftMs: 300, tool: "0.2.0", contract: "1.378.0" }, deploymentVersion: undefined }));
    const cases = root.children[0]!.children;
    expect(cases.map((c) => [c.attributes.name, c.children.map((d) => d.name)])).toEqual([
      ["GET /a (getA)", []],
      ["GET /b/{id} (getB)", ["failure"]],
      ["GET /c (getC)", ["skipped"]],
    ]);
    expect(cases[1]!.children[0]!.attributes).toMatchObject({ message: 'schema: $.x["<&>"]: expected string, got integer', type: "schema" });
    // The suite takes the calls' wall time and the whole the run's, whatever its cases add up to.
    expect(root.attributes.time).toBe("2.500");
    expect(root.children[0]!.attributes.time).toBe("2.000");
    expect(cases.map((c) => c.attributes.time)).toEqual(results.map((result) => (result.durationMs / 1000).toFixed(3)));
  });

  it("the XML check itself refuses what is not well-formed", () => {
    expect(() => parseXml('<a><b x="1"></a>')).toThrow(/closes <b>/);
    expect(() => parseXml("<a>&</a>")).toThrow(/bare &/);
    expect(() => parseXml("<a x=1/>")).toThrow(/not closed/);
  });
});

describe("the concurrency cap", () => {
  it("never runs more than its size at once", async () => {
    const limit = limiter(2);
    let running = 0;
    let most = 0;
    await Promise.all(
      Array.from({ length: 8 }, () =>
        limit(async () => {
          most = Math.max(most, ++running);
          await new Promise((resolve) => setTimeout(resolve, 5));
          running--;
        }),
      ),
    );
    expect(most).toBe(2);
  });
});
