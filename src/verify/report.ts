// What verify tells people and machines: a table, the drift of the deployment's own document, a
// summary line with the coverage and any warning that the pass means little, the JSON report
// (`--json`, the shape report.schema.json pins) and JUnit XML (`--junit`). Findings carry JSON
// paths and words, never a value from a body and never a credential.
import type { RecordedFinding } from "./drift.js";
import type { Finding } from "./findings.js";
import type { OperationResult } from "./run.js";
import type { WriteReport } from "./write.js";

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
  /** Findings by severity: errors fail the run, warnings do not. */
  readonly errors: number;
  readonly warnings: number;
}

/** What the checked answers covered: a pass over 401s or 404s is no pass. */
export interface Coverage {
  readonly operationsChecked: number;
  /** How many checked operations answered each status (their own call; probes apart). */
  readonly statuses: Readonly<Record<string, number>>;
  /** How many answered each media type. */
  readonly contentTypes: Readonly<Record<string, number>>;
  /** The auth probes: which credentials they sent, on how many operations, how many were refused. */
  readonly authProbes: { readonly credentials: readonly string[]; readonly operations: number; readonly refused: number; readonly accepted: number };
}

/** The deployment's own document against the contract, as the command found it. */
export interface DriftReport {
  /** Where the document was read from (a URL without its query values, or a file). */
  readonly source: string;
  /** Why there is no drift report (the deployment publishes no document there, or it could not be read). */
  readonly warning?: string;
  readonly findings: readonly Finding[];
  /** The contract's recorded deliberate differences met there: information, not drift. */
  readonly recorded: readonly RecordedFinding[];
}

export interface VerifyReport {
  readonly baseUrl: string;
  readonly summary: Summary;
  readonly coverage: Coverage;
  /** Why a pass may mean little (most answers 401/403, or 404). */
  readonly warnings: readonly string[];
  /** Every finding, in operation order; a warning repeated on many operations once, with its count. */
  readonly findings: readonly Finding[];
  /** Where the contract is stricter than, or says more than, the deployment's document: recorded on purpose, information. */
  readonly differences: readonly RecordedFinding[];
  readonly operations: readonly OperationResult[];
  /** Where the deployment's own document was read from, and whether it was compared (its findings are in `findings`). */
  readonly drift: { readonly source: string; readonly compared: boolean };
  /** What a --write run created and deleted. */
  readonly writes?: WriteReport;
}

export function summarize(results: readonly OperationResult[], totals: { operations: number; readOnly: number }, extra: readonly Finding[] = []): Summary {
  const count = (verdict: OperationResult["verdict"]) => results.filter((result) => result.verdict === verdict).length;
  const passed = count("pass");
  const failed = count("fail");
  const findings = [...results.flatMap((result) => result.findings), ...extra];
  return {
    ...totals,
    selected: results.length,
    checked: passed + failed,
    passed,
    failed,
    skipped: count("skip"),
    errors: findings.filter((finding) => finding.severity === "error").length,
    warnings: findings.filter((finding) => finding.severity === "warning").length,
  };
}

function tally(values: readonly string[]): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const value of [...values].sort()) counts[value] = (counts[value] ?? 0) + 1;
  return counts;
}

export function coverageOf(results: readonly OperationResult[], probeCredentials: readonly string[]): Coverage {
  const answered = results.filter((result) => result.status !== null);
  const probed = results.filter((result) => result.probes !== undefined);
  const probeStatuses = probed.flatMap((result) => Object.values(result.probes!));
  return {
    operationsChecked: results.filter((result) => result.verdict !== "skip").length,
    statuses: tally(answered.map((result) => String(result.status))),
    contentTypes: tally(answered.map((result) => result.contentType ?? "(none)")),
    authProbes: {
      credentials: probeCredentials,
      operations: probed.length,
      refused: probeStatuses.filter((status) => status === 401 || status === 403).length,
      accepted: probeStatuses.filter((status) => status !== null && status !== 401 && status !== 403).length,
    },
  };
}

