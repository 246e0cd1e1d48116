// The report verify assembles, and how it counts: the summary and coverage, the notes that a
// pass means little, repeated warnings told once, the summary line, and the JSON report (`--json`,
// the shape report.schema.json pins). The terminal's words are in terminal.ts, JUnit in junit.ts,
// the HTML page in html.ts. Findings carry JSON paths and words, never a value from a body and
// never a credential.
import { findingKey } from "./baseline.js";
import { INVALID_KINDS, type Finding, type InvalidKind } from "./findings.js";
import type { OperationResult } from "./run.js";
import { verdictOf } from "./verdict.js";
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
  /** The invalid requests (invalid-requests.ts): how many were sent, to how many operations, of each kind, and what their answers counted as. Absent with --no-negative. */
  readonly invalidRequests?: InvalidTally;
}

/** The invalid requests' counts, by what their answers counted as (`outcomeOf`). */
export interface InvalidTally {
  readonly sent: number;
  readonly operations: number;
  readonly kinds: Readonly<Partial<Record<InvalidKind, number>>>;
  readonly refused: number;
  readonly accepted: number;
  readonly serverErrors: number;
  /** Answered 401 or 403: the credential was refused before the input was read. */
  readonly inconclusive: number;
  /** Any other status (a 404 where no path identifier was broken, a 409), or no answer. */
  readonly other: number;
}

/** A recorded deliberate difference, as a report lists it: information, not drift. */
export interface RecordedFinding {
  readonly reason: string;
  /** Why the contract differs there (the record's words). */
  readonly why: string;
  readonly rule: string;
  /** The schema and place, or the place in the operation. */
  readonly place: string;
  readonly message: string;
  readonly operations: readonly string[];
}

/** One address verify read a document from, or tried to. */
export interface DocumentRead {
  /** A URL without its query values, or a file. */
  readonly address: string;
  /** Whether its document was read and compared with the contract. */
  readonly compared: boolean;
  /** The document's `info.version`, where it has one. */
  readonly version?: string;
  /** How many of the contract's operations it publishes, where it was compared. */
  readonly publishes?: number;
  /** Why it was not compared: it answered with no document, or its document cannot be compared. */
  readonly reason?: string;
}

/** The deployment's own documents against the contract, as the command found them. */
export interface DriftReport {
  /** The first document read (a URL without its query values, or a file); the first address tried where none was. */
  readonly source: string;
  /** Every address tried, in order. */
  readonly documents: readonly DocumentRead[];
  /** Why there is no drift report (the deployment publishes no document where verify looked, or none could be compared). */
  readonly warning?: string;
  /** Where some documents were compared and others named by --openapi gave none: which, and why (the default addresses a deployment lacks are only listed in `documents`). */
  readonly note?: string;
  readonly findings: readonly Finding[];
  /** The contract's recorded deliberate differences met there: information, not drift. */
  readonly recorded: readonly RecordedFinding[];
  /** The first document read's `info.version`, where it has one. */
  readonly documentVersion?: string;
  /** The contract's operations the document does not publish, whole groups of them: a subset, told as one note. */
  readonly unpublished?: readonly string[];
}

/** When the run started and how long its parts took (wall time, ms), and what it compared. */
export interface RunFacts {
  /** ISO 8601, UTC. */
  readonly startedAt: string;
  /** From the start to the report. */
  readonly durationMs: number;
  /** The calls and probes, from the first to the last answer (the operations' JUnit suite). */
  readonly callsMs: number;
  /** Reading and comparing the deployment's own document (the drift suite). */
  readonly driftMs: number;
  /** This tool's version, and the contract's `info.version`. */
  readonly tool: string;
  readonly contract: string;
}

export interface VerifyReport {
  readonly baseUrl: string;
  readonly summary: Summary;
  readonly coverage: Coverage;
  /** Sentences about the run as a whole: why a pass may mean little (most answers 401/403, or 404), why drift was not checked. */
  readonly notes: readonly string[];
  /** Every finding, in operation order; a warning repeated on many operations once, with its count. */
  readonly findings: readonly Finding[];
  /** Where the contract is stricter than, or says more than, the deployment's document: recorded on purpose, information. */
  readonly differences: readonly RecordedFinding[];
  readonly operations: readonly OperationResult[];
  /** Where the deployment's own documents were read from, and whether any was compared (their findings are in `findings`). */
  readonly drift: { readonly source: string; readonly compared: boolean; readonly documents: readonly DocumentRead[]; readonly unpublished?: readonly string[] };
  /** What a --write run created and deleted. */
  readonly writes?: WriteReport;
  readonly run: RunFacts;
  /** The deployment's document's `info.version`; undefined where it was not read or has none. */
  readonly deploymentVersion: string | undefined;
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

function invalidTally(results: readonly OperationResult[]): InvalidTally {
  const checks = results.flatMap((result) => result.invalid ?? []);
  const outcomes = (...wanted: string[]) => checks.filter((check) => wanted.includes(check.outcome)).length;
  const kinds: Partial<Record<InvalidKind, number>> = {};
  for (const kind of INVALID_KINDS) {
    const count = checks.filter((check) => check.kind === kind).length;
    if (count > 0) kinds[kind] = count;
  }
  return {
    sent: checks.length,
    operations: results.filter((result) => result.invalid !== undefined).length,
    kinds,
    refused: outcomes("refused"),
    accepted: outcomes("accepted"),
    serverErrors: outcomes("server-error"),
    inconclusive: outcomes("inconclusive"),
    other: outcomes("other", "no-answer"),
  };
}

export function coverageOf(results: readonly OperationResult[], probeCredentials: readonly string[], invalid = true): Coverage {
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
    ...(invalid ? { invalidRequests: invalidTally(results) } : {}),
  };
}

