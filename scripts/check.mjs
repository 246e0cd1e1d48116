// `npm run check`: the maintainer's loop after editing openapi/ (or src/). Builds generated/, then
// at once typechecks and runs the fast tests (both linters among them), then says what to commit.
// It is the loop, run many times a day, so it leaves out what needs a mock, Chromium, Go, Perl or
// a packed tarball; `npm run test:all` and `.ci/run` run everything.
//
// A failed build stops the check (nothing after it means anything); the other steps run side by
// side, and each failure is reported with its tool's output, so one pass shows them all.
// `--report <file>` also writes vitest's JSON report there (.ci/run counts those tests).
import { readFileSync } from "node:fs";
import path from "node:path";
import { runBuildSteps } from "./lib/build-steps.mjs";
import { binDir, repoRoot } from "./lib/paths.mjs";
import { run, runAsync } from "./lib/run.mjs";
import { CHECK_PROJECTS } from "./lib/test-tiers.mjs";

// Tools' output is shown only when they fail; plain text reads better there than colour codes.
process.env.FORCE_COLOR = "0";
process.env.NO_COLOR = "1";

const reportAt = process.argv.indexOf("--report");
const report = reportAt === -1 ? [] : [`--reporter=default`, `--reporter=json`, `--outputFile.json=${path.resolve(process.argv[reportAt + 1])}`];
const scripts = JSON.parse(readFileSync(path.join(repoRoot, "package.json"), "utf8")).scripts;

/** A package.json script of the form `tool arg arg`, as a command (one source of truth for flags). */
function npmScript(name) {
  const command = scripts[name];
  if (!command || /["'&|;<>$`]/.test(command)) throw new Error(`check: package.json script "${name}" is not a plain \`tool args\` command: ${command}`);
  const [tool, ...args] = command.trim().split(/\s+/);
  return [path.join(binDir, tool), args];
}

/** Runs a tool to completion without blocking the others; throws with its output when it fails. */
async function tool(command, args) {
  const result = await runAsync(command, args, { timeoutMs: 600_000 });
  if (result.status !== 0) throw new Error(`${path.basename(command)} ${args.join(" ")} failed (exit ${result.status}):\n${result.stdout}\n${result.stderr}`);
  return result.stdout;
}

const build = {
  name: "build:spec (generated/ from openapi/)",
  run: async () => {
    const changed = runBuildSteps();
    return changed.length > 0 ? `changed: ${changed.join(", ")}` : "no change";
  },
};
// Independent of each other once generated/ is built, so they share the machine's cores.
const parallel = [
  { name: "typecheck (tsc, the type tests in test/types included)", run: async () => void (await tool(...npmScript("typecheck"))) },
  {
    // test/spec/lint.test.ts is Redocly and Spectral (with the OWASP rules; Spectral's example
    // rules are the slow tier's): the check lints there, once, and two workers keep it beside the
    // other files.
    name: `fast tests (vitest: ${CHECK_PROJECTS.join(", ")}; both linters in spec)`,
    run: async () => {
      const projects = CHECK_PROJECTS.flatMap((name) => ["--project", name]);
      const stdout = await tool(path.join(binDir, "vitest"), ["run", "--maxWorkers=2", ...projects, ...report]);
      return /Tests\s+(.+)/.exec(stdout)?.[1]?.trim() ?? "";
    },
  },
];

const started = performance.now();
let failed = 0;
async function attempt(step) {
  const stepStarted = performance.now();
  try {
    const note = await step.run();
    console.log(`ok      ${step.name} (${seconds(stepStarted)})${typeof note === "string" && note ? `: ${note}` : ""}`);
    return true;
  } catch (error) {
    failed += 1;
    console.log(`FAILED  ${step.name} (${seconds(stepStarted)})\n${indent(error instanceof Error ? error.message : String(error))}`);
    return false;
  }
}
if (await attempt(build)) await Promise.all(parallel.map(attempt));

console.log(`\ncheck: ${failed === 0 ? "all passed" : `${failed} step(s) failed`} in ${seconds(started)}`);
// What to commit: the spec's sources and the generated files a reviewer reads (git ignores the
// ones that are built but not committed).
const status = run("git", ["status", "--short", "--", "openapi", "generated"], { check: false });
if (status.status !== 0) console.log(`(git status failed: ${status.stderr.trim()})`);
else if (status.stdout.trim() === "") console.log("nothing to commit in openapi/ or generated/");
else console.log(`to commit (openapi/ and generated/ together):\n${status.stdout.trimEnd()}`);
process.exit(failed === 0 ? 0 : 1);

function seconds(since) {
  return `${((performance.now() - since) / 1000).toFixed(1)} s`;
}

function indent(text) {
  return text
    .trimEnd()
    .split("\n")
    .map((line) => `    ${line}`)
    .join("\n");
}
