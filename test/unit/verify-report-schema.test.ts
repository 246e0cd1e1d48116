// The JSON report's schema (src/verify/report.schema.json), which scripts rely on, names the same
// finding kinds, severities and drift classes as the code's Finding type, drift's included.
import { Validator } from "@cfworker/json-schema";
import { describe, expect, it } from "vitest";
import type { DriftClass, Finding, FindingKind, FindingSeverity } from "../../src/verify/findings.js";
import schema from "../../src/verify/report.schema.json" with { type: "json" };

// `satisfies` makes the compiler hold these lists to the types: a kind added to one fails here.
const KINDS = {
  status: true,
  "content-type": true,
  schema: true,
  header: true,
  "undocumented-status": true,
  "server-error": true,
  "auth-ignored": true,
  "accepts-invalid": true,
  "operation-removed": true,
  "operation-added": true,
  "operation-deprecated": true,
  "parameter-changed": true,
  "field-changed": true,
  "enum-changed": true,
  "union-changed": true,
} satisfies Record<FindingKind, true>;
const SEVERITIES = { error: true, warning: true } satisfies Record<FindingSeverity, true>;
const CLASSES = { "breaking-for-callers": true, "breaking-for-readers": true, compatible: true } satisfies Record<DriftClass, true>;

const finding = schema.$defs.finding;
const empty = {
  baseUrl: "http://127.0.0.1:1",
  summary: { checked: 0, passed: 0, failed: 0, skipped: 0, selected: 0, readOnly: 0, operations: 0, errors: 0, warnings: 0 },
  coverage: { operationsChecked: 0, statuses: {}, contentTypes: {}, authProbes: { credentials: [], operations: 0, refused: 0, accepted: 0 } },
  warnings: [],
  operations: [],
  drift: { source: "http://127.0.0.1:1/openapi.json", compared: false },
};
const head = { verdict: "fail", reason: "1 operation failed", startedAt: "2026-11-28T04:00:00.000Z", durationMs: 3_812, versions: { tool: "0.2.0", contract: "1.378.0", deployment: null }, notes: [] };
const valid = (findings: unknown[]) => new Validator(schema as never, "2020-12", false).validate({ ...empty, findings }).valid;

describe("the verify report's JSON Schema", () => {
  const validator = new Validator(schema as never, "2020-12", false);

  it("reads a report of an earlier version (warnings as sentences, no verdict) and one of this version", () => {
    expect(validator.validate({ ...empty, findings: [] }).valid).toBe(true);
    const { warnings: _sentences, ...current } = empty;
    expect(validator.validate({ ...head, ...current, findings: [] }).valid).toBe(true);
    expect(validator.validate({ ...head, ...current, verdict: "passed", findings: [] }).valid).toBe(false);
    expect(validator.validate({ ...head, ...current, versions: { tool: "0.2.0" }, findings: [] }).valid).toBe(false);
  });

  it("lists exactly the finding kinds, severities and drift classes of findings.ts", () => {
    expect([...finding.properties.kind.enum].sort()).toEqual(Object.keys(KINDS).sort());
    expect([...finding.properties.severity.enum].sort()).toEqual(Object.keys(SEVERITIES).sort());
    expect([...finding.properties.class.enum].sort()).toEqual(Object.keys(CLASSES).sort());
    expect(finding.required).toEqual(["operation", "kind", "severity", "message"]);
  });

  it("takes a drift finding with its class, and refuses a finding without a kind or with one it does not know", () => {
    const drift: Finding = { operation: "GET /projects", kind: "field-changed", severity: "error", message: "$.name: retyped", class: "breaking-for-readers", location: "/name" };
    expect(valid([drift])).toBe(true);
    expect(valid([{ operation: "GET /projects", severity: "error", message: "m" }])).toBe(false);
    expect(valid([{ ...drift, kind: "teapot" }])).toBe(false);
    expect(valid([{ ...drift, operation: "projects" }])).toBe(false);
  });
});
