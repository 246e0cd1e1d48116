// `service-api verify` against a loopback deployment that publishes the service's real release
// 1.513.0 at /openapi.json (reference/openapi-1.513.0.json, the release the contract follows: the
// record's `release`), as a new user would run it. The Prism mock answers the calls; the proxy in front of it
// publishes the release and, as such a deployment does, sends no WWW-Authenticate on its 401s.
// The contract takes the operations the client API document publishes from that newer document
// (CONTRIBUTING, "The scope"), so a deployment that publishes the release alone is older than the
// contract there. The honest answer: the six genuine differences, each explained, and beyond them
// only the newer document's word (on an operation the contract takes from it, or at a place where
// a schema both documents share takes the client document's wider form, recorded); the contract's
// other recorded differences listed apart; and a run that passes once the first run's report is
// its baseline.
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { runVerify } from "../../src/verify/command.js";
import { differenceRecord } from "../../src/verify/differences.js";
import { operationsOf } from "../../src/contract/openapi-document.js";
import { readDocuments, scopeDocument, shapeOf } from "../../scripts/lib/scope-document.js";
import { bundle } from "../support/bundle.js";
import { launchChromium } from "../support/chromium.js";
import { CANARY } from "../support/client-fakes.js";
import type { TestServer } from "../support/loopback-server.js";
import { chromiumTool, missing } from "../support/system-tools.js";
import { readReport, type JsonReport } from "../support/verify-report.js";
import { parseXml } from "../support/xml.js";
import { startTamperingProxy } from "./tampering-proxy.js";

const mock = inject("prismUrl");
const scratch = mkdtempSync(path.join(os.tmpdir(), "service-api-verify-release-"));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));
const release = JSON.parse(readFileSync(new URL(`../../reference/openapi-${differenceRecord.release}.json`, import.meta.url), "utf8"));
const scope = scopeDocument(readDocuments(), operationsOf(bundle));
/** Whether the scope takes an operation ("METHOD /path") from the client API document. */
const fromClient = (operation: string) => {
  const [method, at] = operation.split(" ") as [string, string];
  return scope.sideOf.get(shapeOf(method, at)) === "client";
};
const GENUINE = / \(recorded difference: (brief-parameter|inferred-operation|older-client-operation)\)$/;
const WIDER = / \(recorded difference: (shared-wider|shared-union)\)$/;
/** The recorded reasons listed apart, as information, against the release. */
const INFORMATION = ["cookie-parameter", "error-answers", "file-answers", "multipart-not-null", "shared-union", "shared-wider", "tags-required"];

async function verify(args: string[]) {
  let stdout = "";
  let stderr = "";
  const code = await runVerify(["verify", ...args], {
    env: { SERVICE_API_KEY: CANARY.apiKey },
    stdout: { write: (text: string) => (stdout += text) },
    stderr: { write: (text: string) => (stderr += text) },
  });
  return { code, stdout, stderr };
}

