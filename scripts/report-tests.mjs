// Prints the closing line CI reads, `N passed, N failed`, from vitest's JSON reports (one or more:
// `npm run check`'s and the rest of the suite's) plus the outcome of CI's own steps (drift, the
// package checks, …) passed as `--steps passed/failed`.
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { repoRoot } from "./lib/paths.mjs";

const args = process.argv.slice(2);
const stepsAt = args.indexOf("--steps");
const reportPaths = stepsAt === -1 ? args : args.slice(0, stepsAt);
const stepsArg = (stepsAt === -1 ? undefined : args[stepsAt + 1]) ?? "0/0";
const [stepsPassed, stepsFailed] = stepsArg.split("/").map(Number);

let passed = stepsPassed;
let failed = stepsFailed;
let skipped = 0;
for (const reportPath of reportPaths) count(reportPath);
if (reportPaths.length === 0) count(undefined);
console.log(skipped > 0 ? `${passed} passed, ${failed} failed, ${skipped} skipped` : `${passed} passed, ${failed} failed`);

function count(reportPath) {
  if (reportPath && existsSync(reportPath)) {
    const report = JSON.parse(readFileSync(reportPath, "utf8"));
    passed += report.numPassedTests ?? 0;
    // A suite that fails to load counts as a failure even though it ran no test.
    failed += (report.numFailedTests ?? 0) + (report.numFailedTestSuites ?? 0) - countSuitesWithFailedTests(report);
    skipped += (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0);
    for (const suite of report.testResults ?? []) {
      for (const test of suite.assertionResults ?? []) {
        if (test.status === "failed") console.log(`FAILED ${path.relative(repoRoot, suite.name)} › ${test.fullName}`);
      }
      if (suite.status === "failed" && (suite.assertionResults ?? []).length === 0) {
        console.log(`FAILED ${path.relative(repoRoot, suite.name)}: ${String(suite.message).split("\n")[0]}`);
      }
    }
  } else {
    console.log(`no test report at ${reportPath}: counting the test run as one failure`);
    failed += 1;
  }
}

function countSuitesWithFailedTests(report) {
  return (report.testResults ?? []).filter((suite) => (suite.assertionResults ?? []).some((t) => t.status === "failed")).length;
}