/** Most answers a refusal or a 404: the credential lacks rights, or there is nothing to read. */
export function verdictWarnings(coverage: Coverage): string[] {
  const total = Object.values(coverage.statuses).reduce((sum, count) => sum + count, 0);
  if (total === 0) return [];
  const of = (...statuses: string[]) => statuses.reduce((sum, status) => sum + (coverage.statuses[status] ?? 0), 0);
  const warnings: string[] = [];
  const refused = of("401", "403");
  if (refused * 2 > total) {
    warnings.push(`${refused} of ${total} answers were 401/403: the credential lacks rights (check --api-key or SERVICE_API_KEY, and the key's role), so the checks saw little more than refusals`);
  }
  const notFound = of("404");
  if (notFound * 2 > total) warnings.push(`${notFound} of ${total} answers were 404: the deployment has little data to read, so most answer schemas went unchecked`);
  return warnings;
}

function percent(part: number, whole: number): string {
  return whole === 0 ? "0%" : `${Math.round((part / whole) * 100)}%`;
}

function tallyLine(counts: Readonly<Record<string, number>>): string {
  const entries = Object.entries(counts);
  return entries.length === 0 ? "none" : entries.map(([key, count]) => `${key} ×${count}`).join(", ");
}

export function summaryLine(summary: Summary, coverage?: Coverage): string {
  const scope = summary.selected === summary.readOnly ? `${summary.readOnly} read-only operations` : `${summary.selected} selected of ${summary.readOnly} read-only operations`;
  const line =
    `verify: ${summary.checked} of ${scope} checked (${percent(summary.checked, summary.selected)} coverage; the contract has ${summary.operations} operations): ` +
    `${summary.passed} passed, ${summary.failed} failed, ${summary.skipped} skipped`;
  if (!coverage) return line;
  const probes = coverage.authProbes;
  const auth =
    probes.operations === 0
      ? "auth probes: none made"
      : `auth probes (${probes.credentials.map((credential) => (credential === "none" ? "no credential" : `a ${credential} credential`)).join(", then ")}): ${probes.operations} operations, ${probes.refused} calls refused, ${probes.accepted} accepted`;
  return `${line}\nstatuses seen: ${tallyLine(coverage.statuses)}; content types seen: ${tallyLine(coverage.contentTypes)}\n${auth}`;
}

const SHOWN_FINDINGS = 3;

/** The table people read: one line per operation; below a failure its first findings and a curl command per call that failed; below a skip its reason. */
export function formatTable(results: readonly OperationResult[]): string {
  const width = Math.max(...results.map((result) => result.operation.length), "OPERATION".length);
  const lines = [`${"VERDICT".padEnd(7)}  ${"STATUS".padEnd(6)}  ${"OPERATION".padEnd(width)}  OPERATION ID`];
  for (const result of results) {
    const verdict = result.verdict === "fail" ? "FAIL" : result.verdict;
    lines.push(`${verdict.padEnd(7)}  ${String(result.status ?? "-").padEnd(6)}  ${result.operation.padEnd(width)}  ${result.operationId}`);
    if (result.verdict === "skip" && result.reason) lines.push(`         ${result.reason}`);
    const shown = [...result.findings].sort((a, b) => Number(a.severity === "warning") - Number(b.severity === "warning"));
    for (const finding of shown.slice(0, SHOWN_FINDINGS)) lines.push(`         ${finding.kind}${finding.severity === "warning" ? " (warning)" : ""}: ${finding.message}`);
    if (shown.length > SHOWN_FINDINGS) lines.push(`         … and ${shown.length - SHOWN_FINDINGS} more (see --json)`);
    const curls = [...new Set(result.findings.filter((finding) => finding.severity === "error" && finding.curl).map((finding) => finding.curl!))];
    for (const curl of curls) lines.push(`         reproduce: ${curl}`);
  }
  return lines.join("\n");
}

/**
 * A warning seen on many operations, told once: the same kind, place and words (an optional header
 * missing from every 401, say) become one finding with its count and operations. Errors, and
 * drift, which is told once per change already, stay as they are.
 */
