// What a person reads on the terminal: the verdict and the counts first, the breaking changes one
// to a line, the failed operations with their first findings and a curl command each, the invalid
// requests the deployment did not refuse (each with its curl), and the rest grouped and counted;
// `--verbose` adds every operation and every finding. Long values and lists are shortened
// (shorten.ts) and no line of the default output is wider than LINE_WIDTH.
import type { Finding } from "./findings.js";
import { summaryLine, type DriftReport, type VerifyReport } from "./report.js";
import type { OperationResult } from "./run.js";
import { clauses, LINE_WIDTH, shortMessage, wrapLine } from "./shorten.js";
import { verdictOf, verdictText } from "./verdict.js";

const SHOWN_FINDINGS = 3;

/** The table people read: one line per operation; below a failure its first findings and a curl command per call that failed; below a skip its reason. */
export function formatTable(results: readonly OperationResult[]): string {
  const width = Math.max(...results.map((result) => result.operation.length), "OPERATION".length);
  const lines = [`${"VERDICT".padEnd(7)}  ${"STATUS".padEnd(6)}  ${"OPERATION".padEnd(width)}  OPERATION ID`];
  for (const result of results) {
    const verdict = result.verdict === "fail" ? "FAIL" : result.verdict;
    lines.push(`${verdict.padEnd(7)}  ${String(result.status ?? "-").padEnd(6)}  ${result.operation.padEnd(width)}  ${result.operationId}`);
    if (result.verdict === "skip" && result.reason) lines.push(`         ${result.reason}`);
    // The invalid-input checks have their own section (invalidSection).
    const own = result.findings.filter((finding) => finding.invalid === undefined);
    const shown = [...own].sort((a, b) => Number(a.severity === "warning") - Number(b.severity === "warning"));
    for (const finding of shown.slice(0, SHOWN_FINDINGS)) {
      const head = `         ${finding.kind}${finding.severity === "warning" ? " (warning)" : ""}: `;
      lines.push(`${head}${shortMessage(finding.message, LINE_WIDTH - head.length)}`);
    }
    if (shown.length > SHOWN_FINDINGS) lines.push(`         … and ${shown.length - SHOWN_FINDINGS} more (see --json)`);
    const curls = [...new Set(own.filter((finding) => finding.severity === "error" && finding.curl).map((finding) => finding.curl!))];
    for (const curl of curls) lines.push(`         reproduce: ${curl}`);
  }
  return lines.join("\n");
}

/** The invalid requests a deployment did not refuse: one line each, with what was sent and a curl to send it again. */
function invalidSection(findings: readonly Finding[]): string[] {
  if (findings.length === 0) return [];
  const lines = ["", `Invalid input not refused (${findings.length}; each request breaks one rule of the contract and must get 400 or 422):`];
  for (const finding of findings) {
    const head = `  ${finding.kind}${finding.severity === "warning" ? " (warning)" : ""}  ${finding.operation}  `;
    lines.push(`${head}${shortMessage(finding.message, LINE_WIDTH - head.length)}`);
    if (finding.curl) lines.push(`    reproduce: ${finding.curl}`);
  }
  return lines;
}

const counted = <T>(items: readonly T[], keyOf: (item: T) => string) => {
  const counts = new Map<string, number>();
  for (const item of items) counts.set(keyOf(item), (counts.get(keyOf(item)) ?? 0) + 1);
  return [...counts].sort(([a], [b]) => a.localeCompare(b)).map(([key, count]) => `${key} ×${count}`).join(", ");
};

const also = (finding: Finding) => (finding.operations && finding.operations.length > 1 ? ` (+${finding.operations.length - 1} more operation${finding.operations.length > 2 ? "s" : ""})` : "");

/**
 * A drift finding: class, kind, operation, words (their long values shortened to fit), and what
 * to do, on one line; when they do not fit, the words' parts (joined by "; ") one to a line below
 * the operation, then what to do.
 */
function driftLine(finding: Finding): string {
  const head = `  ${finding.class ?? ""}  ${finding.kind}  ${finding.operation}${also(finding)}  `;
  const tail = `${finding.advice ? ` → ${finding.advice}` : ""}${finding.known ? "  [known: in the baseline]" : ""}`;
  const line = `${head}${shortMessage(finding.message, LINE_WIDTH - head.length - tail.length)}${tail}`;
  if (line.length <= LINE_WIDTH) return line;
  const indent = "      ";
  const room = LINE_WIDTH - indent.length;
  // Clauses packed into as few lines as fit, each shortened to fit a line of its own.
  const packed: string[] = [];
  for (const clause of clauses(finding.message).map((part) => shortMessage(part, room))) {
    const joined = packed.length === 0 ? clause : `${packed[packed.length - 1]}; ${clause}`;
    if (packed.length > 0 && joined.length <= room) packed[packed.length - 1] = joined;
    else packed.push(clause);
  }
  const last = packed.length - 1;
  if (tail !== "" && packed[last]!.length + tail.length <= room) packed[last] += tail;
  else if (tail !== "") packed.push(tail.trim());
  return [head.trimEnd(), ...packed.map((part) => `${indent}${part}`)].join("\n");
}

