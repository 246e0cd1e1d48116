// Which vitest projects run where. One project per folder of test/ (vitest.config.ts); each is in
// exactly one tier, and the config refuses to load when a folder or project is missing here.
//
//   npm test           the fast tier: needs nothing but Node
//   npm run test:all   every project (what CI runs, once each)
//   npm run check      the fast tier without `types` (its typecheck step runs tsc over test/types)
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { repoRoot } from "./paths.mjs";

export const TIERS = {
  /** In-process tests, loopback servers, the spec's own rules and both linters, the type tests. */
  fast: ["unit", "transport", "spec", "types"],
  /**
   * What needs more than Node or takes seconds a test: the Prism mock, the packed tarballs and npm
   * installs, Chromium, other runtimes and other languages' toolchains, real ports.
   */
  slow: ["contract", "first-hour", "package", "consumers", "runtimes", "docs", "scripts", "generators"],
};

/** The projects `npm run check` runs (its typecheck covers the type tests). */
export const CHECK_PROJECTS = TIERS.fast.filter((name) => name !== "types");

/**
 * The run with the clock two years ahead (.ci/run). It proves that no test, example or mock
 * answer depends on today's date, so it takes what can: whole projects where the clock or dated
 * data is the point (the client's token lifetimes and Retry-After dates, fake timers, the mock's
 * dated examples for every operation, the examples of the README and its guides, the code
 * samples, a user's first programs), and single files elsewhere that read the clock or run the client's JWT mode. Every
 * other test neither reads the clock nor feeds a date to code that does, so moving the clock
 * cannot change its outcome. `unreadClockFiles()` keeps this list honest (test/spec/test-tiers.test.ts).
 */
export const CLOCK = {
  projects: ["unit", "transport", "contract", "first-hour"],
  files: [
    // Every runtime's token cases against the test service's clock (its Date header).
    "test/runtimes/runtimes.test.ts",
    // `npm start`'s demo runs JWT mode against the mock's dated token example.
    "test/scripts/start.test.ts",
  ],
};

/**
 * Signs that a test reads the clock or hands a date to code that does: the Date API, fake timers,
 * the token's expires_at, the client's JWT mode, an HTTP date.
 */
export const CLOCK_SIGNS = /\bDate\.now\(|\bnew Date\(|\bDate\.parse\(|\bsetSystemTime\(|\buseFakeTimers\(|\bexpires_?[aA]t\b|\bjwt:\s*true\b|\btoUTCString\(/;

/** Every project, in tier order. */
export function allProjects() {
  return Object.values(TIERS).flat();
}

/** The test files of `project` (the include globs of vitest.config.ts), relative to the root. */
export function testFiles(project) {
  const files = [];
  const walk = (dir) => {
    for (const entry of readdirSync(path.join(repoRoot, dir), { withFileTypes: true })) {
      const relative = `${dir}/${entry.name}`;
      if (entry.isDirectory()) walk(relative);
      else if (/\.test(-d)?\.ts$/.test(entry.name)) files.push(relative);
    }
  };
  walk(`test/${project}`);
  return files.sort();
}

/** The folders of test/ that hold tests: each must be a vitest project. */
export function testFolders() {
  return readdirSync(path.join(repoRoot, "test"), { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && testFiles(entry.name).length > 0)
    .map((entry) => entry.name)
    .sort();
}

/** The files the two-years-ahead run takes. */
export function clockFiles() {
  return [...CLOCK.projects.flatMap(testFiles), ...CLOCK.files].sort();
}

/**
 * Test files that show a sign of the clock, in themselves or in a module of test/ they import
 * (transitively), and that the two-years-ahead run leaves out. Code under test (src/, scripts/)
 * is not followed: a test reaches it through the signs above (a token, a date, JWT mode).
 * @returns {{ file: string, via: string, sign: string }[]}
 */
export function unreadClockFiles(selected = clockFiles()) {
  const taken = new Set(selected);
  const found = [];
  for (const file of allProjects().flatMap(testFiles)) {
    if (taken.has(file)) continue;
    const hit = clockSignIn(file, new Set());
    if (hit) found.push({ file, ...hit });
  }
  return found;
}

function clockSignIn(file, seen) {
  if (seen.has(file)) return undefined;
  seen.add(file);
  const source = readFileSync(path.join(repoRoot, file), "utf8");
  const sign = CLOCK_SIGNS.exec(source);
  if (sign) return { via: file, sign: sign[0] };
  for (const [, specifier] of source.matchAll(/\bfrom\s+["'](\.{1,2}\/[^"']+)["']/g)) {
    const target = path.posix.normalize(path.posix.join(path.posix.dirname(file), specifier)).replace(/\.js$/, ".ts");
    if (!target.startsWith("test/")) continue;
    const hit = tryRead(target) && clockSignIn(target, seen);
    if (hit) return hit;
  }
  return undefined;
}

function tryRead(file) {
  try {
    readFileSync(path.join(repoRoot, file));
    return true;
  } catch {
    return false;
  }
}

/** vitest's arguments for a selection: whole projects by name, single files by path. */
export function vitestArgs(selection) {
  switch (selection) {
    case "fast":
      return TIERS.fast.flatMap((name) => ["--project", name]);
    case "all":
      return [];
    case "check":
      return CHECK_PROJECTS.flatMap((name) => ["--project", name]);
    // CI runs `npm run check` first; this is every project it left out, so each runs once.
    case "after-check":
      return allProjects()
        .filter((name) => !CHECK_PROJECTS.includes(name))
        .flatMap((name) => ["--project", name]);
    case "clock":
      return clockFiles();
    default:
      throw new Error(`unknown test selection "${selection}": fast, all, check, after-check or clock`);
  }
}
