// The run's verdict and why, in one place: the terminal's first line, the HTML page's verdict and
// the JSON report's `verdict` all say it in these words. A run fails on an error the --baseline
// report does not know: an operation that serves a call without a valid credential, a failed
// answer, a failed write, breaking drift.
import type { Finding } from "./findings.js";

export interface Verdict {
  readonly verdict: "pass" | "fail";
  /** What decided it, most harmful first; empty for a pass with nothing to tell. */
  readonly reasons: readonly string[];
}

const counted = (count: number, one: string, many = `${one}s`) => `${count} ${count === 1 ? one : many}`;

/** Errors that fail the run: the ones the baseline does not hold. */
export const failing = (finding: Finding) => finding.severity === "error" && finding.known !== true;

/** The verdict of a report: its findings, and how many operations failed. */
export function verdictOf(report: { readonly findings: readonly Finding[]; readonly summary: { readonly failed: number } }): Verdict {
  const errors = report.findings.filter((finding) => finding.severity === "error");
  const fresh = errors.filter(failing);
  const accepted = new Set(fresh.filter((finding) => finding.kind === "auth-ignored").map((finding) => finding.operation)).size;
  const breaking = errors.filter((finding) => finding.class !== undefined).length;
  const known = errors.filter((finding) => finding.known === true).length;
  const accepts = fresh.filter((finding) => finding.invalid !== undefined && finding.kind === "accepts-invalid").length;
  const crashes = fresh.filter((finding) => finding.invalid !== undefined && finding.kind === "server-error").length;
  const invalidOther = fresh.filter((finding) => finding.invalid !== undefined && finding.kind !== "accepts-invalid" && finding.kind !== "server-error").length;
  const reasons = [
    accepted > 0 ? `${counted(accepted, "operation")} served a call without a valid credential` : "",
    breaking > 0 ? `${counted(breaking, "breaking change")} in the deployment's document` : "",
    report.summary.failed > 0 ? `${counted(report.summary.failed, "operation")} failed` : "",
    accepts > 0 ? `${counted(accepts, "invalid request")} accepted` : "",
    crashes > 0 ? `${counted(crashes, "invalid request")} answered with a server error` : "",
    invalidOther > 0 ? `${counted(invalidOther, "invalid request")} got no answer` : "",
    known > 0 ? `${known} of the errors known from the baseline` : "",
  ].filter(Boolean);
  return { verdict: fresh.length === 0 ? "pass" : "fail", reasons };
}

/** "FAIL (…; …)", as a person reads it. */
export function verdictText({ verdict, reasons }: Verdict): string {
  return `${verdict.toUpperCase()}${reasons.length > 0 ? ` (${reasons.join("; ")})` : ""}`;
}
