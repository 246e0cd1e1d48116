// Both linters must report nothing at all: zero errors and zero warnings.
import { describe, expect, it } from "vitest";
import { run as runCommand } from "../../scripts/lib/run.mjs";

const run = (script: string) => runCommand("npm", ["run", "--silent", script], { check: false });

describe("lint", () => {
  it("redocly lint passes with no problems", () => {
    const result = run("lint:redocly");
    expect(result.status, result.stdout + result.stderr).toBe(0);
    expect(result.stdout).toContain("redocly lint: 0 error(s), 0 warning(s)");
  }, 120_000);

  it("spectral lint (with the OWASP ruleset) passes with no warnings", () => {
    const result = run("lint:spectral");
    expect(result.status, result.stdout + result.stderr).toBe(0);
    // Information-level findings (a reminder to review a URL parameter) are allowed; nothing more.
    expect(result.stdout).toMatch(/No results with a severity of 'warn' or higher found|\(0 errors, 0 warnings, \d+ infos?, \d+ hints?\)/);
  }, 120_000);
});