/** Every line at most LINE_WIDTH wide, wrapped at its spaces; but a curl command, which must stay one line to be pasted. */
const fitted = (text: string) =>
  text
    .split("\n")
    .map((line) => (line.trimStart().startsWith("reproduce: ") ? line : wrapLine(line, LINE_WIDTH)))
    .join("\n");

/**
 * What a person reads first: the verdict and the counts, the breaking changes one to a line, the
 * failed operations with their first findings, and everything else grouped and counted. The
 * table of every operation and every finding is for `--verbose` (and the JSON and HTML reports).
 */
export function formatSummary(report: VerifyReport, drift: DriftReport | undefined, verbose: boolean): string {
  const driftFindings = report.findings.filter((finding) => finding.class !== undefined);
  const breaking = driftFindings.filter((finding) => finding.severity === "error");
  const compatible = driftFindings.filter((finding) => finding.severity === "warning");
  const added = compatible.filter((finding) => finding.kind === "operation-added");
  const changed = compatible.filter((finding) => finding.kind !== "operation-added");
  const lines: string[] = [];
  lines.push(`verify: ${verdictText(verdictOf(report))}`);
  lines.push(summaryLine(report.summary, report.coverage));
  if (drift === undefined) lines.push("drift: not checked");
  else {
    const recordedPlaces = report.differences.length;
    const beyond = added.reduce((sum, finding) => sum + (finding.operations?.length ?? 1), 0);
    lines.push(
      `drift (${drift.documents.filter((document) => document.compared).map((document) => document.address).join(", ") || drift.source}): ${breaking.length} breaking, ${changed.length} compatible, ${beyond} operation${beyond === 1 ? "" : "s"} only the deployment has; ` +
        `${recordedPlaces} recorded difference${recordedPlaces === 1 ? "" : "s"} where the contract is stricter or says more (information)`,
    );
  }
  if (breaking.length > 0) {
    lines.push("", `Breaking (${breaking.length}):`);
    for (const finding of breaking) lines.push(driftLine(finding));
    // Why each recorded difference still breaks, once per reason.
    const whys = new Map(breaking.flatMap((finding) => (finding.reason !== undefined && finding.why !== undefined ? [[finding.reason, finding.why]] : [])));
    for (const [reason, why] of whys) lines.push(`  ${reason}: ${why}`);
  }
  const failed = report.operations.filter((result) => result.verdict === "fail");
  if (failed.length > 0 && !verbose) lines.push("", `Failed operations (${failed.length}):`, formatTable(failed));
  lines.push(...invalidSection(report.findings.filter((finding) => finding.invalid !== undefined)));
  const answerWarnings = report.findings.filter((finding) => finding.severity === "warning" && finding.class === undefined && finding.invalid === undefined);
  if (compatible.length > 0 || answerWarnings.length > 0 || report.differences.length > 0) lines.push("", "Also (grouped; --verbose or the JSON report for each):");
  if (compatible.length > 0) {
    if (changed.length > 0) lines.push(`  compatible changes: ${changed.length} (${counted(changed, (finding) => finding.rule ?? finding.kind)})`);
    for (const finding of added) lines.push(`  ${shortMessage(finding.message, LINE_WIDTH - 2)}`);
  }
  for (const finding of answerWarnings) lines.push(`  warning ${finding.kind}: ${shortMessage(finding.message, LINE_WIDTH / 2)}${finding.count ? ` (×${finding.count}, ${finding.operations?.length ?? 1} operation${(finding.operations?.length ?? 1) === 1 ? "" : "s"})` : ` (${finding.operation})`}`);
  if (report.differences.length > 0) lines.push(`  recorded differences, by reason: ${counted(report.differences, (difference) => difference.reason)}`);
  if (verbose) {
    lines.push("", formatTable(report.operations));
    if (compatible.length > 0) {
      lines.push("", `Compatible (${compatible.length}):`);
      for (const finding of compatible) lines.push(driftLine(finding));
    }
    if (report.differences.length > 0) {
      lines.push("", `Recorded differences (${report.differences.length}): the contract is stricter than, or says more than, the deployment's document here`);
      for (const difference of report.differences) lines.push(`  ${difference.reason}  ${difference.place}: ${shortMessage(difference.message)}  (${difference.operations.length} operation${difference.operations.length === 1 ? "" : "s"}: ${difference.operations[0]}${difference.operations.length > 1 ? ", …" : ""})`);
    }
  }
  // --verbose may print long lines; its values are shortened all the same.
  return verbose ? lines.join("\n") : fitted(lines.join("\n"));
}
