// `service-api verify` against the several documents the service publishes, as they are kept in
// reference/: its client API document (2026-07-13, a subset: the operations its SDKs call) and its
// full release 1.513.0. Read alone, the client document is a subset, not a removal; read with the
// release (named twice with --openapi, or served where the service serves them and found without
// the flag), the contract is compared with their union: nothing either publishes is removed, and
// each change names the documents that show it.
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { shapeOf } from "../../scripts/lib/scope-document.js";
import { operationsOf } from "../../src/contract/openapi-document.js";
import { runVerify } from "../../src/verify/command.js";
import { CANARY } from "../support/client-fakes.js";
import type { TestServer } from "../support/loopback-server.js";
import { readReport, type JsonReport } from "../support/verify-report.js";
import { startTamperingProxy } from "./tampering-proxy.js";

const mock = inject("prismUrl");
const scratch = mkdtempSync(path.join(os.tmpdir(), "service-api-verify-documents-"));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

const referenceFile = (name: string) => fileURLToPath(new URL(`../../reference/${name}`, import.meta.url));
const CLIENT = referenceFile("openapi-client-2026-07-13.json");
const FULL = referenceFile("openapi-1.513.0.json");
const read = (file: string) => JSON.parse(readFileSync(file, "utf8"));

/** The operations a document publishes, by URL shape (the contract may name a path parameter otherwise). */
const shapes = (file: string) => new Set([...operationsOf(read(file))].map(({ method, path: at }) => shapeOf(method, at)));
const contractShapes = shapes(fileURLToPath(new URL("../../generated/openapi.json", import.meta.url)));
const shapeOfKey = (operation: string) => shapeOf(...(operation.split(" ") as [string, string]));

async function verify(args: string[]): Promise<{ code: number; stdout: string; report: JsonReport }> {
  let stdout = "";
  const json = path.join(scratch, `report-${Math.random().toString(36).slice(2)}.json`);
  const code = await runVerify(["verify", "--mock", "--only", "healthcheck", "--json", json, ...args], {
    env: { SERVICE_API_KEY: CANARY.apiKey },
    stdout: { write: (text: string) => (stdout += text) },
    stderr: { write: () => undefined },
  });
  return { code, stdout, report: readReport(json) };
}

const removed = (report: JsonReport) => report.findings.filter((finding) => finding.kind === "operation-removed").flatMap((finding) => finding.operations ?? [finding.operation]);

describe("the client API document alone", () => {
  let run: Awaited<ReturnType<typeof verify>>;
  beforeAll(async () => {
    run = await verify(["--base-url", mock, "--openapi", CLIENT]);
  });

  it("reports no operation of a group it does not publish as removed, and tells them in one line", () => {
    const unpublished = run.report.drift.unpublished ?? [];
    expect(unpublished.length).toBeGreaterThan(0);
    expect(removed(run.report).filter((operation) => unpublished.includes(operation))).toEqual([]);
    const lines = run.report.notes.filter((note) => /do not publish \d+ of the contract's operations/.test(note));
    expect(lines).toEqual([expect.stringContaining(`do not publish ${unpublished.length} of the contract's operations`)]);
  });

  it("names it by its address: its info.version is FastAPI's default, which names no release", () => {
    const client = shapes(CLIENT);
    expect(run.report.drift.documents).toEqual([{ address: CLIENT, compared: true, version: "0.1.0", publishes: [...contractShapes].filter((shape) => client.has(shape)).length }]);
    expect(run.stdout).toContain(`drift (${CLIENT}): `);
  });
});

describe("the client API document and release 1.513.0, each named with --openapi", () => {
  let run: Awaited<ReturnType<typeof verify>>;
  let alone: Awaited<ReturnType<typeof verify>>;
  beforeAll(async () => {
    [run, alone] = await Promise.all([verify(["--base-url", mock, "--openapi", CLIENT, "--openapi", FULL]), verify(["--base-url", mock, "--openapi", FULL])]);
  });

  it("reads both, and reports nothing either publishes as removed", () => {
    expect(run.report.drift.documents.map(({ address, compared, version }) => [address, compared, version])).toEqual([
      [CLIENT, true, "0.1.0"],
      [FULL, true, "1.513.0"],
    ]);
    const published = new Set([...shapes(CLIENT), ...shapes(FULL)]);
    expect(removed(run.report).filter((operation) => published.has(shapeOfKey(operation)))).toEqual([]);
    // The release alone lacks operations the contract takes from the client document.
    expect(removed(alone.report).filter((operation) => shapes(CLIENT).has(shapeOfKey(operation))).length).toBeGreaterThan(0);
    expect(run.report.drift.unpublished).toBeUndefined();
  });

  it("names on each change the documents that show it, and where the other one agrees with the contract, says so", () => {
    const drift = run.report.findings.filter((finding) => finding.class !== undefined && finding.kind !== "operation-removed");
    for (const finding of drift) expect(finding.documents, finding.message).toEqual(expect.arrayContaining([expect.stringMatching(/^(.*openapi-client-2026-07-13\.json|.*openapi-1\.513\.0\.json)$/)]));
    // ProjectCreate is a schema the contract takes from the client document: the release's older word there is its own.
    const older = drift.find((finding) => finding.message.startsWith("ProjectCreate.type: default "));
    expect(older?.documents).toEqual([FULL]);
    expect(older?.message.endsWith(` (in ${FULL}; ${CLIENT} as the contract)`)).toBe(true);
    expect(run.stdout).toContain(`drift (${CLIENT}, ${FULL}): `);
  });
});

describe("a deployment that serves both where the service does, read without --openapi", () => {
  let deployment: TestServer;
  let run: Awaited<ReturnType<typeof verify>>;
  let named: Awaited<ReturnType<typeof verify>>;
  beforeAll(async () => {
    deployment = await startTamperingProxy(mock, [], read(FULL), { "/client/openapi.json": read(CLIENT) });
    [run, named] = await Promise.all([verify(["--base-url", deployment.url]), verify(["--base-url", mock, "--openapi", FULL, "--openapi", CLIENT])]);
  });
  afterAll(() => deployment.close());

  it("tries the three addresses, reads the two it serves, and lists the third", () => {
    expect(run.report.drift.documents).toEqual([
      { address: `${deployment.url}/openapi.json`, compared: true, version: "1.513.0", publishes: expect.any(Number) },
      { address: `${deployment.url}/client/openapi.json`, compared: true, version: "0.1.0", publishes: expect.any(Number) },
      { address: `${deployment.url}/public/openapi.json`, compared: false, reason: `${deployment.url}/public/openapi.json answered HTTP 404` },
    ]);
    // An address of the service's own that a deployment lacks is listed, not told.
    expect(run.report.notes.filter((note) => note.includes("/public/openapi.json"))).toEqual([]);
    expect(run.report.drift.source).toBe(`${deployment.url}/openapi.json`);
    expect(run.report.versions.deployment).toBe("1.513.0");
  });

  it("finds what naming the two files finds, each change with the same documents", () => {
    const role = (address: string) => (address.endsWith("client/openapi.json") || address.endsWith("openapi-client-2026-07-13.json") ? "client" : "full");
    const told = (report: JsonReport) =>
      report.findings
        .filter((finding) => finding.class !== undefined)
        .map(({ kind, operation, rule, class: cls, documents }) => `${kind} ${operation} ${rule} ${cls} ${(documents ?? []).map(role).sort().join("+")}`)
        .sort();
    expect(told(run.report)).toEqual(told(named.report));
    expect(told(run.report).length).toBeGreaterThan(0);
  });
});