export function aggregateWarnings(findings: readonly Finding[]): Finding[] {
  const groups = new Map<string, Finding[]>();
  const order: (Finding | string)[] = [];
  for (const finding of findings) {
    if (finding.severity !== "warning" || finding.class !== undefined) {
      order.push(finding);
      continue;
    }
    const key = [finding.kind, finding.location ?? "", finding.message].join("\u0000");
    if (!groups.has(key)) order.push(key);
    groups.set(key, [...(groups.get(key) ?? []), finding]);
  }
  return order.map((entry) => {
    if (typeof entry !== "string") return entry;
    const group = groups.get(entry)!;
    if (group.length === 1) return group[0]!;
    const operations = [...new Set(group.map((finding) => finding.operation))];
    return { ...group[0]!, count: group.length, ...(operations.length > 1 ? { operations } : {}) };
  });
}

const counted = <T>(items: readonly T[], keyOf: (item: T) => string) => {
  const counts = new Map<string, number>();
  for (const item of items) counts.set(keyOf(item), (counts.get(keyOf(item)) ?? 0) + 1);
  return [...counts].sort(([a], [b]) => a.localeCompare(b)).map(([key, count]) => `${key} ×${count}`).join(", ");
};

const also = (finding: Finding) => (finding.operations && finding.operations.length > 1 ? ` (+${finding.operations.length - 1} more operation${finding.operations.length > 2 ? "s" : ""})` : "");

/** One line for a drift finding: class, kind, operation, words, and what to do. */
function driftLine(finding: Finding): string {
  return `  ${finding.class ?? ""}  ${finding.kind}  ${finding.operation}${also(finding)}  ${finding.message}${finding.advice ? ` → ${finding.advice}` : ""}${finding.known ? "  [known: in the baseline]" : ""}`;
}

/**
 * What a person reads first: the verdict and the counts, the breaking changes one to a line, the
 * failed operations with their first findings, and everything else grouped and counted. The
 * table of every operation and every finding is for `--verbose` (and the JSON and HTML reports).
 */
