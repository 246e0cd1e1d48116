// The one way scripts, tests and benchmarks run a command and wait for it. Long-running
// processes (the Prism mock, servers under test) are started with spawn where they are needed;
// everything that runs to completion comes through here, so failures read the same everywhere:
// the command, its exit code and its output.
import { spawn, spawnSync } from "node:child_process";
import path from "node:path";
import { binDir, repoRoot } from "./paths.mjs";

/** Keeps npm and the spec tools from phoning home or printing update notices into our output. */
const QUIET_TOOLS = { NO_UPDATE_NOTIFIER: "1", REDOCLY_TELEMETRY: "off", REDOCLY_SUPPRESS_UPDATE_NOTICE: "true" };

/**
 * Runs `command` to completion. Throws when it cannot start, times out, or (unless `check` is
 * false) exits with a status other than 0; the error quotes its output, or points above when the
 * output was inherited.
 *
 * @param {string} command
 * @param {string[]} args
 * @param {{ cwd?: string, env?: Record<string, string | undefined>, stdio?: "pipe" | "inherit" | "ignore",
 *   timeoutMs?: number, check?: boolean }} [options] `env` is added to this process's environment
 * @returns {import("node:child_process").SpawnSyncReturns<string>}
 */
export function run(command, args, { cwd = repoRoot, env = {}, stdio = "pipe", timeoutMs, check = true } = {}) {
  const result = spawnSync(command, args, {
    cwd,
    encoding: "utf8",
    stdio,
    env: { ...process.env, ...QUIET_TOOLS, ...env },
    timeout: timeoutMs,
    // Linters' JSON reports and `git show` of the bundle run to tens of megabytes.
    maxBuffer: 256 * 1024 * 1024,
  });
  const shown = [command === process.execPath ? "node" : path.basename(command), ...args].join(" ");
  if (result.error) throw new Error(`${shown} could not run: ${result.error.message}`, { cause: result.error });
  if (check && result.status !== 0) {
    const output = stdio === "pipe" ? `:\n${result.stdout}\n${result.stderr}` : " (its output is above)";
    throw new Error(`${shown} failed (exit ${result.status ?? result.signal})${output}`);
  }
  return result;
}

/**
 * Runs a script of this repository with this Node, through tsx: src/ is TypeScript, and a script
 * that imports it (directly or through scripts/lib) needs the loader, whatever its own language.
 */
export function runNode(script, args = [], options = {}) {
  return run(process.execPath, ["--import", "tsx", path.resolve(repoRoot, script), ...args], options);
}

/** Runs a tool from node_modules/.bin and prints its output unless `quiet`. */
export function runTool(tool, args, { quiet = false, ...options } = {}) {
  const result = run(path.join(binDir, tool), args, options);
  if (!quiet) process.stdout.write(result.stdout);
  return result;
}

/**
 * Runs `command` without blocking this process (tests that run many commands at once, or that
 * serve requests while a command runs). Resolves with its exit status and output whatever the
 * status; rejects only when it cannot start. Killed after `timeoutMs` (status null then).
 * With `inheritEnv: false` the command sees `env` and nothing else (code that must not pick up
 * this machine's credentials).
 *
 * @param {string} command
 * @param {readonly string[]} args
 * @param {{ cwd?: string, env?: Record<string, string | undefined>, inheritEnv?: boolean, timeoutMs?: number }} [options]
 * @returns {Promise<{ status: number | null, stdout: string, stderr: string }>}
 */
export function runAsync(command, args, { cwd = repoRoot, env = {}, inheritEnv = true, timeoutMs = 240_000 } = {}) {
  return new Promise((resolve, reject) => {
    const fullEnv = inheritEnv ? { ...process.env, ...QUIET_TOOLS, ...env } : env;
    const child = spawn(command, args, { cwd, env: fullEnv, stdio: ["ignore", "pipe", "pipe"] });
    let stdout = "";
    let stderr = "";
    child.stdout.setEncoding("utf8").on("data", (chunk) => (stdout += chunk));
    child.stderr.setEncoding("utf8").on("data", (chunk) => (stderr += chunk));
    const timer = setTimeout(() => child.kill("SIGKILL"), timeoutMs);
    child.on("error", (error) => {
      clearTimeout(timer);
      reject(new Error(`${path.basename(command)} could not start: ${error.message}`, { cause: error }));
    });
    child.on("close", (status) => {
      clearTimeout(timer);
      resolve({ status, stdout, stderr });
    });
  });
}
