// Schemathesis (pinned in python-client/requirements.txt) against the contract's own mock: every
// operation, positive and negative cases, the examples, coverage and fuzzing phases (the record
// says why not the stateful one) and its default checks. What fails is recorded with why in schemathesis/known-failures.yaml, and the
// run is held to that record both ways: a failure it does not list fails this test, and so does
// an entry the run no longer finds (fixed: remove it). The run is made reproducible (one seed,
// deterministic generation, which keeps no example database), so the same contract gives the same findings.
import { mkdtempSync, readFileSync, readdirSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { parse } from "yaml";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { pythonTool } from "../../scripts/lib/other-languages.mjs";
import { bundleOperations, resolve } from "../support/bundle.js";
import { explain, generatedDir, generatorsDir, run, type RunResult } from "../support/generator-tools.js";
import { missing, pythonClientTools } from "../support/system-tools.js";

interface KnownFailures {
  notSent: { operationIds: string[]; why: string };
  failures: { check: string; operations: string[]; why: string }[];
}

const record = parse(readFileSync(path.join(generatorsDir, "schemathesis", "known-failures.yaml"), "utf8")) as KnownFailures;
const label = (method: string, route: string) => `${method.toUpperCase()} ${route}`;
const sent = bundleOperations.filter(({ operation }) => !record.notSent.operationIds.includes(operation.operationId));
/** Names an entry may use for a group of operations, each the group its why speaks of. */
const GROUPS: Record<string, string[]> = {
  // Every security alternative names a credential (the health check and the logins need none).
  "every operation that takes a credential": sent
    .filter(({ operation }) => (operation.security ?? []).length > 0 && !operation.security.some((alternative: object) => Object.keys(alternative).length === 0))
    .map(({ method, path: route }) => label(method, route)),
  "every operation with a JSON request body": sent.filter(({ operation }) => operation.requestBody?.content?.["application/json"]).map(({ method, path: route }) => label(method, route)),
};

/** The operations an entry covers, its groups spelt out. */
function recordedOperations(entry: KnownFailures["failures"][number]): string[] {
  return entry.operations.flatMap((name) => GROUPS[name] ?? [name]);
}

interface Findings {
  /** "METHOD /path" of every operation a scenario ran for. */
  tested: Set<string>;
  /** check name → the operations it failed on. */
  failed: Map<string, Set<string>>;
  /** Errors that are not check failures (the mock not answering, a schema Schemathesis cannot read). */
  errors: string[];
  cases: number;
}

/** Reads Schemathesis's NDJSON event stream. */
function findingsOf(ndjson: string): Findings {
  const findings: Findings = { tested: new Set(), failed: new Map(), errors: [], cases: 0 };
  for (const line of ndjson.split("\n").filter(Boolean)) {
    const event = JSON.parse(line) as Record<string, any>;
    if (event.ScenarioFinished) {
      const recorder = event.ScenarioFinished.recorder;
      findings.tested.add(recorder.label);
      findings.cases += Object.keys(recorder.cases ?? {}).length;
      for (const checks of Object.values(recorder.checks ?? {}) as { name: string; status: string }[][]) {
        for (const check of checks.filter((one) => one.status !== "success")) {
          if (!findings.failed.has(check.name)) findings.failed.set(check.name, new Set());
          findings.failed.get(check.name)!.add(recorder.label);
        }
      }
    }
    if (event.NonFatalError || event.FatalError) findings.errors.push(JSON.stringify(event).slice(0, 600));
  }
  return findings;
}

// Checked without Schemathesis: a new multipart operation must join notSent before a run of it
// takes the whole mock down.
it("leaves out exactly the operations that take multipart/form-data, which crash the mock's parser", () => {
  const multipart = bundleOperations.filter(({ operation }) => resolve(operation.requestBody)?.content?.["multipart/form-data"] !== undefined).map(({ operation }) => operation.operationId as string);
  expect(multipart.length).toBeGreaterThan(0);
  expect([...record.notSent.operationIds].sort()).toEqual(multipart.sort());
});

describe.skipIf(missing(pythonClientTools))("Schemathesis against the mock", () => {
  const scratch = mkdtempSync(path.join(os.tmpdir(), "service-api-schemathesis-"));
  afterAll(() => rmSync(scratch, { recursive: true, force: true }));
  let result: RunResult;
  let findings: Findings;

  beforeAll(async () => {
    result = await run(
      pythonTool("schemathesis"),
      [
        "run",
        path.join(generatedDir, "openapi.yaml"),
        "--url",
        inject("prismUrl"),
        "--header",
        "Service-API-Key: schemathesis-check-key",
        ...record.notSent.operationIds.flatMap((operationId) => ["--exclude-operation-id", operationId]),
        "--phases",
        "examples,coverage,fuzzing",
        "--max-examples",
        "5",
        "--seed",
        "1",
        "--generation-deterministic",
        "--workers",
        "2",
        // A hang guard: the mock's first answer for a large schema takes seconds on a busy machine.
        "--request-timeout",
        "120",
        "--report",
        "ndjson",
        "--report-dir",
        scratch,
        "--no-color",
      ],
      // In the scratch folder: Schemathesis keeps the failures it found under ./.schemathesis and
      // replays them first next time, which would make one run depend on the one before.
      { cwd: scratch, timeoutMs: 1_800_000 },
    );
    const reports = readdirSync(scratch).filter((name) => name.endsWith(".ndjson"));
    expect(reports, explain(result)).toHaveLength(1);
    findings = findingsOf(readFileSync(path.join(scratch, reports[0]!), "utf8"));
    console.log(
      `schemathesis: ${findings.tested.size} operations, ${findings.cases} cases; failures by check: ${JSON.stringify(Object.fromEntries([...findings.failed].map(([check, operations]) => [check, operations.size])))}`,
    );
  }, 1_900_000);

  it("runs every operation but the ones it must not send, with no error", () => {
    // Exit 1 is "failures found", which the record below judges; anything else is a crash.
    expect([0, 1], explain(result)).toContain(result.status);
    expect(findings.errors).toEqual([]);
    expect([...findings.tested].sort()).toEqual(sent.map(({ method, path: route }) => label(method, route)).sort());
  });

  it("finds only failures known-failures.yaml records, and each one it records", () => {
    // Which operations a fuzzed failure lands on moves with the generated cases, so an entry names
    // where its why holds, and the run must find it there at least once and nowhere else.
    const covered = new Map(record.failures.map((entry) => [entry.check, new Set(recordedOperations(entry))]));
    const unrecorded = [...findings.failed].flatMap(([check, operations]) => [...operations].filter((operation) => !covered.get(check)?.has(operation)).map((operation) => `${check}: ${operation}`));
    expect(unrecorded).toEqual([]);
    const unseen = record.failures.filter((entry) => !recordedOperations(entry).some((operation) => findings.failed.get(entry.check)?.has(operation))).map((entry) => entry.check);
    expect(unseen).toEqual([]);
    for (const entry of record.failures) expect(entry.why.length, `${entry.check} needs its why`).toBeGreaterThan(40);
  });
});
