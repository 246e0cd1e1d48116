// `--html <file>`: the report as one page to share: the summary, the coverage, the warnings, each
// finding with its curl command, and every operation's verdict. Self-contained: the styles are
// inline, there is no script, and its Content-Security-Policy forbids loading anything, so the
// page opens offline and sends no request. It holds what the JSON report holds, so no credential.
import type { Finding } from "./findings.js";
import { summaryLine, type VerifyReport } from "./report.js";

function escape(text: string): string {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;").replace(/'/g, "&#39;");
}

const STYLE = `
body { font: 14px/1.45 system-ui, sans-serif; margin: 2rem; color: #1d1d1f; }
h1 { font-size: 1.4rem; } h2 { font-size: 1.1rem; margin-top: 2rem; }
table { border-collapse: collapse; width: 100%; } th, td { text-align: left; padding: .3rem .5rem; border-bottom: 1px solid #ddd; vertical-align: top; }
code, pre { font: 12px/1.4 ui-monospace, monospace; } pre { white-space: pre-wrap; word-break: break-all; margin: .3rem 0 0; background: #f4f4f6; padding: .4rem; }
.error { color: #b00020; font-weight: 600; } .warning { color: #8a5a00; font-weight: 600; } .pass { color: #1b7a2b; } .skip { color: #666; } .fail { color: #b00020; font-weight: 600; }
.note { background: #fff4d6; padding: .5rem .8rem; border-left: 4px solid #e0a800; }
`;

function findingRow(finding: Finding): string {
  return (
    `<tr class="finding"><td><code>${escape(finding.operation)}</code></td><td>${escape(finding.kind)}</td>` +
    `<td class="${finding.severity}">${finding.severity}</td><td>${escape(finding.message)}` +
    `${finding.class ? ` <em>(${escape(finding.class)})</em>` : ""}${finding.curl ? `<pre>${escape(finding.curl)}</pre>` : ""}</td></tr>`
  );
}

export function toHtml(report: VerifyReport): string {
  const title = `service-api verify: ${report.baseUrl}`;
  const operations = report.operations
    .map((result) => `<tr><td class="${result.verdict}">${result.verdict}</td><td>${result.status ?? "-"}</td><td><code>${escape(result.operation)}</code></td><td>${escape(result.operationId)}</td><td>${escape(result.reason ?? "")}</td></tr>`)
    .join("\n");
  const created = report.writes?.created ?? [];
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
<pre id="summary">${escape(summaryLine(report.summary, report.coverage))}</pre>
${report.warnings.map((warning) => `<p class="note">${escape(warning)}</p>`).join("\n")}
<h2>Findings (${report.findings.length})</h2>
${report.findings.length === 0 ? "<p>None.</p>" : `<table id="findings"><thead><tr><th>Operation</th><th>Kind</th><th>Severity</th><th>What, and how to reproduce it</th></tr></thead><tbody>\n${report.findings.map(findingRow).join("\n")}\n</tbody></table>`}
${created.length === 0 ? "" : `<h2>Created by --write</h2><table id="created"><thead><tr><th>Create</th><th>Name</th><th>Id</th><th>Deleted</th></tr></thead><tbody>${created.map((thing) => `<tr><td><code>${escape(thing.operation)}</code></td><td>${escape(thing.name)}</td><td>${escape(thing.id ?? "-")}</td><td>${thing.deleted ? "yes" : '<span class="error">no</span>'}</td></tr>`).join("")}</tbody></table>`}
<h2>Operations (${report.operations.length})</h2>
<table id="operations"><thead><tr><th>Verdict</th><th>Status</th><th>Operation</th><th>Operation id</th><th>Why skipped</th></tr></thead><tbody>
${operations}
</tbody></table>
</body>
</html>
`;
}