export function formatSummary(report: VerifyReport, drift: DriftReport | undefined, verbose: boolean): string {
  const errors = report.findings.filter((finding) => finding.severity === "error");
  const fresh = errors.filter((finding) => !finding.known);
  const driftFindings = report.findings.filter((finding) => finding.class !== undefined);
  const breaking = driftFindings.filter((finding) => finding.severity === "error");
  const compatible = driftFindings.filter((finding) => finding.severity === "warning");
  const added = compatible.filter((finding) => finding.kind === "operation-added");
  const changed = compatible.filter((finding) => finding.kind !== "operation-added");
  const known = errors.filter((finding) => finding.known).length;
  const lines: string[] = [];
  const verdict = fresh.length === 0 ? "PASS" : "FAIL";
  const why = [
    breaking.length > 0 ? `${breaking.length} breaking change${breaking.length === 1 ? "" : "s"} in the deployment's document` : "",
    report.summary.failed > 0 ? `${report.summary.failed} operation${report.summary.failed === 1 ? "" : "s"} failed` : "",
    known > 0 ? `${known} of the errors known from the baseline` : "",
  ].filter(Boolean);
  lines.push(`verify: ${verdict}${why.length > 0 ? ` (${why.join("; ")})` : ""}`);
  lines.push(summaryLine(report.summary, report.coverage));
  if (drift === undefined) lines.push("drift: not checked");
  else {
    const recordedPlaces = report.differences.length;
    const beyond = added.reduce((sum, finding) => sum + (finding.operations?.length ?? 1), 0);
    lines.push(
      `drift (${drift.source}): ${breaking.length} breaking, ${changed.length} compatible, ${beyond} operation${beyond === 1 ? "" : "s"} only the deployment has; ` +
        `${recordedPlaces} recorded difference${recordedPlaces === 1 ? "" : "s"} where the contract is stricter or says more (information)`,
    );
  }
  if (breaking.length > 0) {
    lines.push("", `Breaking (${breaking.length}):`);
    for (const finding of breaking) lines.push(driftLine(finding));
    // Why each recorded difference still breaks, once per reason.
    const whys = new Map(breaking.filter((finding) => finding.why).map((finding) => [/\(recorded difference: ([^)]+)\)$/.exec(finding.message)?.[1] ?? "", finding.why!]));
    for (const [reason, why] of whys) lines.push(`  ${reason}: ${why}`);
  }
  const failed = report.operations.filter((result) => result.verdict === "fail");
  if (failed.length > 0 && !verbose) lines.push("", `Failed operations (${failed.length}):`, formatTable(failed));
  const answerWarnings = report.findings.filter((finding) => finding.severity === "warning" && finding.class === undefined);
  if (compatible.length > 0 || answerWarnings.length > 0 || report.differences.length > 0) lines.push("", "Also (grouped; --verbose or the JSON report for each):");
  if (compatible.length > 0) {
    if (changed.length > 0) lines.push(`  compatible changes: ${changed.length} (${counted(changed, (finding) => finding.rule ?? finding.kind)})`);
    for (const finding of added) lines.push(`  ${finding.message}`);
  }
  for (const finding of answerWarnings) lines.push(`  warning ${finding.kind}: ${finding.message}${finding.count ? ` (×${finding.count}, ${finding.operations?.length ?? 1} operation${(finding.operations?.length ?? 1) === 1 ? "" : "s"})` : ` (${finding.operation})`}`);
  if (report.differences.length > 0) lines.push(`  recorded differences, by reason: ${counted(report.differences, (difference) => difference.reason)}`);
  if (verbose) {
    lines.push("", formatTable(report.operations));
    if (compatible.length > 0) {
      lines.push("", `Compatible (${compatible.length}):`);
      for (const finding of compatible) lines.push(driftLine(finding));
    }
    if (report.differences.length > 0) {
      lines.push("", `Recorded differences (${report.differences.length}): the contract is stricter than, or says more than, the deployment's document here`);
      for (const difference of report.differences) lines.push(`  ${difference.reason}  ${difference.place}: ${difference.message}  (${difference.operations.length} operation${difference.operations.length === 1 ? "" : "s"}: ${difference.operations[0]}${difference.operations.length > 1 ? ", …" : ""})`);
    }
  }
  return lines.join("\n");
}

export function toJson(report: VerifyReport): string {
  const { summary } = report;
  return `${JSON.stringify(
    {
      baseUrl: report.baseUrl,
      summary: {
        checked: summary.checked,
        passed: summary.passed,
        failed: summary.failed,
        skipped: summary.skipped,
        selected: summary.selected,
        readOnly: summary.readOnly,
        operations: summary.operations,
        errors: summary.errors,
        warnings: summary.warnings,
      },
      coverage: report.coverage,
      warnings: report.warnings,
      findings: report.findings,
      differences: report.differences,
      operations: report.operations.map((result) => ({
        operation: result.operation,
        operationId: result.operationId,
        tag: result.tag ?? null,
        status: result.status,
        verdict: result.verdict,
        ...(result.probes === undefined ? {} : { probes: result.probes }),
        ...(result.reason === undefined ? {} : { reason: result.reason }),
      })),
      drift: report.drift,
      ...(report.writes === undefined ? {} : { writes: report.writes }),
    },
    null,
    2,
  )}\n`;
}

