// `--html <file>`: the report as one page to share, in order of harm. It opens on the verdict
// and why, and one count per section, each the number of rows its section holds; then the
// sections, worst first: credentials accepted, failed answers, invalid input not refused,
// breaking drift, compatible changes (the operations only the deployment has apart, named as
// such), warnings on answers, known findings (--baseline), recorded differences; then what
// --write created, and every operation, the failed ones first. A section is one entry of
// `sections`, so a new kind of finding is one more entry. Long values are shortened as on the
// terminal (shorten.ts), the whole message in a disclosure below. Self-contained: the styles are inline, there is no
// script, and its Content-Security-Policy forbids loading anything, so the page opens offline and
// sends no request. Long paths and messages wrap, so the page never scrolls sideways. It holds
// what the JSON report holds, so no credential.
import type { RecordedFinding } from "./report.js";
import type { Finding } from "./findings.js";
import { summaryLine, type VerifyReport } from "./report.js";
import { shortMessage } from "./shorten.js";
import { failing, verdictOf, verdictText } from "./verdict.js";

function escape(text: string): string {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;").replace(/'/g, "&#39;");
}

const STYLE = `
body { font: 14px/1.45 system-ui, sans-serif; margin: 2rem auto; max-width: 72rem; padding: 0 1rem; color: #1d1d1f; }
h1 { font-size: 1.4rem; overflow-wrap: anywhere; } h2 { font-size: 1.1rem; margin-top: 2rem; }
table { border-collapse: collapse; width: 100%; table-layout: fixed; } th, td { text-align: left; padding: .3rem .5rem; border-bottom: 1px solid #ddd; vertical-align: top; overflow-wrap: anywhere; }
code, pre { font: 12px/1.4 ui-monospace, monospace; } pre { white-space: pre-wrap; overflow-wrap: anywhere; margin: .3rem 0 0; background: #f4f4f6; padding: .4rem; }
.error { color: #b00020; font-weight: 600; } .warning { color: #8a5a00; font-weight: 600; } .pass { color: #1b7a2b; } .skip { color: #666; } .fail { color: #b00020; font-weight: 600; }
.note { background: #fff4d6; padding: .5rem .8rem; border-left: 4px solid #e0a800; }
.verdict { font-size: 1.2rem; font-weight: 700; } .counts { display: flex; flex-wrap: wrap; gap: .5rem 1.5rem; padding: 0; list-style: none; }
.counts li { background: #f4f4f6; padding: .3rem .7rem; border-radius: .3rem; }
details { margin: .2rem 0; } summary { cursor: pointer; }
`;

const operationsOf = (operations: readonly string[]) =>
  operations.length <= 1 ? "" : `<details><summary>${operations.length} operations</summary><code>${operations.map(escape).join("<br>")}</code></details>`;

/** The message with its long values shortened, and the whole of it in a disclosure when that differs. */
function messageCell(message: string): string {
  const short = shortMessage(message);
  return short === message ? escape(message) : `${escape(short)}<details><summary>whole message (${message.length} characters)</summary><pre>${escape(message)}</pre></details>`;
}

function findingRow(finding: Finding): string {
  const known = finding.known ? ' <em>(known: in the baseline)</em>' : "";
  const count = finding.count ? ` <em>(×${finding.count})</em>` : "";
  const alsoIn = finding.alsoIn ? `<br>The same change also shows in the default of ${finding.alsoIn.map((place) => `<code>${escape(place)}</code>`).join(", ")}` : "";
  return (
    `<tr class="finding"><td><code>${escape(finding.operation)}</code>${operationsOf(finding.operations ?? [])}</td><td>${escape(finding.kind)}</td>` +
    `<td class="${finding.severity}">${finding.severity}${known}</td><td>${messageCell(finding.message)}${count}` +
    `${finding.class ? ` <em>(${escape(finding.class)})</em>` : ""}${alsoIn}${finding.why ? `<br>Why: ${escape(finding.why)}` : ""}${finding.advice ? `<br>What to do: ${escape(finding.advice)}` : ""}${finding.curl ? `<pre>${escape(finding.curl)}</pre>` : ""}</td></tr>`
  );
}

