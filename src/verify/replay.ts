// `--replay <file>`: what failed in an earlier `--json` report, so that only that runs again. The
// file is checked only as far as replay reads it, with an error that names the file and the fix.
import { readEarlierReport } from "./earlier-report.js";
import { UsageError } from "./options.js";

export interface Replay {
  /** `METHOD /path` of each read-only operation that failed, or whose invalid request was not refused. */
  readonly operations: readonly string[];
  /** `METHOD /path` of each create whose --write chain had a failed step. */
  readonly chains: readonly string[];
}

export function readReplay(file: string): Replay {
  const report = readEarlierReport("--replay", file);
  const operations = (report as { operations?: unknown } | null)?.operations;
  if (!Array.isArray(operations) || !operations.every((entry) => typeof entry?.operation === "string" && typeof entry?.verdict === "string")) {
    throw new UsageError(`--replay ${file}: not a verify report (no operations with operation and verdict); pass a report written by --json`);
  }
  const chains = ((report as { writes?: { chains?: { create?: unknown; steps?: { verdict?: unknown }[] }[] } }).writes?.chains ?? [])
    .filter((chain) => typeof chain.create === "string" && (chain.steps ?? []).some((step) => step.verdict === "fail"))
    .map((chain) => chain.create as string);
  // An invalid request the deployment did not refuse fails the run, not its operation's verdict.
  const findings = (report as { findings?: { operation?: unknown; severity?: unknown; invalid?: unknown }[] }).findings ?? [];
  const invalid = findings.filter((finding) => finding.invalid !== undefined && finding.severity === "error" && typeof finding.operation === "string").map((finding) => finding.operation as string);
  const failed = operations.filter((entry) => entry.verdict === "fail").map((entry) => entry.operation as string);
  return { operations: [...new Set([...failed, ...invalid])], chains };
}
