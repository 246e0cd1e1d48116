#!/usr/bin/env node
// Installs the runtimes the runtime suite runs on (scripts/lib/runtimes.mjs) into the cache, once,
// and prints where each one's command is, with the first install's time and size.
//
//   node scripts/runtimes.mjs            every runtime
//   node scripts/runtimes.mjs node24     one (its command alone with --print-command)
import { ensureRuntime, RUNTIME_PACKAGES } from "./lib/runtimes.mjs";

const args = process.argv.slice(2);
const printCommand = args.includes("--print-command");
const ids = args.filter((arg) => !arg.startsWith("--"));
const unknown = ids.filter((id) => !(id in RUNTIME_PACKAGES));
if (unknown.length > 0) {
  console.error(`unknown runtime ${unknown.join(", ")}; the runtimes are ${Object.keys(RUNTIME_PACKAGES).join(", ")}`);
  process.exit(2);
}
for (const id of ids.length > 0 ? ids : Object.keys(RUNTIME_PACKAGES)) {
  const runtime = ensureRuntime(id);
  if (printCommand) {
    console.log(runtime.command.join(" "));
    continue;
  }
  const { seconds, bytes } = runtime.installed;
  const note = runtime.fresh ? "installed now" : "cached";
  console.log(`${id.padEnd(13)} ${`${runtime.package}@${runtime.version}`.padEnd(42)} ${runtime.command.join(" ")}  (${note}; first install ${seconds} s, ${(bytes / 2 ** 20).toFixed(1)} MiB)`);
}