function findingsTable(id: string, findings: readonly Finding[]): string {
  if (findings.length === 0) return "<p>None.</p>";
  return `<table id="${id}"><colgroup><col style="width:28%"><col style="width:14%"><col style="width:10%"><col></colgroup><thead><tr><th>Operation</th><th>Kind</th><th>Severity</th><th>What, and what to do</th></tr></thead><tbody>\n${findings.map(findingRow).join("\n")}\n</tbody></table>`;
}

function differencesTable(differences: readonly RecordedFinding[]): string {
  if (differences.length === 0) return "<p>None.</p>";
  const reasons = new Map<string, RecordedFinding[]>();
  for (const difference of differences) reasons.set(difference.reason, [...(reasons.get(difference.reason) ?? []), difference]);
  const rows = [...reasons].map(
    ([reason, group]) =>
      `<tr><td><code>${escape(reason)}</code> <em>(${group.length})</em></td><td>${escape(group[0]!.why)}<details><summary>where</summary>` +
      `<code>${group.map((difference) => `${escape(difference.place)}: ${escape(shortMessage(difference.message))}${difference.operations.length > 1 ? ` (${difference.operations.length} operations)` : ` (${escape(difference.operations[0] ?? "")})`}`).join("<br>")}</code></details></td></tr>`,
  );
  return `<table id="differences"><colgroup><col style="width:22%"><col></colgroup><thead><tr><th>Reason</th><th>Why the contract differs, and where</th></tr></thead><tbody>\n${rows.join("\n")}\n</tbody></table>`;
}

/** One section of the page: its heading, the count its badge shows (the rows it holds), and its body. */
interface Section {
  readonly id: string;
  readonly heading: string;
  /** The badge's words after the count ("breaking", "failed answers"). */
  readonly badge: string;
  readonly count: number;
  readonly intro?: string;
  readonly body: string;
}

const plural = (count: number, one: string, many = `${one}s`) => (count === 1 ? one : many);

/** What the invalid-input checks sent, as the summary counts it; or that none were sent. */
function invalidIntro(report: VerifyReport): string {
  const tally = report.coverage.invalidRequests;
  if (tally === undefined) return "None sent (--no-negative).";
  return `${tally.sent} sent to ${tally.operations} operations: ${tally.refused} refused, ${tally.accepted} accepted, ${tally.serverErrors} answered 5xx, ${tally.inconclusive} inconclusive (401/403), ${tally.other} other.`;
}

/** The page's sections, worst first. */
function sectionsOf(report: VerifyReport): Section[] {
  const fresh = report.findings.filter(failing);
  const drift = report.findings.filter((finding) => finding.class !== undefined);
  const accepted = fresh.filter((finding) => finding.kind === "auth-ignored");
  const failed = fresh.filter((finding) => finding.class === undefined && finding.kind !== "auth-ignored" && finding.invalid === undefined);
  const invalid = report.findings.filter((finding) => finding.invalid !== undefined && finding.known !== true);
  const breaking = fresh.filter((finding) => finding.class !== undefined);
  const compatible = drift.filter((finding) => finding.severity === "warning" && finding.kind !== "operation-added");
  const beyond = drift.find((finding) => finding.kind === "operation-added");
  const beyondCount = beyond === undefined ? 0 : (beyond.operations?.length ?? 1);
  const answerWarnings = report.findings.filter((finding) => finding.class === undefined && finding.severity === "warning" && finding.invalid === undefined);
  const known = report.findings.filter((finding) => finding.known === true);
  const table = (id: string, findings: readonly Finding[]) => ({ count: findings.length, body: findingsTable(id, findings) });
  return [
    { id: "credentials", heading: "Credentials accepted: operations that served a call without a valid credential", badge: `${plural(accepted.length, "operation")} served without a valid credential`, ...table("credentials", accepted) },
    { id: "failed", heading: "Failed answers", badge: plural(failed.length, "failed answer"), ...table("failed", failed) },
    {
      id: "invalid-input",
      heading: "Invalid input not refused: requests that break one rule of the contract each, answered with something other than 400 or 422",
      badge: plural(invalid.length, "invalid request not refused", "invalid requests not refused"),
      intro: invalidIntro(report),
      ...table("invalid-input", invalid),
    },
    { id: "breaking", heading: "Breaking changes in the deployment's document", badge: "breaking", ...table("breaking", breaking) },
    { id: "compatible", heading: "Compatible changes in the deployment's document", badge: "compatible", ...table("compatible", compatible) },
    {
      id: "beyond",
      heading: "Operations only the deployment has",
      badge: `${plural(beyondCount, "operation")} only the deployment has`,
      count: beyondCount,
      body: beyond === undefined ? "<p>None.</p>" : `<p id="beyond-summary">${escape(beyond.message)}</p>${operationsOf(beyond.operations ?? [beyond.operation])}`,
    },
    { id: "answer-warnings", heading: "Warnings on answers", badge: plural(answerWarnings.length, "warning on answers", "warnings on answers"), intro: "Reported; they fail no run.", ...table("answer-warnings", answerWarnings) },
    { id: "known", heading: "Known findings (in the --baseline report)", badge: "known", intro: "Reported; they fail no run, a new one still does.", ...table("known", known) },
    {
      id: "differences",
      heading: "Recorded differences: the contract is stricter than, or says more than, the deployment's document here",
      badge: `${plural(report.differences.length, "recorded difference")} (information)`,
      count: report.differences.length,
      intro: "Each is recorded on purpose, with why. Information, not drift.",
      body: differencesTable(report.differences),
    },
  ];
}

