// The tiers and the two-years-ahead selection (scripts/lib/test-tiers.mjs), and the docs that
// restate them.
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { repoRoot } from "../../scripts/lib/paths.mjs";
import { CHECK_PROJECTS, CLOCK, TIERS, allProjects, clockFiles, testFiles, unreadClockFiles, vitestArgs } from "../../scripts/lib/test-tiers.mjs";

const read = (file: string) => readFileSync(path.join(repoRoot, file), "utf8");

describe("the clock run", () => {
  it("takes every test that reads the clock or hands a date to code that does", () => {
    const missed = unreadClockFiles().map(({ file, via, sign }) => `${file} (${via}: ${sign})`);
    expect(missed, "add these to CLOCK in scripts/lib/test-tiers.mjs, or say there why the date cannot matter").toEqual([]);
  });

  it("would see a clock reader left out, through the helpers it imports too", () => {
    const found = unreadClockFiles([]).map(({ file }) => file);
    // The clock read in the file; a token expiry only in a helper it imports (test/unit/helpers.ts); fake timers.
    expect(found).toEqual(expect.arrayContaining(["test/transport/jwt.test.ts", "test/unit/paginate.test.ts", "test/unit/retries.test.ts", "test/runtimes/runtimes.test.ts"]));
    expect(found).not.toContain("test/spec/catalogue.test.ts");
  });

  it("names files and projects that exist, each once", () => {
    for (const project of CLOCK.projects) expect(allProjects()).toContain(project);
    for (const file of CLOCK.files) {
      expect(existsSync(path.join(repoRoot, file)), file).toBe(true);
      expect(CLOCK.projects, `${file} is already in a whole project of the clock run`).not.toContain(file.split("/")[1]);
    }
    expect(new Set(clockFiles()).size).toBe(clockFiles().length);
    expect(vitestArgs("clock")).toEqual(clockFiles());
  });
});

describe("the tiers", () => {
  it("put each project in one tier; check and CI's rest run each project once", () => {
    expect(new Set(allProjects()).size).toBe(allProjects().length);
    for (const project of allProjects()) expect(testFiles(project).length, project).toBeGreaterThan(0);
    const projectsOf = (args: string[]) => args.filter((_, index) => args[index - 1] === "--project");
    const check = projectsOf(vitestArgs("check"));
    const rest = projectsOf(vitestArgs("after-check"));
    expect([...check, ...rest].sort()).toEqual([...allProjects()].sort());
    expect(check.filter((name) => rest.includes(name))).toEqual([]);
    expect(vitestArgs("all")).toEqual([]);
  });

  it("are the ones CONTRIBUTING.md lists", () => {
    const guide = read("CONTRIBUTING.md");
    const listed = (command: string) => {
      const item = new RegExp(`^- \`${command}\`[^\\n]*(?:\\n  [^\\n]*)*`, "m").exec(guide)?.[0] ?? "";
      return [...item.slice(item.lastIndexOf(":")).matchAll(/`([a-z-]+)`/g)].map((match) => match[1]);
    };
    expect(listed("npm test")).toEqual(TIERS.fast);
    expect(listed("npm run test:all")).toEqual(TIERS.slow);
    // The loop has no time goal (issue 37): the guide says so and names none.
    expect(guide).toContain("The loop's times are reported, never goals");
    expect(guide).not.toMatch(/\baims? at \d+ s\b/);
    expect(guide).toContain(`the vitest projects ${CHECK_PROJECTS.slice(0, -1).map((name) => `\`${name}\``).join(", ")} and \`${CHECK_PROJECTS.at(-1)}\``);
  });

  it("are what npm test and npm run test:all run", () => {
    const scripts = JSON.parse(read("package.json")).scripts;
    expect(scripts.test).toBe("node scripts/test.mjs fast");
    expect(scripts["test:all"]).toBe("node scripts/test.mjs all");
  });
});

describe("the README's commands for a clone of the repository", () => {
  /** The commands of the README's "From the repository" block, comments left off. */
  const readmeCommands = () => {
    const readme = read("README.md");
    const section = readme.slice(readme.indexOf("## From the repository\n"), readme.indexOf("\n## ", readme.indexOf("## From the repository\n") + 1));
    const block = /```sh\n([\s\S]*?)```/.exec(section)?.[1] ?? "";
    return block.split("\n").map((line) => line.replace(/#.*$/, "").trim()).filter(Boolean);
  };
  /** The commands .ci/run runs, comments left off. */
  const ciLines = () => read(".ci/run").split("\n").map((line) => line.trim()).filter((line) => line !== "" && !line.startsWith("#"));

  it("are the install, the main job on its default, and the two test commands", () => {
    expect(readmeCommands()).toEqual(["npm ci", "npm start", "npm test", "npm run test:all"]);
    const scripts = JSON.parse(read("package.json")).scripts;
    expect(scripts.start).toBe("tsx scripts/start.ts");
  });

  it("are what .ci/run calls: npm ci, and npm run test:all for every project npm run check left out", () => {
    const lines = ciLines();
    expect(lines.some((line) => /^if ! npm ci\b/.test(line))).toBe(true);
    expect(lines).toContain("mapfile -t rest_of_tests < <(node scripts/test-selection.mjs after-check)");
    const tests = lines.filter((line) => /\bvitest run\b|\bscripts\/test\.mjs\b|\bnpm (run (--silent )?)?test\b/.test(line));
    // The run of the rest, and the clock run (faketime + the clock selection), nothing else.
    expect(tests).toEqual([
      'npm run --silent test:all -- "${rest_of_tests[@]}" --reporter=default --reporter=json --outputFile.json=reports/vitest.json',
      'faketime -f \'+2y\' npx vitest run "${clock_tests[@]}" --reporter=default',
    ]);
    expect(readmeCommands()).toContain("npm run test:all");
    // npm run check runs the fast tier but types (its typecheck covers those), test:all the rest:
    // CI runs every project `npm test` runs.
    const ciProjects = [...CHECK_PROJECTS, ...vitestArgs("after-check").filter((arg: string) => arg !== "--project")];
    expect(TIERS.fast.filter((name: string) => !ciProjects.includes(name))).toEqual([]);
  });
});
