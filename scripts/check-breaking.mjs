// Breaking-change check (CI): compares the current bundle (generated/openapi.json) with the
// contract of the last release and fails on a change that breaks clients, unless the version in
// package.json already says so (a new major version; a new minor while the version is 0.x).
// The rules, direction-aware, are in scripts/lib/breaking.mjs.
//
//   node scripts/check-breaking.mjs                      against the newest api-baseline/openapi-<version>.json
//   node scripts/check-breaking.mjs --against <file>     against any bundle
//   node scripts/check-breaking.mjs --git <ref>          against generated/openapi.json at a git ref (e.g. v0.1.0)
//   node scripts/check-breaking.mjs --write-baseline     at release: record the current bundle as this version's baseline
import { run } from "./lib/run.mjs";
import { copyFileSync, mkdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { allowsBreaking, findBreakingChanges, nextBreakingVersion } from "./lib/breaking.mjs";
import { latestBaseline } from "./lib/release.mjs";
import { generatedDir, repoRoot } from "./lib/paths.mjs";

const baselineDir = path.join(repoRoot, "api-baseline");
const currentFile = path.join(generatedDir, "openapi.json");
const args = process.argv.slice(2);
const option = (name) => (args.includes(name) ? args[args.indexOf(name) + 1] : undefined);
const version = JSON.parse(readFileSync(path.join(repoRoot, "package.json"), "utf8")).version;

if (args.includes("--write-baseline")) {
  mkdirSync(baselineDir, { recursive: true });
  const target = path.join(baselineDir, `openapi-${version}.json`);
  copyFileSync(currentFile, target);
  console.log(`check-breaking: recorded ${path.relative(repoRoot, target)} as the contract of ${version}`);
  process.exit(0);
}

let baseline;
let baselineVersion;
let baselineName;
if (option("--against")) {
  baselineName = option("--against");
  baseline = JSON.parse(readFileSync(baselineName, "utf8"));
} else if (option("--git")) {
  const ref = option("--git");
  const shown = run("git", ["show", `${ref}:generated/openapi.json`]);
  baselineName = `generated/openapi.json at ${ref}`;
  baseline = JSON.parse(shown.stdout);
  baselineVersion = /^v?(\d+\.\d+\.\d+)$/.exec(ref)?.[1];
} else {
  const latest = latestBaseline(baselineDir);
  if (!latest) {
    console.error("check-breaking: no baseline in api-baseline/; record one with `node scripts/check-breaking.mjs --write-baseline`");
    process.exit(1);
  }
  baselineVersion = latest.version;
  baselineName = `api-baseline/${latest.file}`;
  baseline = JSON.parse(readFileSync(path.join(repoRoot, baselineName), "utf8"));
}

const current = JSON.parse(readFileSync(currentFile, "utf8"));
const findings = findBreakingChanges(baseline, current);
const errors = findings.filter((f) => f.severity === "error");
const warnings = findings.filter((f) => f.severity === "warning");
for (const f of findings) console.log(`${f.severity === "error" ? "BREAKING" : "warning "} [${f.rule}] ${f.operation} › ${f.where}: ${f.message}`);
console.log(`check-breaking: ${errors.length} breaking change(s), ${warnings.length} warning(s) against ${baselineName}`);

if (errors.length > 0) {
  if (baselineVersion && allowsBreaking(baselineVersion, version)) {
    console.log(`check-breaking: allowed: ${version} is a breaking release after ${baselineVersion}; list these under "Changed"/"Removed" in CHANGELOG.md`);
  } else {
    const next = nextBreakingVersion(baselineVersion ?? version);
    console.error(
      `check-breaking: FAILED: these changes break clients of ${baselineVersion ?? "the baseline"}. ` +
        `Make the change additive instead (a new optional field, a new operation), or release it as ${next} ` +
        `(bump "version" in package.json and say what breaks in CHANGELOG.md).`,
    );
    process.exit(1);
  }
}
