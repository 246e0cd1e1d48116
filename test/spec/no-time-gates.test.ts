// No wall-clock budget decides a pass or a fail: on a shared machine a step can take twice as long
// for no fault of the change. Times are printed (.ci/run) and benchmarked (bench/), never judged.
// What stays is the hang guard: vitest's test and hook timeouts, and the limits launch.ts puts on a
// runtime that never starts or never ends, which fail a run that would otherwise never end.
//
// The scan looks for the two shapes a budget takes:
// - in .ci/run, a comparison that involves the shell's SECONDS (or a variable made from it), or a
//   limit imported from the code;
// - in a test, an upper bound on an elapsed time: `expect(<duration>).toBeLessThan…(…)` (or the
//   same bound written the other way round), where a duration is a difference involving a clock
//   reading (performance, Date or process.hrtime, each `now`) or a name assigned one, followed
//   through names and properties across test/ (a helper's `at:` set from Date's now makes `.at` a reading);
//   or a timer that rejects a promise (a race against the clock).
// Lower bounds stay allowed: a slow machine only makes a wait longer.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { repoRoot } from "../../scripts/lib/paths.mjs";

const CLOCK_READ = /\bperformance\.now\(\)|\bDate\.now\(\)|\bprocess\.hrtime\b/;
const ASSIGNMENT = /(?:\b(?:const|let|var)\s+)?\b([A-Za-z_$][\w$]*)\s*(?:=(?![=>])|:(?!:))\s*([^,;\n}]*)/g;

/** The shell's clock in .ci/run: variables set from SECONDS, and every test that reads one. */
export function shellTimeGates(script: string): string[] {
  const timed = new Set(["SECONDS"]);
  for (const [, name, value] of script.matchAll(/\b([A-Za-z_]\w*)=([^\s;]*)/g)) if (/SECONDS/.test(value!)) timed.add(name!);
  const mentions = (text: string) => [...timed].some((name) => new RegExp(`\\$\\{?${name}\\b|\\b${name}\\b`).test(text));
  const found: string[] = [];
  for (const line of script.split("\n")) {
    if (line.trim().startsWith("#")) continue;
    const comparison = /\[\[?[^\]]*-(?:gt|ge|lt|le)\b[^\]]*\]|\(\([^)]*[<>][^)]*\)\)/.exec(line);
    if (comparison && mentions(comparison[0])) found.push(line.trim());
    else if (/BUDGET|_LIMIT_SECONDS/.test(line)) found.push(line.trim());
  }
  return found;
}

/** Whether an expression subtracts with a clock reading, or with a name in `names`, on either side. */
function subtractsWith(expression: string, names: Set<string>): boolean {
  const operand = [CLOCK_READ.source, ...[...names].map((name) => `\\b${name.replace("$", "\\$")}\\b`)].join("|");
  return new RegExp(`(?:${operand})[)\\]!]*\\s*-(?!-)|-\\s*(?:[\\w$.!\\[\\]]*\\.)?(?:${operand})`).test(expression);
}

/**
 * Names that hold a clock reading or a duration made from one: each file's own, plus the
 * properties that `shared` sources (helpers) assign (`at:` set from Date's now makes `x.at` a reading).
 */
