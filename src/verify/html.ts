// `--html <file>`: the report as one page to share. It opens on what the terminal opens on (the
// verdict and the counts), then a section each for the breaking changes, the compatible ones, the
// contract's recorded differences (information) and the answer checks, and last every operation's
// verdict. Self-contained: the styles are inline, there is no script, and its
// Content-Security-Policy forbids loading anything, so the page opens offline and sends no request.
// Long paths and messages wrap, so the page never scrolls sideways. It holds what the JSON report
// holds, so no credential.
import type { RecordedFinding } from "./report.js";
import type { Finding } from "./findings.js";
import { summaryLine, type VerifyReport } from "./report.js";

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

function findingRow(finding: Finding): string {
  const known = finding.known ? ' <em>(known: in the baseline)</em>' : "";
  const count = finding.count ? ` <em>(×${finding.count})</em>` : "";
  return (
    `<tr class="finding"><td><code>${escape(finding.operation)}</code>${operationsOf(finding.operations ?? [])}</td><td>${escape(finding.kind)}</td>` +
    `<td class="${finding.severity}">${finding.severity}${known}</td><td>${escape(finding.message)}${count}` +
    `${finding.class ? ` <em>(${escape(finding.class)})</em>` : ""}${finding.why ? `<br>Why: ${escape(finding.why)}` : ""}${finding.advice ? `<br>What to do: ${escape(finding.advice)}` : ""}${finding.curl ? `<pre>${escape(finding.curl)}</pre>` : ""}</td></tr>`
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
      `<code>${group.map((difference) => `${escape(difference.place)}: ${escape(difference.message)}${difference.operations.length > 1 ? ` (${difference.operations.length} operations)` : ` (${escape(difference.operations[0] ?? "")})`}`).join("<br>")}</code></details></td></tr>`,
  );
  return `<table id="differences"><colgroup><col style="width:22%"><col></colgroup><thead><tr><th>Reason</th><th>Why the contract differs, and where</th></tr></thead><tbody>\n${rows.join("\n")}\n</tbody></table>`;
}

export function toHtml(report: VerifyReport): string {
  const title = `service-api verify: ${report.baseUrl}`;
  const drift = report.findings.filter((finding) => finding.class !== undefined);
  const breaking = drift.filter((finding) => finding.severity === "error");
  const compatible = drift.filter((finding) => finding.severity === "warning");
  const beyond = compatible.filter((finding) => finding.kind === "operation-added").reduce((sum, finding) => sum + (finding.operations?.length ?? 1), 0);
  const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? "" : "s"}`;
  const answers = report.findings.filter((finding) => finding.class === undefined);
  const failing = report.findings.filter((finding) => finding.severity === "error" && !finding.known);
  const operations = report.operations
    .map((result) => `<tr><td class="${result.verdict}">${result.verdict}</td><td>${result.status ?? "-"}</td><td><code>${escape(result.operation)}</code></td><td>${escape(result.operationId)}</td><td>${escape(result.reason ?? "")}</td></tr>`)
    .join("\n");
  const created = report.writes?.created ?? [];
  const counts = [
    `${breaking.length} breaking`,
    `${compatible.length - (beyond > 0 ? 1 : 0)} compatible`,
    `${plural(beyond, "operation")} only the deployment has`,
    `${plural(report.differences.length, "recorded difference")} (information)`,
    `${report.summary.passed} passed, ${report.summary.failed} failed, ${report.summary.skipped} skipped operations`,
    `${plural(answers.length, "answer finding")}`,
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
<p id="verdict" class="verdict ${failing.length === 0 ? "pass" : "fail"}">${failing.length === 0 ? "PASS" : "FAIL"}</p>
<ul id="counts" class="counts">${counts.map((count) => `<li>${escape(count)}</li>`).join("")}</ul>
<pre id="summary">${escape(summaryLine(report.summary, report.coverage))}</pre>
${report.warnings.map((warning) => `<p class="note">${escape(warning)}</p>`).join("\n")}
<h2 id="breaking-heading">Breaking changes in the deployment's document (${breaking.length})</h2>
${findingsTable("breaking", breaking)}
<h2>Compatible changes (${compatible.length})</h2>
${findingsTable("compatible", compatible)}
<h2>Recorded differences: the contract is stricter than, or says more than, the deployment's document here (${report.differences.length})</h2>
<p>Each is recorded on purpose, with why. Information, not drift.</p>
${differencesTable(report.differences)}
<h2>Answer checks (${answers.length})</h2>
${findingsTable("findings", answers)}
${created.length === 0 ? "" : `<h2>Created by --write</h2><table id="created"><thead><tr><th>Create</th><th>Name</th><th>Id</th><th>Deleted</th></tr></thead><tbody>${created.map((thing) => `<tr><td><code>${escape(thing.operation)}</code></td><td>${escape(thing.name)}</td><td>${escape(thing.id ?? "-")}</td><td>${thing.deleted ? "yes" : '<span class="error">no</span>'}</td></tr>`).join("")}</tbody></table>`}
<h2>Operations (${report.operations.length})</h2>
<table id="operations"><colgroup><col style="width:8%"><col style="width:7%"><col style="width:40%"><col style="width:20%"><col></colgroup><thead><tr><th>Verdict</th><th>Status</th><th>Operation</th><th>Operation id</th><th>Why skipped</th></tr></thead><tbody>
${operations}
</tbody></table>
</body>
</html>
`;
}
