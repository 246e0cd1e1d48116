#!/usr/bin/env node
// The `service-api` bin: `service-api verify [flags]` (the default) and `service-api mock [flags]`
// (see `--help` of each). Everything is in each command's command.ts; this file only connects
// them to the process: its arguments, its output, its exit code, and Ctrl-C for the mock.
import { runMock } from "./mock/command.js";
import { runVerify } from "./verify/command.js";

const argv = process.argv.slice(2);
let run: Promise<number>;
if (argv[0] === "mock") {
  const stop = new AbortController();
  for (const signal of ["SIGINT", "SIGTERM"] as const) process.once(signal, () => stop.abort());
  run = runMock(argv, { stdout: process.stdout, stderr: process.stderr }, stop.signal);
} else {
  run = runVerify(argv, { env: process.env, stdout: process.stdout, stderr: process.stderr });
}
run.then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    // A bug of ours, not a usage error: the stack helps the report; it holds no credential.
    console.error(error);
    process.exitCode = 2;
  },
);
