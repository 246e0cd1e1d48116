// `--replay <file>`: what failed in an earlier `--json` report, so that only that runs again. The
// file is checked only as far as replay reads it, with an error that names the file and the fix.
import { readEarlierReport } from "./earlier-report.js";
import { UsageError } from "./options.js";

export interface Replay {
  /** `METHOD /path` of each read-only operation that failed. */
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
  return { operations: operations.filter((entry) => entry.verdict === "fail").map((entry) => entry.operation as string), chains };
}
