#!/usr/bin/env node
// The `service-api` bin: `service-api verify [flags]` (see `--help`). Everything is in command.ts;
// this file only connects it to the process.
import { runVerify } from "./verify/command.js";

runVerify(process.argv.slice(2), { env: process.env, stdout: process.stdout, stderr: process.stderr }).then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    // A bug of ours, not a usage error: the stack helps the report; it holds no credential.
    console.error(error);
    process.exitCode = 2;
  },
);
