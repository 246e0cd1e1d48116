// What a release of the contract needs: how big the change since the last baseline is (semver's
// major, minor or patch), the smallest version that allows it, and whether CHANGELOG.md says so.
// Used by scripts/release-check.mjs; table-tested in test/spec/release-check.test.ts.
//
// major  a change that breaks clients (an error from scripts/lib/breaking.mjs)
// minor  anything else a client or generator can see: new operations, fields, parameters, values,
//        changed policies (x-idempotent, x-pagination), and the changes breaking.mjs only warns of
// patch  only words and examples changed (descriptions, summaries, titles, examples, the code
//        samples scripts/bundle.mjs generates into each operation's x-codeSamples, the reference's
//        navigation names and groups, and where words come from: x-provenance, x-source)
// none   the same contract
import { existsSync, readdirSync } from "node:fs";
import { allowsBreaking, compareVersions, findBreakingChanges, nextBreakingVersion } from "./breaking.mjs";
import { NAMED_MAPS, PROSE } from "./openapi-keywords.mjs";

/**
 * Keywords that document the API without changing what is valid: a change to them is a patch.
 * The prose (openapi-keywords.mjs) is, x-codeSamples among it because the samples are generated from
 * the rest of the contract: when the contract changes they change with it, and when only they
 * change (a new sample language, another rendering) no client can tell. So are titles and examples.
 */
const ANNOTATIONS = new Set([...PROSE, "title", "example", "examples"]);

/** The document with every annotation removed, so two documents compare equal when only words differ. */
export function withoutAnnotations(value, inNamedMap = false) {
  if (Array.isArray(value)) return value.map((item) => withoutAnnotations(item));
  if (!value || typeof value !== "object") return value;
  const kept = {};
  for (const [key, child] of Object.entries(value)) {
    if (!inNamedMap && ANNOTATIONS.has(key)) continue;
    // A named map's entries are definitions (not keywords); the entries' own keys are keywords again.
    kept[key] = withoutAnnotations(child, !inNamedMap && NAMED_MAPS.has(key));
  }
  return kept;
}

/**
 * @typedef {{ rule: string, severity: string, operation: string, where: string, message: string }} Finding
 * @returns {{ level: "none" | "patch" | "minor" | "major", breaking: Finding[], warnings: Finding[] }}
 */
export function classifyChange(baseline, current) {
  const findings = findBreakingChanges(baseline, current);
  const breaking = findings.filter((f) => f.severity === "error");
  const warnings = findings.filter((f) => f.severity !== "error");
  let level = "none";
  if (breaking.length > 0) level = "major";
  else if (warnings.length > 0 || !sameJson(withoutAnnotations(baseline), withoutAnnotations(current))) level = "minor";
  else if (!sameJson(baseline, current)) level = "patch";
  return { level, breaking, warnings };
}

/**
 * The smallest version after `baseline` that a change of `level` allows. Semver, as the
 * breaking-change check applies it: while the major version is 0, a breaking change takes a new
 * minor and any other change a new patch.
 */
export function smallestVersionFor(baseline, level) {
  const [major, minor, patch] = baseline.split(".").map(Number);
  if (level === "none") return baseline;
  if (level === "major") return nextBreakingVersion(baseline);
  if (level === "minor" && major > 0) return `${major}.${minor + 1}.0`;
  return `${major}.${minor}.${patch + 1}`;
}

/** Whether `version` is big enough for a change of `level` since `baseline`. */
export function versionAllows(baseline, version, level) {
  if (level === "major") return allowsBreaking(baseline, version);
  return compareVersions(version, smallestVersionFor(baseline, level)) >= 0;
}

/** Whether CHANGELOG.md has a `## [version]` section (Keep a Changelog's heading). */
export function changelogHasEntry(changelog, version) {
  const escaped = version.replace(/\./g, "\\.");
  return new RegExp(`^## \\[${escaped}\\]`, "m").test(changelog);
}

/** The newest api-baseline/openapi-<version>.json, or undefined when there is none. */
export function latestBaseline(baselineDir) {
  const versions = existsSync(baselineDir)
    ? readdirSync(baselineDir)
        .map((name) => /^openapi-(\d+\.\d+\.\d+)\.json$/.exec(name)?.[1])
        .filter(Boolean)
    : [];
  if (versions.length === 0) return undefined;
  const version = versions.sort(compareVersions).at(-1);
  return { version, file: `openapi-${version}.json` };
}

/** Equal as JSON values: the order of an object's keys does not count, an array's order does. */
function sameJson(a, b) {
  return JSON.stringify(sortedKeys(a)) === JSON.stringify(sortedKeys(b));
}

function sortedKeys(value) {
  if (Array.isArray(value)) return value.map(sortedKeys);
  if (!value || typeof value !== "object") return value;
  return Object.fromEntries(Object.keys(value).sort().map((key) => [key, sortedKeys(value[key])]));
}
