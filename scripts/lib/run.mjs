import { spawnSync } from "node:child_process";
import path from "node:path";
import { binDir, repoRoot } from "./paths.mjs";

/** Runs a tool from node_modules/.bin; throws with its output when it fails. */
export function runTool(tool, args, { quiet = false } = {}) {
  const result = spawnSync(path.join(binDir, tool), args, {
    cwd: repoRoot,
    encoding: "utf8",
    env: { ...process.env, REDOCLY_TELEMETRY: "off", NO_UPDATE_NOTIFIER: "1", REDOCLY_SUPPRESS_UPDATE_NOTICE: "true" },
  });
  if (result.error) throw result.error;
  if (result.status !== 0) {
    throw new Error(`${tool} ${args.join(" ")} failed (exit ${result.status}):\n${result.stdout}\n${result.stderr}`);
  }
  if (!quiet) process.stdout.write(result.stdout);
  return result;
}
