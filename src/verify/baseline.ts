// `--baseline <file>`: the findings of an earlier `--json` report, known and accepted. A finding
// the baseline holds is still reported, marked known, and fails no run; a new one does. So a run
// can pass against a known state (the five operations the contract has and no release lists,
// say) and still fail the day the deployment changes.
import { readEarlierReport } from "./earlier-report.js";
import type { Finding } from "./findings.js";
import { UsageError } from "./options.js";

/** What makes two findings the same finding across runs: where, what kind, and its words. */
export function findingKey(finding: Pick<Finding, "operation" | "kind" | "location" | "message">): string {
  return [finding.operation, finding.kind, finding.location ?? "", finding.message].join("\u0000");
}

/** The keys of the findings in the report `file`. */
export function readBaseline(file: string): ReadonlySet<string> {
  const findings = (readEarlierReport("--baseline", file) as { findings?: unknown } | null)?.findings;
  if (!Array.isArray(findings) || !findings.every((entry) => typeof entry?.operation === "string" && typeof entry?.kind === "string" && typeof entry?.message === "string")) {
    throw new UsageError(`--baseline ${file}: not a verify report (no findings with operation, kind and message); pass a report written by --json`);
  }
  return new Set(findings.map((finding: Finding) => findingKey(finding)));
}