function groupsOf<T>(items: readonly T[], keyOf: (item: T) => string): [string, T[]][] {
  const groups = new Map<string, T[]>();
  for (const item of items) groups.set(keyOf(item), [...(groups.get(keyOf(item)) ?? []), item]);
  return [...groups];
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

/** One finding as a line: its kind, its words, and the curl that reproduces it. */
function findingText(finding: Finding): string {
  return `${finding.severity} ${finding.kind}: ${finding.message}${finding.curl ? `\n  reproduce: ${finding.curl}` : ""}`;
}

/** JUnit XML: one test suite, one test case per operation (classname: its tag); a failure lists the operation's findings. */
export function toJunit(report: VerifyReport): string {
  const { summary } = report;
  const seconds = (ms: number) => (ms / 1000).toFixed(3);
  const total = report.operations.reduce((sum, result) => sum + result.durationMs, 0);
  const cases = report.operations.map((result) => {
    const open = `    <testcase classname="service-api.${xml(result.tag ?? "untagged")}" name="${xml(`${result.operation} (${result.operationId})`)}" time="${seconds(result.durationMs)}"`;
    if (result.verdict === "pass") return `${open}/>`;
    if (result.verdict === "skip") return `${open}>\n      <skipped message="${xml(result.reason ?? "skipped")}"/>\n    </testcase>`;
    const first = result.findings.find((finding) => finding.severity === "error");
    const message = first ? `${first.kind}: ${first.message}` : "failed";
    const detail = result.findings.map(findingText).join("\n");
    return `${open}>\n      <failure message="${xml(message)}" type="${xml(first?.kind ?? "contract-mismatch")}">${xml(`HTTP ${result.status ?? "-"}\n${detail}`)}</failure>\n    </testcase>`;
  });
  // Drift as the terminal groups it: a test case per breaking change, one per kind of compatible
  // change and one per reason of recorded difference, each with its count.
  const drift = report.findings.filter((finding) => finding.class !== undefined);
  const driftCases = [
    ...drift
      .filter((finding) => finding.severity === "error")
      .map((finding) => {
        const open = `    <testcase classname="service-api.drift" name="${xml(`${finding.kind} ${finding.operation}`)}"`;
        if (finding.known) return `${open}>\n      <skipped message="${xml(`known from the baseline: ${finding.message}`)}"/>\n    </testcase>`;
        const detail = [finding.message, finding.advice ? `what to do: ${finding.advice}` : "", finding.operations ? `operations: ${finding.operations.join(", ")}` : ""].filter(Boolean).join("\n");
        return `${open}>\n      <failure message="${xml(finding.message)}" type="${xml(finding.class ?? finding.kind)}">${xml(detail)}</failure>\n    </testcase>`;
      }),
    ...groupsOf(drift.filter((finding) => finding.severity === "warning"), (finding) => finding.rule ?? finding.kind).map(
      ([rule, group]) => `    <testcase classname="service-api.drift" name="${xml(`compatible: ${rule} (×${group.length})`)}"><system-out>${xml(group.map((finding) => `${finding.operation}: ${finding.message}`).join("\n"))}</system-out></testcase>`,
    ),
    ...groupsOf(report.differences, (difference) => difference.reason).map(
      ([reason, group]) => `    <testcase classname="service-api.recorded" name="${xml(`recorded difference: ${reason} (×${group.length})`)}"><system-out>${xml(`${group[0]!.why}\n${group.map((difference) => `${difference.place}: ${difference.message}`).join("\n")}`)}</system-out></testcase>`,
    ),
  ];
  const driftFailures = drift.filter((finding) => finding.severity === "error" && !finding.known).length;
  const driftSkipped = drift.filter((finding) => finding.severity === "error" && finding.known).length;
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<testsuites name="service-api verify" tests="${summary.selected + driftCases.length}" failures="${summary.failed + driftFailures}" skipped="${summary.skipped + driftSkipped}" time="${seconds(total)}">`,
    `  <testsuite name="service-api verify" tests="${summary.selected}" failures="${summary.failed}" errors="0" skipped="${summary.skipped}" time="${seconds(total)}">`,
    ...cases,
    "  </testsuite>",
    ...(driftCases.length === 0
      ? []
      : [`  <testsuite name="service-api verify: drift" tests="${driftCases.length}" failures="${driftFailures}" errors="0" skipped="${driftSkipped}" time="0.000">`, ...driftCases, "  </testsuite>"]),
    "</testsuites>",
    "",
  ].join("\n");
}
