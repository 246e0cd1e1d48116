// Both linters must report nothing at all: zero errors and zero warnings. They start together, so
// the slower one sets the pace, not their sum. Spectral's example rules, most of its time, run in
// the slow tier (test/generators/example-rules.test.ts); Redocly checks the same examples here.
import { beforeAll, describe, expect, it } from "vitest";
import { runAsync } from "../../scripts/lib/run.mjs";

const run = (script: string) => runAsync("npm", ["run", "--silent", script], { timeoutMs: 300_000 });
let redocly: Awaited<ReturnType<typeof run>>;
let spectral: Awaited<ReturnType<typeof run>>;

beforeAll(async () => {
  [redocly, spectral] = await Promise.all([run("lint:redocly"), run("lint:spectral")]);
}, 300_000);

describe("lint", () => {
  it("redocly lint passes with no problems", () => {
    expect(redocly.status, redocly.stdout + redocly.stderr).toBe(0);
    expect(redocly.stdout).toContain("redocly lint: 0 error(s), 0 warning(s)");
  });

  it("spectral lint (with the OWASP ruleset) passes with no warnings", () => {
    expect(spectral.status, spectral.stdout + spectral.stderr).toBe(0);
    // Information-level findings (a reminder to review a URL parameter) are allowed; nothing more.
    expect(spectral.stdout).toMatch(/No results with a severity of 'warn' or higher found|\(0 errors, 0 warnings, \d+ infos?, \d+ hints?\)/);
  });
});
