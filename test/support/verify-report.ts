// The JSON report `service-api verify --json` writes, read back and held to the schema scripts
// rely on (src/verify/report.schema.json): every test that reads a report reads it through this.
import { readFileSync } from "node:fs";
import { Validator } from "@cfworker/json-schema";
import { expect } from "vitest";
import reportSchema from "../../src/verify/report.schema.json" with { type: "json" };
import type { Finding } from "../../src/verify/findings.js";
import type { DocumentRead } from "../../src/verify/report.js";

export interface JsonReport {
  verdict: "pass" | "fail";
  reason: string;
  startedAt: string;
  durationMs: number;
  versions: { tool: string; contract: string; deployment: string | null };
  notes: string[];
  summary: { checked: number; passed: number; failed: number; skipped: number; readOnly: number; errors: number; warnings: number };
  coverage: { operationsChecked: number; statuses: Record<string, number>; contentTypes: Record<string, number>; authProbes: { credentials: string[]; operations: number; refused: number; accepted: number }; invalidRequests?: { sent: number; operations: number; kinds: Record<string, number>; refused: number; accepted: number; serverErrors: number; inconclusive: number; other: number } };
  findings: Finding[];
  differences: { reason: string; why: string; rule: string; place: string; message: string; operations: string[] }[];
  operations: { operation: string; operationId: string; status: number | null; verdict: string; probes?: Record<string, number | null>; reason?: string; invalid?: { kind: string; in: string; parameter: string; status: number | null; outcome: string; durationMs: number }[] }[];
  drift: { source: string; compared: boolean; documents: DocumentRead[]; unpublished?: string[] };
  writes?: { prefix: string; chains: { create: string; steps: { operation: string; status: number | null; verdict: string }[] }[]; created: { operation: string; name: string; id: string | null; deleted: boolean }[]; invalid?: { operation: string; kind: string; in: "body"; parameter: string; status: number | null; outcome: string }[] };
}

const reportValidator = new Validator(reportSchema as never, "2020-12", false);

/** The JSON report a run wrote, held to the schema scripts rely on. */
export function readReport(file: string): JsonReport {
  const report = JSON.parse(readFileSync(file, "utf8"));
  const result = reportValidator.validate(report);
  expect(result.errors.filter((error) => error.keyword !== "properties" && error.keyword !== "items" && error.keyword !== "$ref"), file).toEqual([]);
  expect(result.valid).toBe(true);
  return report;
}
