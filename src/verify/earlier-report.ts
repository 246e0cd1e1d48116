// An earlier `--json` report, read for --replay or --baseline: the file read and parsed, or a
// UsageError that names the flag, the file and the fix. What each flag needs from it, each checks.
import { readFileSync } from "node:fs";
import { UsageError } from "./options.js";

export function readEarlierReport(flag: "--replay" | "--baseline", file: string): unknown {
  let text: string;
  try {
    text = readFileSync(file, "utf8");
  } catch (error) {
    throw new UsageError(`${flag} ${file}: cannot read it (${(error as NodeJS.ErrnoException).code ?? "error"}); pass a report written by --json`);
  }
  try {
    return JSON.parse(text);
  } catch {
    throw new UsageError(`${flag} ${file}: not JSON; pass a report written by --json`);
  }
}
