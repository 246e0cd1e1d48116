// `--junit <file>`: JUnit XML for CI systems. One test case per operation (a failure typed by its
// first finding's kind), one per invalid request in a suite of its own (a failure when the
// deployment did not refuse it, skipped when the credential was refused first), and drift grouped
// as the terminal groups it: a failing case per breaking change, a case per kind of compatible
// change and per reason of recorded difference.
import type { Finding } from "./findings.js";
import type { VerifyReport } from "./report.js";

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
  // A case's time is its own calls'; a suite's is the wall time of what it covers, the calls
  // running side by side (so never the sum of its cases), and the whole the run's.
  const { run } = report;
  const cases = report.operations.map((result) => {
    const open = `    <testcase classname="service-api.${xml(result.tag ?? "untagged")}" name="${xml(`${result.operation} (${result.operationId})`)}" time="${seconds(result.durationMs)}"`;
    if (result.verdict === "pass") return `${open}/>`;
    if (result.verdict === "skip") return `${open}>\n      <skipped message="${xml(result.reason ?? "skipped")}"/>\n    </testcase>`;
    const first = result.findings.find((finding) => finding.severity === "error");
    const message = first ? `${first.kind}: ${first.message}` : "failed";
    const detail = result.findings.map(findingText).join("\n");
    return `${open}>\n      <failure message="${xml(message)}" type="${xml(first?.kind ?? "contract-mismatch")}">${xml(`HTTP ${result.status ?? "-"}\n${detail}`)}</failure>\n    </testcase>`;
  });
  // The invalid-input checks: a case each, named by kind, operation and parameter; its finding, when
  // there is one, is matched by operation, kind of input and place.
  const invalidFindings = report.findings.filter((finding) => finding.invalid !== undefined);
  const invalidCases = report.operations.flatMap((result) =>
    (result.invalid ?? []).map((check) => {
      const open = `    <testcase classname="service-api.invalid-input" name="${xml(`${check.kind} ${result.operation} (${check.in} ${check.parameter})`)}" time="${seconds(check.durationMs)}"`;
      if (check.outcome === "inconclusive") return `${open}>\n      <skipped message="${xml(`HTTP ${check.status}: the credential was refused before the input was read`)}"/>\n    </testcase>`;
      const finding = invalidFindings.find((each) => each.operation === result.operation && each.invalid === check.kind && each.location === `/${check.in}/${check.parameter}`);
      if (finding === undefined) return `${open}/>`;
      if (finding.severity === "warning") return `${open}><system-out>${xml(findingText(finding))}</system-out></testcase>`;
      return `${open}>\n      <failure message="${xml(finding.message)}" type="${xml(finding.kind)}">${xml(`${findingText(finding)}${finding.advice ? `\nwhat to do: ${finding.advice}` : ""}`)}</failure>\n    </testcase>`;
    }),
  );
  const invalidFailures = invalidFindings.filter((finding) => finding.severity === "error" && !finding.known).length;
  const invalidSkipped = report.operations.flatMap((result) => result.invalid ?? []).filter((check) => check.outcome === "inconclusive").length;
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
    `<testsuites name="service-api verify" tests="${summary.selected + invalidCases.length + driftCases.length}" failures="${summary.failed + invalidFailures + driftFailures}" skipped="${summary.skipped + invalidSkipped + driftSkipped}" time="${seconds(run.durationMs)}">`,
    `  <testsuite name="service-api verify" tests="${summary.selected}" failures="${summary.failed}" errors="0" skipped="${summary.skipped}" time="${seconds(run.callsMs)}">`,
    ...cases,
    "  </testsuite>",
    // Sent among the operations' calls, so its wall time is theirs.
    ...(invalidCases.length === 0
      ? []
      : [`  <testsuite name="service-api verify: invalid input" tests="${invalidCases.length}" failures="${invalidFailures}" errors="0" skipped="${invalidSkipped}" time="${seconds(run.callsMs)}">`, ...invalidCases, "  </testsuite>"]),
    ...(driftCases.length === 0
      ? []
      : [`  <testsuite name="service-api verify: drift" tests="${driftCases.length}" failures="${driftFailures}" errors="0" skipped="${driftSkipped}" time="${seconds(run.driftMs)}">`, ...driftCases, "  </testsuite>"]),
    "</testsuites>",
    "",
  ].join("\n");
}
