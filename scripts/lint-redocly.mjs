// Redocly exits 0 on warnings; the house rule is zero warnings too, so read its JSON totals.
import { spawnSync } from "node:child_process";
import path from "node:path";
import { binDir, repoRoot } from "./lib/paths.mjs";

const result = spawnSync(path.join(binDir, "redocly"), ["lint", "--format=json"], {
  cwd: repoRoot,
  encoding: "utf8",
  maxBuffer: 64 * 1024 * 1024,
  env: { ...process.env, REDOCLY_TELEMETRY: "off" },
});
let report;
try {
  report = JSON.parse(result.stdout);
} catch {
  console.error(`redocly lint did not produce a report (exit ${result.status}):\n${result.stdout}\n${result.stderr}`);
  process.exit(1);
}
for (const problem of report.problems) {
  const where = problem.location?.[0];
  const file = where?.source?.ref ? path.relative(repoRoot, where.source.ref) : "?";
  console.log(`${problem.severity} ${problem.ruleId}: ${problem.message}\n    at ${file} ${where?.pointer ?? ""}`);
}
const { errors, warnings } = report.totals;
console.log(`redocly lint: ${errors} error(s), ${warnings} warning(s)`);
process.exit(errors + warnings === 0 && result.status === 0 ? 0 : 1);