/** Most answers a refusal or a 404: the credential lacks rights, or there is nothing to read. */
export function coverageNotes(coverage: Coverage): string[] {
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
  const tally = coverage.invalidRequests;
  const invalid =
    tally === undefined
      ? "invalid requests: none sent (--no-negative)"
      : `invalid requests${tally.sent === 0 ? "" : ` (${tallyLine(tally.kinds)})`}: ${tally.sent} sent to ${tally.operations} operations, ${tally.refused} refused, ${tally.accepted} accepted, ` +
        `${tally.serverErrors} answered 5xx, ${tally.inconclusive} inconclusive (401/403), ${tally.other} other`;
  return `${line}\nstatuses seen: ${tallyLine(coverage.statuses)}; content types seen: ${tallyLine(coverage.contentTypes)}\n${auth}\n${invalid}`;
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
    // An invalid request's finding names its own request, so it stays one per request.
    if (finding.severity !== "warning" || finding.class !== undefined || finding.invalid !== undefined) {
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

export function toJson(report: VerifyReport): string {
  const { summary, run } = report;
  const { verdict, reasons } = verdictOf(report);
  return `${JSON.stringify(
    {
      // What a reader needs first: the verdict and why, when, and what was compared.
      verdict,
      reason: reasons.join("; "),
      startedAt: run.startedAt,
      durationMs: Math.round(run.durationMs),
      versions: { tool: run.tool, contract: run.contract, deployment: report.deploymentVersion ?? null },
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
      notes: report.notes,
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
        ...(result.invalid === undefined ? {} : { invalid: result.invalid }),
      })),
      drift: report.drift,
      ...(report.writes === undefined ? {} : { writes: report.writes }),
    },
    null,
    2,
  )}\n`;
}

/**
 * Step 4 of verify: one report of the answers, the writes and the drift; a warning repeated on
 * many operations told once, and each finding the baseline holds marked known.
 */
export function assembleReport(
  calls: { readonly results: readonly OperationResult[]; readonly writes: WriteReport | undefined; readonly writeFindings: readonly Finding[]; readonly probes: readonly string[]; readonly invalid?: boolean },
  drift: DriftReport,
  totals: { operations: number; readOnly: number },
  baseUrl: string,
  baseline: ReadonlySet<string> | undefined,
  run: RunFacts,
): VerifyReport {
  const { results, writes, writeFindings } = calls;
  const coverage = coverageOf(results, calls.probes, calls.invalid !== false);
  const all = aggregateWarnings([...results.flatMap((result) => result.findings), ...writeFindings, ...drift.findings]);
  const findings = baseline ? all.map((finding) => (baseline.has(findingKey(finding)) ? { ...finding, known: true } : finding)) : all;
  const notes = coverageNotes(coverage);
  if (drift.warning !== undefined) notes.push(`drift not checked: ${drift.warning}`);
  if (drift.note !== undefined) notes.push(drift.note);
  const unpublished = drift.unpublished?.length ?? 0;
  if (unpublished > 0) notes.push(`the deployment's documents do not publish ${unpublished} of the contract's operations, whole groups of them (drift.unpublished in the JSON report names them): not counted as removed`);
  const inconclusive = coverage.invalidRequests?.inconclusive ?? 0;
  if (inconclusive > 0) {
    notes.push(`${inconclusive} invalid request${inconclusive === 1 ? " was" : "s were"} answered 401 or 403: the credential was refused before the input was read, so ${inconclusive === 1 ? "it says" : "they say"} nothing about how the deployment checks input`);
  }
  const wrongProbed = results.filter((result) => result.probes?.wrong !== undefined);
  if (wrongProbed.length > 0 && wrongProbed.every((result) => result.probes!.wrong! >= 200 && result.probes!.wrong! < 300)) {
    notes.push("every operation accepted a wrong credential: if this is a mock (Prism, service-api/testing), which checks that a credential is there and not that it is right, pass --mock; on a real deployment, anyone can call it");
  }
  return {
    baseUrl,
    summary: summarize(results, totals, [...writeFindings, ...drift.findings]),
    coverage,
    notes,
    findings,
    differences: drift.recorded,
    operations: results,
    drift: { source: drift.source, compared: drift.warning === undefined, documents: drift.documents, ...(unpublished > 0 ? { unpublished: drift.unpublished } : {}) },
    ...(writes ? { writes } : {}),
    run,
    deploymentVersion: drift.documentVersion,
  };
}
