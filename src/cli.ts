#!/usr/bin/env node
// The `service-api` bin: `service-api verify [flags]`, `service-api mock [flags]`, and
// `service-api --help` / `--version` (src/cli/commands.ts chooses). This file only connects them
// to the process: its arguments, its output, its exit code, and Ctrl-C for the mock.
import { runCommand } from "./cli/commands.js";

const stop = new AbortController();
if (process.argv[2] === "mock") for (const signal of ["SIGINT", "SIGTERM"] as const) process.once(signal, () => stop.abort());
runCommand(process.argv.slice(2), { env: process.env, stdout: process.stdout, stderr: process.stderr }, stop.signal).then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    // A bug of ours, not a usage error: the stack helps the report; it holds no credential.
    console.error(error);
    process.exitCode = 2;
  },
);
