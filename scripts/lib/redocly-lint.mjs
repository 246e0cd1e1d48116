// Runs `redocly lint --format=json` and judges its totals: Redocly exits 0 on warnings, and the
// house rule is zero warnings too. Prints each problem with where it is.
import path from "node:path";
import { binDir, repoRoot } from "./paths.mjs";
import { run } from "./run.mjs";

/** @returns {boolean} true when Redocly reported no error and no warning */
export function redoclyLint(args, label) {
  // Redocly exits non-zero when it finds errors; the report says which, so read it either way.
  const result = run(path.join(binDir, "redocly"), ["lint", ...args, "--format=json"], { check: false });
  let report;
  try {
    report = JSON.parse(result.stdout);
  } catch {
    console.error(`redocly lint did not produce a report (exit ${result.status}):\n${result.stdout}\n${result.stderr}`);
    return false;
  }
  for (const problem of report.problems) {
    const where = problem.location?.[0];
    const file = where?.source?.ref ? path.relative(repoRoot, where.source.ref) : "?";
    console.log(`${problem.severity} ${problem.ruleId}: ${problem.message}\n    at ${file} ${where?.pointer ?? ""}`);
  }
  const { errors, warnings } = report.totals;
  console.log(`${label}: ${errors} error(s), ${warnings} warning(s)`);
  return errors + warnings === 0 && result.status === 0;
}