describe(`verify against a loopback deployment publishing release ${differenceRecord.release}`, () => {
  let deployment: TestServer;
  let first: Awaited<ReturnType<typeof verify>>;
  let report: JsonReport;
  const json = path.join(scratch, "release.json");
  const xml = path.join(scratch, "release.xml");
  const html = path.join(scratch, "release.html");
  beforeAll(async () => {
    const noChallenge = ["GET", "POST"].map((method) => ({ what: "401s without WWW-Authenticate", method, path: /./, dropHeaders: ["www-authenticate"] }));
    deployment = await startTamperingProxy(mock, noChallenge, release);
    first = await verify(["--base-url", deployment.url, "--mock", "--json", json, "--junit", xml, "--html", html]);
    report = readReport(json);
    if (process.env.SERVICE_API_SCREENSHOTS) (await import("node:fs")).writeFileSync(path.join(process.env.SERVICE_API_SCREENSHOTS, "verify-release.txt"), first.stdout);
  });
  afterAll(() => deployment.close());

  const breakingOf = (of: JsonReport) => of.findings.filter((finding) => finding.class !== undefined && finding.severity === "error");

  it("finds as breaking drift the six genuine differences, each explained, and otherwise only the client API document's newer word, and nothing about uuid4", () => {
    const breaking = breakingOf(report);
    const genuine = breaking.filter((finding) => GENUINE.test(finding.message));
    expect(genuine.map((finding) => `${finding.kind} ${finding.operation}`).sort()).toEqual([
      "operation-removed GET /integrations/databricks/clusters",
      "operation-removed GET /integrations/databricks/sql_warehouses",
      "operation-removed GET /projects/{project_id}/runs/{run_id}/prompts/download_prompt_dataset",
      "operation-removed GET /projects/{project_id}/runs/{run_id}/prompts/rows/columnar",
      "operation-removed POST /projects/{project_id}/prompts/calculate_cost",
      "parameter-changed POST /signup_link",
    ]);
    for (const finding of genuine) {
      expect(finding.why!.length).toBeGreaterThan(40);
      expect(finding.advice).toBeTruthy();
    }
    // The rest: a recorded wider form, or a change on operations the contract takes from the newer document.
    const newer = breaking.filter((finding) => !GENUINE.test(finding.message));
    expect(newer.length).toBeGreaterThan(0);
    const unexplained = newer.filter((finding) => !WIDER.test(finding.message) && !(finding.operations ?? [finding.operation]).every((operation) => fromClient(operation!)));
    expect(unexplained.map((finding) => `${finding.operation} ${finding.message}`)).toEqual([]);
    // Among them, the operations the client document adds that the release does not publish.
    const removed = newer.filter((finding) => finding.kind === "operation-removed").map((finding) => finding.operation!);
    expect(removed).toContain("POST /templates");
    expect(removed.every(fromClient)).toBe(true);
    expect(JSON.stringify(report.findings)).not.toContain("uuid4");
    expect(first.code).toBe(1);
  });

  it("lists every recorded difference apart, as information, and the operations only the deployment has as one finding", () => {
    const reasons = new Set(report.differences.map((difference) => difference.reason));
    expect([...reasons].sort()).toEqual(INFORMATION);
    // Only recorded places, and every place recorded against the release for a reason that is
    // information there (a recorded wider form a caller could send stays a finding).
    const placeOf = (difference: { schema?: string; within?: string; where?: string }) => (difference.schema !== undefined ? `${difference.schema}${difference.within}` : difference.where!);
    const places = new Set(report.differences.map((difference) => difference.place));
    const recordPlaces = new Set(differenceRecord.differences.map(placeOf));
    expect([...places].filter((place) => !recordPlaces.has(place))).toEqual([]);
    const againstRelease = differenceRecord.differences.filter((difference) => difference.document === `openapi-${differenceRecord.release}.json` && ["cookie-parameter", "error-answers", "file-answers", "multipart-not-null", "tags-required"].includes(difference.reason));
    expect(againstRelease.map(placeOf).filter((place) => !places.has(place))).toEqual([]);
    const added = report.findings.filter((finding) => finding.kind === "operation-added");
    expect(added).toHaveLength(1);
    // None under the contract's groups: POST /refresh_token, the one the contract leaves out, is recorded (cookie-parameter).
    expect(added[0]!.operations).toHaveLength(127);
    expect(added[0]!.message).toMatch(/^the deployment's document has 127 operations the contract lacks: 127 under other groups \(.+\)$/);
  });

  it("tells the missing optional header once, with its count", () => {
    const header = report.findings.filter((finding) => finding.kind === "header");
    expect(header).toHaveLength(1);
    expect(header[0]).toMatchObject({ severity: "warning", message: "declared header WWW-Authenticate is missing", location: "/headers/WWW-Authenticate" });
    expect(header[0]!.count).toBeGreaterThan(100);
  });

  it("opens the terminal output on the verdict and the counts, each breaking change an entry of its own", () => {
    const lines = first.stdout.trimEnd().split("\n");
    const count = breakingOf(report).length;
    expect(lines[0]).toBe(`verify: FAIL (${count} breaking changes in the deployment's document)`);
    expect(lines.filter((line) => /^ {2}breaking-for-(callers|readers) {2}/.test(line))).toHaveLength(count);
    expect(lines[2]).toMatch(/^statuses seen: /);
    expect(lines[4]).toMatch(/^invalid requests \(.*\): \d+ sent to \d+ operations, (\d+) refused, 0 accepted, 0 answered 5xx, /);
    expect(lines[5]).toMatch(new RegExp(`^drift \\(${deployment.url}/openapi\\.json\\): ${count} breaking, \\d+ compatible, 127 operations only the deployment has; ${report.differences.length} recorded differences where the contract is stricter or says more \\(information\\)$`));
    expect(first.stdout).toMatch(/^ +breaking-for-callers +parameter-changed +POST \/signup_link +query parameter scope: removed \(recorded difference: brief-parameter\) → stop sending it; the deployment may ignore or refuse it$/m);
    expect(first.stdout).toMatch(/^ +inferred-operation: The contract infers this operation's path/m);
    expect(first.stdout).toMatch(/^ +warning header: declared header WWW-Authenticate is missing \(×\d+, \d+ operations\)$/m);
    expect(first.stdout).toMatch(/^ +recorded differences, by reason: cookie-parameter ×1, error-answers ×5, file-answers ×1, multipart-not-null ×2, shared-union ×\d+, shared-wider ×\d+, tags-required ×\d+$/m);
  });

  it("prints what the verify guide's example shows: each line of it not cut short (…), with the guide's address for the deployment's", () => {
    const readme = readFileSync(new URL("../../docs/verify.md", import.meta.url), "utf8");
    const example = /```text\n(verify: FAIL[\s\S]*?)```/.exec(readme)![1]!;
    const output = first.stdout.replaceAll(deployment.url, "https://api.acme.example");
    const whole = example.split("\n").filter((line) => line.trim() !== "" && !line.includes("…"));
    expect(whole.length).toBeGreaterThan(8);
    for (const line of whole) expect(output.split("\n"), line).toContain(line);
  });

  it("groups JUnit the same way: a failing case per breaking change, a case per reason of recorded difference", () => {
    const suites = parseXml(readFileSync(xml, "utf8")).children;
    const drift = suites.find((suite) => suite.attributes.name === "service-api verify: drift")!;
    expect(drift.attributes.failures).toBe(String(breakingOf(report).length));
    const names = drift.children.map((testcase) => testcase.attributes.name!);
    expect(names.filter((name) => name.startsWith("recorded difference: ")).sort()).toEqual([
      "recorded difference: cookie-parameter (×1)",
      "recorded difference: error-answers (×5)",
      "recorded difference: file-answers (×1)",
      "recorded difference: multipart-not-null (×2)",
      expect.stringMatching(/^recorded difference: shared-union \(×\d+\)$/),
      expect.stringMatching(/^recorded difference: shared-wider \(×\d+\)$/),
      expect.stringMatching(/^recorded difference: tags-required \(×\d+\)$/),
    ]);
  });

  it("passes against the same deployment with the first run's report as its baseline, and still fails on a new change", async () => {
    const again = await verify(["--base-url", deployment.url, "--mock", "--baseline", json, "--json", path.join(scratch, "again.json")]);
    const count = breakingOf(report).length;
    expect(again.stdout.split("\n")[0]).toBe(`verify: PASS (${count} breaking changes in the deployment's document; ${count} of the errors known from the baseline)`);
    expect(again.code).toBe(0);
    const changed = structuredClone(release);
    delete changed.components.schemas.ProjectDB.properties.bookmark;
    const other = await startTamperingProxy(mock, [], changed);
    try {
      const later = await verify(["--base-url", other.url, "--mock", "--only", "healthcheck", "--baseline", json]);
      expect(later.code).toBe(1);
      expect(later.stdout).toMatch(/^ +breaking-for-readers +field-changed +GET \/projects.* +ProjectDB\.bookmark: removed → stop reading it$/m);
    } finally {
      await other.close();
    }
  });

  it("refuses a --baseline that is not a report, saying how to fix it", async () => {
    const run = await verify(["--base-url", deployment.url, "--baseline", path.join(scratch, "nothing.json")]);
    expect(run.code).toBe(2);
    expect(run.stderr).toBe(`service-api verify: --baseline ${path.join(scratch, "nothing.json")}: cannot read it (ENOENT); pass a report written by --json\n`);
  });

  it.skipIf(missing(chromiumTool))("writes an HTML report whose first screen at 1280 × 800 shows the verdict and the counts, with nothing to scroll sideways", async () => {
    const { browser, close } = await launchChromium();
    try {
      const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
      await page.goto(pathToFileURL(html).href);
      const width = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, view: window.innerWidth }));
      expect(width.scroll).toBeLessThanOrEqual(width.view);
      for (const id of ["#verdict", "#counts"]) {
        const box = await page.locator(id).boundingBox();
        expect(box, id).not.toBeNull();
        expect(box!.y + box!.height, `${id} is on the first screen`).toBeLessThanOrEqual(800);
      }
      const count = breakingOf(report).length;
      expect(await page.locator("#verdict").innerText()).toBe(`FAIL (${count} breaking changes in the deployment's document)`);
      expect(await page.locator("#counts").innerText()).toContain(`${count} breaking`);
      expect(await page.locator("#breaking tbody tr").count()).toBe(count);
      // One row per reason the report lists apart.
      expect(await page.locator("#differences tbody tr").count()).toBe(INFORMATION.length);
      // For a reviewer who asks (SERVICE_API_SCREENSHOTS=<folder>): the first screen, and the whole page.
      if (process.env.SERVICE_API_SCREENSHOTS) {
        await page.screenshot({ path: path.join(process.env.SERVICE_API_SCREENSHOTS, "verify-release.png") });
        await page.screenshot({ path: path.join(process.env.SERVICE_API_SCREENSHOTS, "verify-release-page.png"), fullPage: true });
      }
    } finally {
      await close();
    }
  });
});