function durationTest(source: string, shared: string[]) {
  const readings = new Set<string>();
  const durations = new Set<string>();
  const sources = [source, ...shared];
  for (let changed = true; changed; ) {
    changed = false;
    for (const text of sources) {
      for (const [, name, value] of text.matchAll(ASSIGNMENT)) {
        const target = subtractsWith(value!, readings) || [...durations].some((d) => new RegExp(`\\b${d}\\b`).test(value!)) ? durations : CLOCK_READ.test(value!) && !/\bnew Date\(|\.to\w*String\(/.test(value!) ? readings : undefined;
        if (target && !target.has(name!)) {
          target.add(name!);
          changed = true;
        }
      }
    }
  }
  return (expression: string) => subtractsWith(expression, readings) || [...durations].some((d) => new RegExp(`^\\s*${d}\\s*$|\\b${d}\\b(?![.(\\w])`).test(expression));
}

/**
 * Upper bounds on elapsed time, and timers that reject, in test sources (`file` → source).
 * `shared` are the helpers' sources whose properties every file reaches. A file whose timers and
 * Date are all fake (vi's fake timers, all of them, not advancing on their own) reads no wall clock.
 */
export function testTimeGates(files: Record<string, string>, shared: string[] = []): string[] {
  const found: string[] = [];
  for (const [file, source] of Object.entries(files)) {
    if (/useFakeTimers\(/.test(source) && !/shouldAdvanceTime|toFake/.test(source)) continue;
    const isDuration = durationTest(source, shared);
    source.split("\n").forEach((line, index) => {
      const where = `${file}:${index + 1}: ${line.trim()}`;
      const below = /expect\((.*)\)\.toBeLessThan(?:OrEqual)?\(/.exec(line);
      const above = /\.toBeGreaterThan(?:OrEqual)?\((.*)\)/.exec(line);
      if ((below && isDuration(below[1]!)) || (above && isDuration(above[1]!))) found.push(where);
      if (/setTimeout\(\s*\(\)\s*=>\s*reject\(/.test(line)) found.push(where);
    });
  }
  return found;
}

/**
 * Hang guards, by name: a runtime that never listens or never exits (launch.ts), and a case that
 * never settles inside a runtime, where vitest's timeout cannot reach (app/cases.js). Each limit
 * is many times the slowest run seen, and fails only what would otherwise never end.
 */
const HANG_GUARDS = new Set(["test/runtimes/launch.ts", "test/runtimes/app/cases.js"]);

function testSources(): Record<string, string> {
  const files: Record<string, string> = {};
  const walk = (dir: string) => {
    for (const entry of readdirSync(path.join(repoRoot, dir), { withFileTypes: true })) {
      const relative = `${dir}/${entry.name}`;
      if (entry.isDirectory()) walk(relative);
      else if (/\.(ts|mts|mjs|js)$/.test(entry.name)) files[relative] = readFileSync(path.join(repoRoot, relative), "utf8");
    }
  };
  walk("test");
  return files;
}

describe("no wall-clock budget", () => {
  it(".ci/run prints times and judges none", () => {
    const script = readFileSync(path.join(repoRoot, ".ci", "run"), "utf8");
    expect(shellTimeGates(script)).toEqual([]);
    // It does print the loop's times.
    expect(script).toMatch(/echo "time: \$\{line\}"/);
  });

  // The timeout is a hang guard, not a budget: the scan of every test takes 2.5 s quiet and more
  // than vitest's default 5 s on a loaded machine.
  it("no test bounds an elapsed time from above", () => {
    const sources = testSources();
    const shared = Object.entries(sources).filter(([file]) => file.startsWith("test/support/")).map(([, source]) => source);
    const gates = testTimeGates(sources, shared).filter((hit) => !HANG_GUARDS.has(hit.split(":")[0]!));
    expect(gates, "assert what the code did (an error's kind, an event, an order), not how fast; the bench measures speed").toEqual([]);
  }, 60_000);

  it("would see the budgets this repository had, and not what only looks like one", () => {
    const fixture = (name: string) => readFileSync(path.join(repoRoot, "test", "spec", "fixtures", "time-gates", name), "utf8");
    expect(shellTimeGates(fixture("ci-run.sh")).map((line) => line.slice(0, 20))).toEqual(["check_budget=$(node ", 'if [ "$took" -gt "$c']);
    const lines = (hits: string[]) => hits.map((hit) => Number(hit.split(":")[1]));
    // A property of a helper (ms, at), a difference inline either way round, a race against a timer.
    expect(lines(testTimeGates({ "budgets.txt": fixture("budgets.txt") }, [fixture("helper.txt")]))).toEqual([2, 5, 7, 8, 9]);
    // Fake timers everywhere: the clock is the test's own.
    expect(testTimeGates({ "fake-timers.txt": fixture("fake-timers.txt") }, [fixture("helper.txt")])).toEqual([]);
  });
});
