// `service-api verify` against a broken deployment, as a new user would meet one: a loopback
// server in front of the Prism mock that publishes release 1.513.0 with its agentic-workflow
// prompt template as 1.378.0 had it and breaks five answers: a missing field, a bad
// date, a 500, an HTML page where JSON belongs, and an operation that serves a call without a
// credential. Every report must lead with what is wrong: the terminal within 200 characters a
// line, the HTML page in order of harm, JUnit times a CI system can trust, the JSON report with
// its verdict at the top.
import { copyFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { runVerify } from "../../src/verify/command.js";
import { launchChromium } from "../support/chromium.js";
import { CANARY } from "../support/client-fakes.js";
import type { TestServer } from "../support/loopback-server.js";
import { release1513WithOldTemplate } from "../support/releases.js";
import { chromiumTool, missing } from "../support/system-tools.js";
import { readReport, type JsonReport } from "../support/verify-report.js";
import { parseXml, type XmlElement } from "../support/xml.js";
import packageJson from "../../package.json" with { type: "json" };
import { bundle } from "../support/bundle.js";
import { startTamperingProxy, type Tampering } from "./tampering-proxy.js";

const mock = inject("prismUrl");
const scratch = mkdtempSync(path.join(os.tmpdir(), "service-api-verify-broken-"));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

const PROJECT = /^\/projects\/[0-9a-f-]{36}$/;
const faults: Tampering[] = [
  { what: "getProject without created_by", method: "GET", path: PROJECT, alter: (status, { created_by: _dropped, ...rest }) => ({ status, body: rest }) },
  { what: "currentUser with a date that is none", method: "GET", path: /^\/current_user$/, alter: (status, body) => ({ status, body: { ...body, created_at: "last Tuesday" } }) },
  { what: "getRunTags answering 500", method: "GET", path: /^\/projects\/[^/]+\/runs\/[^/]+\/tags$/, alter: () => ({ status: 500, body: { detail: "Internal Server Error" } }) },
  { what: "getGroupRoles answering a login page", method: "GET", path: /^\/group_roles$/, when: (headers) => headers.has("service-api-key"), answer: { status: 200, contentType: "text/html; charset=utf-8", body: "<!doctype html><title>Sign in</title><form></form>" } },
  {
    what: "getCollaboratorRoles served without a credential",
    method: "GET",
    path: /^\/collaborator_roles$/,
    when: (headers) => !headers.has("service-api-key") && !headers.has("authorization"),
    setRequestHeaders: { "service-api-key": "planted-by-the-proxy" },
  },
];

interface Run {
  code: number;
  stdout: string;
  stderr: string;
  wallMs: number;
  /** The test's own clock when it called verify, in ms since the epoch. */
  startedAt: number;
}

describe("verify against a broken deployment", () => {
  let deployment: TestServer;
  let run: Run;
  let report: JsonReport & Record<string, unknown>;
  const json = path.join(scratch, "broken.json");
  const xml = path.join(scratch, "broken.xml");
  const html = path.join(scratch, "broken.html");
  beforeAll(async () => {
    deployment = await startTamperingProxy(mock, faults, release1513WithOldTemplate());
    let stdout = "";
    let stderr = "";
    const startedAt = Date.now();
    const started = performance.now();
    const code = await runVerify(["verify", "--base-url", deployment.url, "--mock", "--json", json, "--junit", xml, "--html", html], {
      env: { SERVICE_API_KEY: CANARY.apiKey },
      stdout: { write: (text: string) => (stdout += text) },
      stderr: { write: (text: string) => (stderr += text) },
    });
    run = { code, stdout, stderr, wallMs: performance.now() - started, startedAt };
    report = readReport(json) as JsonReport & Record<string, unknown>;
    // For a reviewer who asks (SERVICE_API_SCREENSHOTS=<folder>): the terminal with the run's wall time, and the reports.
    const shots = process.env.SERVICE_API_SCREENSHOTS;
    if (shots) {
      writeFileSync(path.join(shots, "verify-broken.txt"), `${stdout}\n(wall time ${(run.wallMs / 1000).toFixed(3)} s)\n`);
      for (const file of [json, xml]) copyFileSync(file, path.join(shots, path.basename(file)));
    }
  });
  afterAll(() => deployment.close());

  // The release is older than the client API document the contract takes 120 operations from, so
  // its drift holds more than the planted template (test/contract/verify-release.test.ts says
  // what): the counts are the report's, the template one of them.
  const breakingCount = () => report.findings.filter((finding) => finding.class !== undefined && finding.severity === "error").length;

  it("fails, and its first line names why, the security fault first", () => {
    expect(run.code).toBe(1);
    expect(report.findings.some((finding) => finding.class !== undefined && finding.message.startsWith("AgenticWorkflowSuccessTemplate:"))).toBe(true);
    expect(run.stdout.split("\n")[0]).toBe(`verify: FAIL (1 operation served a call without a valid credential; ${breakingCount()} breaking changes in the deployment's document; 5 operations failed)`);
  });

  it("prints no line wider than 200 characters but a curl command, and the template's change once", () => {
    const lines = run.stdout.trimEnd().split("\n");
    expect(lines.filter((line) => line.length > 200 && !line.trimStart().startsWith("reproduce: curl "))).toEqual([]);
    expect(lines.filter((line) => line.includes("AgenticWorkflowSuccessTemplate"))).toHaveLength(1);
    expect(run.stdout).toMatch(/^ +schema: \$\.created_at: .*date-time/m);
    expect(run.stdout).toMatch(/^ +content-type: /m);
  });

  it("keeps every finding whole in the JSON report, each answer finding with what to do", () => {
    const template = report.findings.find((finding) => finding.message.startsWith("AgenticWorkflowSuccessTemplate:"))!;
    expect(template.message.length).toBeGreaterThan(10_000);
    expect(template.alsoIn).toEqual(["CustomizedAgenticWorkflowSuccessGPTScorer.chainpoll_template"]);
    const answers = report.findings.filter((finding) => finding.class === undefined);
    expect(answers.map((finding) => finding.kind).sort()).toEqual(["auth-ignored", "content-type", "schema", "schema", "server-error"]);
    for (const finding of answers) expect(finding.advice, finding.kind).toMatch(/\w{3,}/);
  });

  it("opens the JSON report on its verdict and why, when it ran, and the versions compared", () => {
    const text = readFileSync(json, "utf8");
    expect(Object.keys(report).slice(0, 6)).toEqual(["verdict", "reason", "startedAt", "durationMs", "versions", "baseUrl"]);
    expect(report.verdict).toBe("fail");
    expect(report.reason).toBe(run.stdout.split("\n")[0]!.replace(/^verify: FAIL \((.*)\)$/, "$1"));
    // It started once the test called it.
    expect(Date.parse(report.startedAt)).toBeGreaterThanOrEqual(run.startedAt);
    expect(Number.isInteger(report.durationMs)).toBe(true);
    expect(report.versions).toEqual({ tool: packageJson.version, contract: bundle.info.version, deployment: "1.513.0" });
    // The sentences about the run are notes; warnings count the findings of severity warning.
    expect(report.notes).toEqual([]);
    expect(report).not.toHaveProperty("warnings");
    expect(report.summary.warnings).toBe(report.findings.filter((finding) => finding.severity === "warning").length);
    expect(text).not.toContain(CANARY.apiKey);
  });

  it("times JUnit as the JSON report does: the whole the run's wall time, a skipped case no call of its own", () => {
    const root = parseXml(readFileSync(xml, "utf8"));
    const [calls, drift] = root.children as [XmlElement, XmlElement];
    // The same run, timed once: the JSON rounds it to the millisecond, JUnit writes seconds.
    expect(Number(root.attributes.time) * 1000).toBeCloseTo(report.durationMs, -1);
    expect(Number(drift.attributes.time)).toBeGreaterThan(0);
    const skipped = calls.children.filter((testcase) => testcase.children.some((child) => child.name === "skipped"));
    expect(skipped).toHaveLength(3);
    for (const testcase of skipped) expect(testcase.attributes.time).toBe("0.000");
  });

  describe.skipIf(missing(chromiumTool))("the HTML page", () => {
    let page: Awaited<ReturnType<Awaited<ReturnType<typeof launchChromium>>["browser"]["newPage"]>>;
    let close: () => Promise<void>;
    beforeAll(async () => {
      const chromium = await launchChromium();
      close = chromium.close;
      page = await chromium.browser.newPage({ viewport: { width: 1280, height: 800 } });
      await page.goto(pathToFileURL(html).href);
      if (process.env.SERVICE_API_SCREENSHOTS) {
        await page.screenshot({ path: path.join(process.env.SERVICE_API_SCREENSHOTS, "verify-broken.png") });
        await page.screenshot({ path: path.join(process.env.SERVICE_API_SCREENSHOTS, "verify-broken-page.png"), fullPage: true });
      }
    });
    afterAll(() => close());

    it("names why it failed, as the terminal's first line does", async () => {
      expect(await page.locator("#verdict").innerText()).toBe(run.stdout.split("\n")[0]!.replace(/^verify: /, ""));
    });

    it("comes in order of harm, the credentials accepted and the failed answers on the first screen", async () => {
      const order = await page.locator("h2").evaluateAll((headings) => headings.map((heading) => heading.id));
      expect(order).toEqual(["credentials-heading", "failed-heading", "invalid-input-heading", "breaking-heading", "compatible-heading", "beyond-heading", "answer-warnings-heading", "known-heading", "differences-heading", "operations-heading"]);
      for (const id of ["#verdict", "#counts", "#credentials", "#failed-heading"]) {
        const box = (await page.locator(id).boundingBox())!;
        expect(box.y + box.height, `${id} is on the first screen`).toBeLessThanOrEqual(800);
      }
    });

    it("counts what each section holds, and labels the operations only the deployment has as such", async () => {
      const badges = await page.locator("#counts li").allInnerTexts();
      const rows = async (id: string) => page.locator(`#${id} tbody tr`).count();
      expect(badges).toContain(`${await rows("credentials")} operation served without a valid credential`);
      expect(badges).toContain(`${await rows("failed")} failed answers`);
      expect(badges).toContain(`${await rows("breaking")} breaking`);
      const compatible = /^Compatible changes in the deployment's document \((\d+)\)$/.exec(await page.locator("#compatible-heading").innerText())?.[1];
      expect(compatible).toBeDefined();
      expect(badges).toContain(`${compatible} compatible`);
      expect(badges).toContain("127 operations only the deployment has");
      expect(await page.locator("#beyond-heading").innerText()).toBe("Operations only the deployment has (127)");
      expect(await rows("credentials")).toBe(1);
      expect(await rows("breaking")).toBe(breakingCount());
    });

    it("says what to do for every answer finding, and shortens long values with the whole in a disclosure", async () => {
      for (const id of ["credentials", "failed", "answer-warnings"]) {
        for (const row of await page.locator(`#${id} tbody tr`).allInnerTexts()) expect(row).toContain("What to do: ");
      }
      const template = page.locator("#breaking tbody tr", { hasText: "AgenticWorkflowSuccessTemplate" });
      const message = report.findings.find((finding) => finding.message.startsWith("AgenticWorkflowSuccessTemplate:"))!.message;
      const visible = await template.locator("td").nth(3).evaluate((cell) => cell.firstChild!.textContent!);
      expect(visible).toMatch(/^AgenticWorkflowSuccessTemplate: 4 defaults changed .*metric_system_prompt: default "You will receive.*… \(4931 characters\) → .*\(2098 characters\)/);
      expect(message).not.toBe(visible);
      expect(await template.locator("details pre").textContent()).toBe(message);
    });

    it("lists the failed operations first", async () => {
      const verdicts = await page.locator("#operations tbody tr td:first-child").allInnerTexts();
      const failed = verdicts.filter((verdict) => verdict === "fail").length;
      expect(failed).toBe(5);
      expect(verdicts.slice(0, failed)).toEqual(Array(failed).fill("fail"));
    });
  });
});
