// `service-api verify`'s drift report against a loopback deployment: the Prism mock answers the
// calls, and a proxy in front of it publishes at /openapi.json the contract as the service names
// it (test/support/published-document.ts) with six changes planted. verify must name each once,
// with its kind and class, and nothing else; read the document without a credential; and take a
// deployment that publishes none as a warning.
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { contract, contractOperations } from "../../src/validation/contract.js";
import { runVerify } from "../../src/verify/command.js";
import { DEFAULT_DOCUMENT_PATHS } from "../../src/verify/options.js";
import { CANARY } from "../support/client-fakes.js";
import type { TestServer } from "../support/loopback-server.js";
import { serviceShapedContract } from "../support/published-document.js";
import { readReport } from "../support/verify-report.js";
import { startTamperingProxy } from "./tampering-proxy.js";

const mock = inject("prismUrl");
const scratch = mkdtempSync(path.join(os.tmpdir(), "service-api-verify-drift-"));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

async function verify(args: string[]) {
  let stdout = "";
  let stderr = "";
  const json = path.join(scratch, `report-${Math.random().toString(36).slice(2)}.json`);
  const code = await runVerify(["verify", "--json", json, ...args], {
    env: { SERVICE_API_KEY: CANARY.apiKey },
    stdout: { write: (text: string) => (stdout += text) },
    stderr: { write: (text: string) => (stderr += text) },
  });
  const report = code === 2 ? undefined : readReport(json);
  // Drift findings are the ones with a class.
  const drift = (report?.findings ?? []).filter((finding) => finding.class !== undefined);
  return { code, stdout, stderr, report, drift };
}

/** The contract as the deployment publishes it, with one change of each sort the issue names. */
function plantedDocument() {
  const document = serviceShapedContract();
  const schemas = document.components.schemas;
  // An operation removed (its path keeps its other methods, if any).
  delete document.paths["/group_roles"].get;
  // One added, under the service's name for the project's path parameter.
  document.paths["/projects/{service_project_id}/widgets"] = { get: { responses: { "200": { description: "The project's widgets." } } } };
  // A response field retyped (the health check's, read by one operation).
  schemas.HealthcheckResponse.properties.version = { type: "integer" };
  // A request field made required (createProject's body).
  schemas.ProjectCreate.required.push("created_by");
  // A request enum value dropped (the prompt dataset forms', which the service names Body_…).
  schemas.DatasetFormat.enum = schemas.DatasetFormat.enum.filter((value: string) => value !== "feather");
  // A response union member added (a union the contract renamed from the service's RootModel_…).
  schemas.WidgetRunResults = { type: "object", required: ["widgets"], properties: { widgets: { type: "integer" } } };
  schemas.RootModel_Union_InferenceRunResults__SplitRunResults__.anyOf.push({ $ref: "#/components/schemas/WidgetRunResults" });
  return document;
}