export function toHtml(report: VerifyReport): string {
  const title = `service-api verify: ${report.baseUrl}`;
  const verdict = verdictOf(report);
  const sections = sectionsOf(report);
  // The failed operations first, the others in the report's order.
  const ordered = [...report.operations.filter((result) => result.verdict === "fail"), ...report.operations.filter((result) => result.verdict !== "fail")];
  const operations = ordered
    .map((result) => `<tr><td class="${result.verdict}">${result.verdict}</td><td>${result.status ?? "-"}</td><td><code>${escape(result.operation)}</code></td><td>${escape(result.operationId)}</td><td>${escape(result.reason ?? "")}</td></tr>`)
    .join("\n");
  const created = report.writes?.created ?? [];
  const counts = [
    ...sections.map((section) => `${section.count} ${section.badge}`),
    `${report.summary.passed} passed, ${report.summary.failed} failed, ${report.summary.skipped} skipped operations`,
  ];
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escape(title)}</title>
<style>${STYLE}</style>
</head>
<body>
<h1>${escape(title)}</h1>
<p id="verdict" class="verdict ${verdict.verdict}">${escape(verdictText(verdict))}</p>
<ul id="counts" class="counts">${counts.map((count) => `<li>${escape(count)}</li>`).join("")}</ul>
<pre id="summary">${escape(summaryLine(report.summary, report.coverage))}</pre>
${report.notes.map((note) => `<p class="note">${escape(note)}</p>`).join("\n")}
${sections.map((section) => `<h2 id="${section.id}-heading">${escape(section.heading)} (${section.count})</h2>\n${section.intro ? `<p>${escape(section.intro)}</p>\n` : ""}${section.body}`).join("\n")}
${created.length === 0 ? "" : `<h2>Created by --write</h2><table id="created"><thead><tr><th>Create</th><th>Name</th><th>Id</th><th>Deleted</th></tr></thead><tbody>${created.map((thing) => `<tr><td><code>${escape(thing.operation)}</code></td><td>${escape(thing.name)}</td><td>${escape(thing.id ?? "-")}</td><td>${thing.deleted ? "yes" : '<span class="error">no</span>'}</td></tr>`).join("")}</tbody></table>`}
<h2 id="operations-heading">Operations (${report.operations.length}), the failed ones first</h2>
<table id="operations"><colgroup><col style="width:8%"><col style="width:7%"><col style="width:40%"><col style="width:20%"><col></colgroup><thead><tr><th>Verdict</th><th>Status</th><th>Operation</th><th>Operation id</th><th>Why skipped</th></tr></thead><tbody>
${operations}
</tbody></table>
</body>
</html>
`;
}
