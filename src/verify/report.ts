// What verify tells people and machines: a table, a summary line with the coverage, the JSON
// report (`--json`) and JUnit XML (`--junit`). Problems carry JSON paths and words, never a value
// from a body and never a credential.
import { formatProblem } from "../validation/problems.js";
import type { Finding } from "./findings.js";
import type { OperationResult } from "./run.js";

export interface Summary {
  /** Operations in the contract. */
  readonly operations: number;
  /** Read-only ones (GET and x-idempotent POST), side effects included. */
  readonly readOnly: number;
  /** Those the --only/--skip selection kept. */
  readonly selected: number;
  readonly checked: number;
  readonly passed: number;
  readonly failed: number;
  readonly skipped: number;
}

/** The deployment's own document against the contract. */
export interface DriftReport {
  /** Where the document was read from (a URL without its query values, or a file). */
  readonly source: string;
  /** Why there is no drift report (the deployment publishes no document there, or it could not be read). */
  readonly warning?: string;
  readonly findings: readonly Finding[];
}

export interface VerifyReport {
  readonly baseUrl: string;
  readonly summary: Summary;
  readonly operations: readonly OperationResult[];
  readonly drift: DriftReport;
}

export function summarize(results: readonly OperationResult[], totals: { operations: number; readOnly: number }): Summary {
  const count = (verdict: OperationResult["verdict"]) => results.filter((result) => result.verdict === verdict).length;
  const passed = count("pass");
  const failed = count("fail");
  return { ...totals, selected: results.length, checked: passed + failed, passed, failed, skipped: count("skip") };
}

const SHOWN_PROBLEMS = 3;

function percent(part: number, whole: number): string {
  return whole === 0 ? "0%" : `${Math.round((part / whole) * 100)}%`;
}

export function summaryLine(summary: Summary): string {
  const scope = summary.selected === summary.readOnly ? `${summary.readOnly} read-only operations` : `${summary.selected} selected of ${summary.readOnly} read-only operations`;
  return (
    `verify: ${summary.checked} of ${scope} checked (${percent(summary.checked, summary.selected)} coverage; the contract has ${summary.operations} operations): ` +
    `${summary.passed} passed, ${summary.failed} failed, ${summary.skipped} skipped`
  );
}

/** The table people read: one line per operation, failures' first problems and skips' reasons indented below. */
export function formatTable(results: readonly OperationResult[]): string {
  const width = Math.max(...results.map((result) => result.operation.length), "OPERATION".length);
  const lines = [`${"VERDICT".padEnd(7)}  ${"STATUS".padEnd(6)}  ${"OPERATION".padEnd(width)}  OPERATION ID`];
  for (const result of results) {
    const verdict = result.verdict === "fail" ? "FAIL" : result.verdict;
    lines.push(`${verdict.padEnd(7)}  ${String(result.status ?? "-").padEnd(6)}  ${result.operation.padEnd(width)}  ${result.operationId}`);
    if (result.verdict === "skip" && result.reason) lines.push(`         ${result.reason}`);
    for (const problem of result.problems.slice(0, SHOWN_PROBLEMS)) lines.push(`         ${formatProblem(problem)}`);
    if (result.problems.length > SHOWN_PROBLEMS) lines.push(`         … and ${result.problems.length - SHOWN_PROBLEMS} more (see --json)`);
  }
  return lines.join("\n");
}

/** The drift section people read: one line per finding, errors first; or why there is none. */
export function formatDrift(drift: DriftReport): string {
  if (drift.warning !== undefined) return `warning: drift not checked: ${drift.warning}`;
  if (drift.findings.length === 0) return `drift: none; the deployment's document (${drift.source}) matches the contract`;
  const ordered = [...drift.findings].sort((a, b) => Number(a.severity === "warning") - Number(b.severity === "warning"));
  const errors = ordered.filter((finding) => finding.severity === "error").length;
  const lines = [`drift of the deployment's document (${drift.source}) from the contract: ${errors} breaking, ${ordered.length - errors} compatible`];
  for (const finding of ordered) lines.push(`${finding.severity === "error" ? "ERROR  " : "warning"}  ${finding.class ?? ""}  ${finding.kind}  ${finding.operation}  ${finding.message}`);
  return lines.join("\n");
}

export function toJson(report: VerifyReport): string {
  const { summary } = report;
  return `${JSON.stringify(
    {
      baseUrl: report.baseUrl,
      summary: { checked: summary.checked, passed: summary.passed, failed: summary.failed, skipped: summary.skipped, selected: summary.selected, readOnly: summary.readOnly, operations: summary.operations },
      operations: report.operations.map((result) => ({
        operation: result.operation,
        operationId: result.operationId,
        tag: result.tag ?? null,
        status: result.status,
        verdict: result.verdict,
        problems: result.problems,
        ...(result.reason === undefined ? {} : { reason: result.reason }),
      })),
      drift: report.drift,
    },
    null,
    2,
  )}\n`;
}

function xml(text: string): string {
  // Characters XML 1.0 cannot carry at all are dropped; the five special ones escaped.
  return text
    .replace(/[^\u0009\u000a\u000d\u0020-\ud7ff\ue000-\ufffd\u{10000}-\u{10ffff}]/gu, "")
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;")
    .replace(/'/g, "&apos;");
}

/** JUnit XML: one test suite, one test case per operation (classname: its tag). */
export function toJunit(report: VerifyReport): string {
  const { summary } = report;
  const seconds = (ms: number) => (ms / 1000).toFixed(3);
  const total = report.operations.reduce((sum, result) => sum + result.durationMs, 0);
  const cases = report.operations.map((result) => {
    const open = `    <testcase classname="service-api.${xml(result.tag ?? "untagged")}" name="${xml(`${result.operation} (${result.operationId})`)}" time="${seconds(result.durationMs)}"`;
    if (result.verdict === "pass") return `${open}/>`;
    if (result.verdict === "skip") return `${open}>\n      <skipped message="${xml(result.reason ?? "skipped")}"/>\n    </testcase>`;
    const first = result.problems[0] ? formatProblem(result.problems[0]) : "failed";
    const detail = result.problems.map(formatProblem).join("\n");
    return `${open}>\n      <failure message="${xml(first)}" type="contract-mismatch">${xml(`HTTP ${result.status ?? "-"}\n${detail}`)}</failure>\n    </testcase>`;
  });
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<testsuites name="service-api verify" tests="${summary.selected}" failures="${summary.failed}" skipped="${summary.skipped}" time="${seconds(total)}">`,
    `  <testsuite name="service-api verify" tests="${summary.selected}" failures="${summary.failed}" errors="0" skipped="${summary.skipped}" time="${seconds(total)}">`,
    ...cases,
    "  </testsuite>",
    "</testsuites>",
    "",
  ].join("\n");
}