describe("verify against a deployment that publishes a drifted document", () => {
  let deployment: TestServer;
  beforeAll(async () => {
    deployment = await startTamperingProxy(mock, [], plantedDocument());
  });
  afterAll(() => deployment.close());

  it("names each planted change once, with its kind and class, and nothing else", async () => {
    const run = await verify(["--base-url", deployment.url, "--only", "healthcheck"]);
    const found = run.drift.map(({ operation, kind, class: cls, severity }) => ({ operation, kind, class: cls, severity }));
    expect(found).toEqual(
      expect.arrayContaining([
        { operation: "GET /group_roles", kind: "operation-removed", class: "breaking-for-callers", severity: "error" },
        { operation: "GET /projects/{service_project_id}/widgets", kind: "operation-added", class: "compatible", severity: "warning" },
        { operation: "GET /v1/healthcheck", kind: "field-changed", class: "breaking-for-readers", severity: "error" },
        { operation: "POST /projects", kind: "field-changed", class: "breaking-for-callers", severity: "error" },
        { operation: "POST /projects/{project_id}/prompt_datasets", kind: "enum-changed", class: "breaking-for-callers", severity: "error" },
        { operation: "POST /projects/{project_id}/runs/{run_id}/split/{split}/insights/summary", kind: "union-changed", class: "breaking-for-readers", severity: "error" },
      ]),
    );
    expect(found).toHaveLength(6);
    expect(run.report!.findings).toEqual(run.drift); // the health check's answer itself passed
    expect(run.report!.drift).toMatchObject({ source: `${deployment.url}/openapi.json`, compared: true });
    // The service's other addresses answer nothing here: tried, listed, and not told.
    expect(run.report!.drift.documents.map(({ address, compared }) => [address, compared])).toEqual(DEFAULT_DOCUMENT_PATHS.map((path) => [`${deployment.url}${path}`, path === "/openapi.json"]));
    expect(run.report!.summary).toMatchObject({ failed: 0, errors: 5, warnings: 1 });
    const messages = run.drift.map((finding) => finding.message);
    expect(messages).toEqual(
      expect.arrayContaining([
        "HealthcheckResponse.version: type string → integer",
        "ProjectCreate.created_by: was optional, now required",
        'DatasetFormat: no longer "feather"',
        "InsightSummaryResults: union now has member WidgetRunResults",
      ]),
    );
    // A change to a shared schema is one finding, with every operation it reaches and what to do.
    expect(run.drift.find((finding) => finding.kind === "enum-changed")).toMatchObject({
      operations: ["POST /projects/{project_id}/prompt_datasets", "PUT /projects/{project_id}/prompt_datasets/{dataset_id}"],
      advice: "stop sending that value",
    });
    // The contract's recorded differences from the service's release are not here: the planted
    // document is the contract itself, so none of them shows.
    expect(run.report!.differences).toEqual([]);
    // Breaking drift fails the run, though every answer checked passed.
    expect(run.code).toBe(1);
    expect(run.stdout).toMatch(/^verify: FAIL \(5 breaking changes in the deployment's document\)$/m);
    expect(run.stdout).toContain(`drift (${deployment.url}/openapi.json): 5 breaking, 0 compatible, 1 operation only the deployment has; 0 recorded differences`);
    expect(run.stdout).toMatch(/^ +breaking-for-readers +union-changed +POST \/projects\/\{project_id\}\/runs\/\{run_id\}\/split\/\{split\}\/insights\/summary\n +InsightSummaryResults: union now has member WidgetRunResults → handle the new type or value$/m);
  });

  it("asks for the document without a credential, and prints none", async () => {
    const run = await verify(["--base-url", deployment.url, "--only", "healthcheck"]);
    const asked = deployment.received.filter((request) => request.path === "/openapi.json");
    expect(asked.length).toBeGreaterThan(0);
    for (const request of asked) {
      expect(Object.keys(request.headers).filter((name) => ["authorization", "service-api-key", "cookie"].includes(name))).toEqual([]);
    }
    for (const text of [run.stdout, run.stderr, JSON.stringify(run.report)]) expect(text).not.toContain(CANARY.apiKey);
  });

  it("reads the document from a file or a URL that --openapi names", async () => {
    const file = path.join(scratch, "published.json");
    writeFileSync(file, JSON.stringify(plantedDocument()));
    const relative = `./${path.relative(process.cwd(), file)}`;
    const fromFile = await verify(["--base-url", mock, "--only", "healthcheck", "--openapi", relative]);
    const fromFileUrl = await verify(["--base-url", mock, "--only", "healthcheck", "--openapi", pathToFileURL(file).href]);
    const fromUrl = await verify(["--base-url", mock, "--only", "healthcheck", "--openapi", `${deployment.url}/openapi.json`]);
    // The planted document publishes every operation of the contract but the one it drops.
    expect(fromFile.report!.drift).toEqual({ source: relative, compared: true, documents: [{ address: relative, compared: true, version: expect.any(String), publishes: contractOperations(contract).length - 1 }] });
    expect(fromFileUrl.report!.drift).toMatchObject({ source: file, compared: true, documents: [{ address: file, compared: true }] });
    expect(fromFile.drift).toHaveLength(6);
    expect(fromFileUrl.drift).toEqual(fromFile.drift);
    expect(fromUrl.drift).toEqual(fromFile.drift);
  });
});

describe("verify against a deployment that publishes no document", () => {
  it("warns, and checks the answers as before", async () => {
    // Prism serves the contract's operations only: /openapi.json is a 404 there.
    const run = await verify(["--base-url", mock, "--only", "healthcheck"]);
    expect(run.code).toBe(0);
    expect(run.stderr).toBe("");
    expect(run.report!.drift).toMatchObject({ source: `${mock}/openapi.json`, compared: false });
    expect(run.drift).toEqual([]);
    const tried = DEFAULT_DOCUMENT_PATHS.map((path) => `${mock}${path} answered HTTP 404`);
    expect(run.report!.notes).toEqual([`drift not checked: no OpenAPI document to compare where verify looked: ${tried.join("; ")} (name another with --openapi)`]);
    expect(run.stdout).toContain(`note: drift not checked: no OpenAPI document to compare where verify looked: ${mock}/openapi.json answered HTTP 404`);
  });

  it("refuses a file --openapi names that cannot be read, with exit 2 and the fix", async () => {
    const missing = pathToFileURL(path.join(scratch, "missing.json")).href;
    const run = await verify(["--base-url", mock, "--openapi", missing]);
    expect(run.code).toBe(2);
    expect(run.stderr).toBe(`service-api verify: --openapi ${path.join(scratch, "missing.json")} cannot be read (ENOENT): name an OpenAPI document in JSON, a path on the API (/openapi.json) or an http(s) URL\n`);
    expect(run.stdout).toBe("");
  });
});
