// `npm run release:check`: before a release, compares the contract (generated/openapi.json) with
// the last release's baseline (api-baseline/) and says how big the change is, which version it
// needs, and whether CHANGELOG.md has an entry for the version in package.json. Exits 1 when that
// version is too small for the change (or is not after the baseline at all).
//
//   node scripts/release-check.mjs                     against the newest api-baseline/openapi-<version>.json
//   node scripts/release-check.mjs --against <file>   against another bundle (its version: --baseline-version)
//
// At release, after this passes: `node scripts/check-breaking.mjs --write-baseline` records the
// contract as the new baseline (CONTRIBUTING.md, "Releasing").
import { readFileSync } from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import { changelogHasEntry, classifyChange, latestBaseline, smallestVersionFor, versionAllows } from "./lib/release.mjs";
import { generatedDir, repoRoot } from "./lib/paths.mjs";

const { values } = parseArgs({
  options: { against: { type: "string" }, "baseline-version": { type: "string" }, version: { type: "string" }, changelog: { type: "string" } },
  strict: true,
  allowPositionals: false,
});
// --version and --changelog stand in for package.json's version and CHANGELOG.md (the tests use them).
const version = values.version ?? JSON.parse(readFileSync(path.join(repoRoot, "package.json"), "utf8")).version;
const changelogFile = values.changelog ?? path.join(repoRoot, "CHANGELOG.md");

let baselineFile;
let baselineVersion;
if (values.against) {
  baselineFile = path.resolve(values.against);
  baselineVersion = values["baseline-version"];
  if (!baselineVersion) fail("--against needs --baseline-version <x.y.z>: the version that bundle was released as");
} else {
  const latest = latestBaseline(path.join(repoRoot, "api-baseline"));
  if (!latest) fail("no baseline in api-baseline/; record the released contract with `node scripts/check-breaking.mjs --write-baseline`");
  baselineFile = path.join(repoRoot, "api-baseline", latest.file);
  baselineVersion = latest.version;
}
if (!/^\d+\.\d+\.\d+$/.test(version)) fail(`the version ${JSON.stringify(version)} is not x.y.z; release:check compares plain versions only`);

const baseline = JSON.parse(readFileSync(baselineFile, "utf8"));
const current = JSON.parse(readFileSync(path.join(generatedDir, "openapi.json"), "utf8"));
const { level, breaking, warnings } = classifyChange(baseline, current);

for (const f of breaking) console.log(`breaking [${f.rule}] ${f.operation} › ${f.where}: ${f.message}`);
for (const f of warnings) console.log(`warning  [${f.rule}] ${f.operation} › ${f.where}: ${f.message}`);

const WHY = {
  none: "the contract is the same",
  patch: "only descriptions, summaries, examples or code samples changed",
  minor: "the contract changed without breaking clients",
  major: `${breaking.length} change(s) break clients`,
};
const needed = smallestVersionFor(baselineVersion, level);
const enough = versionAllows(baselineVersion, version, level);
const zeroMajor = baselineVersion.startsWith("0.") && level !== "none" && level !== "patch";
console.log(`release:check: since ${baselineVersion} (${path.relative(repoRoot, baselineFile) || baselineFile}): ${level.toUpperCase()} change, ${WHY[level]}`);
console.log(
  `release:check: needs version ${needed} or later${zeroMajor ? ` (while the major version is 0, a ${level} change takes ${level === "major" ? "a new minor" : "a new patch"})` : ""}; package.json has ${version}: ${enough ? "ok" : "TOO SMALL"}`,
);
const hasEntry = changelogHasEntry(readFileSync(changelogFile, "utf8"), version);
console.log(`release:check: CHANGELOG.md ${hasEntry ? `has an entry for ${version}` : `has no "## [${version}]" entry yet: add one before publishing`}`);

if (!enough) {
  console.error(`release:check: FAILED: set "version" in package.json to ${needed} or later (npm version ${needed} --no-git-tag-version), and describe the change in CHANGELOG.md`);
  process.exit(1);
}

function fail(message) {
  console.error(`release:check: ${message}`);
  process.exit(2);
}
