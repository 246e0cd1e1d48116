// `npm run check`: the maintainer's loop after editing openapi/ (or src/). Builds generated/,
// lints, typechecks and runs the fast tests, then says what to commit. Meant to finish in well
// under 90 s on a 2-core machine, so it leaves out what needs Chromium, Go, Perl or a packed
// tarball; `.ci/run` runs everything.
//
// A failed build stops the check (nothing after it means anything); any other failure is
// reported with its tool's output, and the remaining steps still run so one pass shows them all.
import { readFileSync } from "node:fs";
import path from "node:path";
import { runBuildSteps } from "./lib/build-steps.mjs";
import { repoRoot } from "./lib/paths.mjs";
import { run, runNode, runTool } from "./lib/run.mjs";

// Tools' output is shown only when they fail; plain text reads better there than colour codes.
process.env.FORCE_COLOR = "0";
process.env.NO_COLOR = "1";

/**
 * The vitest projects that need nothing but Node. Left out: the contract tests (a Prism mock,
 * ~40 s), the package and consumer tests (npm pack and installs, Chromium), the docs (Chromium)
 * and the generators (Go, Perl). "types" is left out because the typecheck step already runs tsc
 * over test/types with the same tsconfig. A name that matches no project is skipped by vitest.
 */
const FAST_PROJECTS = ["unit", "transport", "spec"];
// test/spec/lint.test.ts runs both linters again (about 25 s); the lint steps here already did.
const COVERED_BY_STEPS = ["test/spec/lint.test.ts"];

const scripts = JSON.parse(readFileSync(path.join(repoRoot, "package.json"), "utf8")).scripts;

/** A package.json script of the form `tool arg arg`, as runTool's arguments (one source of truth for flags). */
function npmScript(name) {
  const command = scripts[name];
  if (!command || /["'&|;<>$`]/.test(command)) throw new Error(`check: package.json script "${name}" is not a plain \`tool args\` command: ${command}`);
  const [tool, ...args] = command.trim().split(/\s+/);
  // The tool's last line is its summary. Spectral starts it with ✖ even when it found only infos,
  // which pass; without the mark it reads as the count it is.
  return () => lastLine(runTool(tool, args, { quiet: true }).stdout)?.replace(/^[✖✔]\s*/, "");
}

const steps = [
  {
    name: "build:spec (generated/ from openapi/)",
    stopOnFailure: true,
    run: () => {
      const changed = runBuildSteps();
      return changed.length > 0 ? `changed: ${changed.join(", ")}` : "no change";
    },
  },
  { name: "lint: redocly", run: () => lastLine(runNode("scripts/lint-redocly.mjs").stdout) },
  { name: "lint: spectral (with OWASP rules)", run: npmScript("lint:spectral") },
  { name: "typecheck (tsc)", run: npmScript("typecheck") },
  {
    name: `fast tests (vitest: ${FAST_PROJECTS.join(", ")})`,
    run: () => {
      const projects = FAST_PROJECTS.flatMap((name) => ["--project", name]);
      const excluded = COVERED_BY_STEPS.flatMap((file) => ["--exclude", file]);
      const { stdout } = runTool("vitest", ["run", ...projects, ...excluded], { quiet: true });
      return /Tests\s+(.+)/.exec(stdout)?.[1]?.trim() ?? "";
    },
  },
];

const started = performance.now();
let failed = 0;
for (const step of steps) {
  const stepStarted = performance.now();
  try {
    const note = step.run();
    console.log(`ok      ${step.name} (${seconds(stepStarted)})${typeof note === "string" && note ? `: ${note}` : ""}`);
  } catch (error) {
    failed += 1;
    console.log(`FAILED  ${step.name} (${seconds(stepStarted)})\n${indent(error instanceof Error ? error.message : String(error))}`);
    if (step.stopOnFailure) break;
  }
}

console.log(`\ncheck: ${failed === 0 ? "all passed" : `${failed} step(s) failed`} in ${seconds(started)}`);
// What to commit: the spec's sources and the generated files a reviewer reads (git ignores the
// ones that are built but not committed).
const status = run("git", ["status", "--short", "--", "openapi", "generated"], { check: false });
if (status.status !== 0) console.log(`(git status failed: ${status.stderr.trim()})`);
else if (status.stdout.trim() === "") console.log("nothing to commit in openapi/ or generated/");
else console.log(`to commit (openapi/ and generated/ together):\n${status.stdout.trimEnd()}`);
process.exit(failed === 0 ? 0 : 1);

function lastLine(text) {
  return text.trim().split("\n").at(-1);
}

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
