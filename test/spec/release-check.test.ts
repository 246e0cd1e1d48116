// npm run release:check: how big a contract change is (scripts/lib/release.mjs), which version it
// needs, and the script's verdict and exit code on fixture changes of each size.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { runNode } from "../../scripts/lib/run.mjs";
import { changelogHasEntry, classifyChange, smallestVersionFor, versionAllows, withoutAnnotations } from "../../scripts/lib/release.mjs";

type Doc = Record<string, any>;

/** One operation with a request body and a response; enough for every size of change. */
function fixture(): Doc {
  return {
    openapi: "3.1.0",
    info: { title: "t", version: "1", description: "The API." },
    paths: {
      "/notes": {
        post: {
          operationId: "createNote",
          summary: "Create a note",
          requestBody: {
            required: true,
            content: { "application/json": { schema: { $ref: "#/components/schemas/NoteInput" } } },
          },
          responses: {
            "200": { description: "The note", content: { "application/json": { schema: { $ref: "#/components/schemas/Note" }, example: { id: "n1" } } } },
          },
        },
      },
    },
    components: {
      schemas: {
        // A field named like an annotation keyword: renaming or retyping it is not "only words".
        NoteInput: { type: "object", required: ["title"], properties: { title: { type: "string", maxLength: 50, description: "Shown first" }, description: { type: "string" } } },
        Note: { type: "object", required: ["id"], properties: { id: { type: "string", examples: ["n1"] }, description: { type: "string" } } },
      },
    },
  };
}

const changed = (change: (d: Doc) => void): Doc => {
  const doc = fixture();
  change(doc);
  return doc;
};

describe("classifyChange", () => {
  it.each<[string, string, (d: Doc) => void]>([
    ["nothing changed", "none", () => {}],
    ["keys in another order", "none", (d) => (d.components.schemas.Note = { properties: d.components.schemas.Note.properties, required: ["id"], type: "object" })],
    ["a summary reworded", "patch", (d) => (d.paths["/notes"].post.summary = "Write a note")],
    ["a field's description reworded", "patch", (d) => (d.components.schemas.NoteInput.properties.title.description = "The heading")],
    ["an example changed", "patch", (d) => (d.paths["/notes"].post.responses["200"].content["application/json"].example = { id: "n2" })],
    ["the API's description reworded", "patch", (d) => (d.info.description = "Notes.")],
    ["a new optional request field", "minor", (d) => (d.components.schemas.NoteInput.properties.colour = { type: "string" })],
    ["a new operation", "minor", (d) => (d.paths["/notes/{id}"] = { get: { operationId: "getNote", responses: { "200": { description: "ok" } } } })],
    ["a request limit lifted", "minor", (d) => delete d.components.schemas.NoteInput.properties.title.maxLength],
    ["a request limit tightened", "major", (d) => (d.components.schemas.NoteInput.properties.title.maxLength = 10)],
    ["the field called description retyped in a response (narrowed)", "minor", (d) => (d.components.schemas.Note.properties.description = { type: "string", maxLength: 5 })],
    ["a request field removed (a warning, not a break)", "minor", (d) => delete d.components.schemas.NoteInput.properties.description],
    ["the field called description removed from a response", "major", (d) => delete d.components.schemas.Note.properties.description],
    ["an operation removed", "major", (d) => delete d.paths["/notes"]],
    ["a new required request field", "major", (d) => d.components.schemas.NoteInput.required.push("description")],
  ])("%s → %s", (_name, level, change) => {
    expect(classifyChange(fixture(), changed(change)).level).toBe(level);
  });

  it("lists the breaking changes behind a major verdict", () => {
    const { breaking } = classifyChange(fixture(), changed((d) => delete d.paths["/notes"]));
    expect(breaking.map((f) => f.rule)).toEqual(["operation-removed"]);
  });

  it("keeps fields named like annotations and drops the annotations themselves", () => {
    const stripped = withoutAnnotations(fixture());
    expect(Object.keys(stripped.components.schemas.Note.properties)).toEqual(["id", "description"]);
    expect(stripped.components.schemas.Note.properties.id).toEqual({ type: "string" });
    expect(stripped.paths["/notes"].post.summary).toBeUndefined();
    expect(stripped.info).toEqual({ version: "1" });
  });
});

describe("the version a change needs", () => {
  it.each([
    ["1.4.2", "major", "2.0.0"],
    ["1.4.2", "minor", "1.5.0"],
    ["1.4.2", "patch", "1.4.3"],
    ["1.4.2", "none", "1.4.2"],
    // While the major version is 0, a breaking change takes a new minor and anything else a patch.
    ["0.1.0", "major", "0.2.0"],
    ["0.1.0", "minor", "0.1.1"],
    ["0.1.0", "patch", "0.1.1"],
  ])("after %s a %s change needs %s", (baseline, level, needed) => {
    expect(smallestVersionFor(baseline, level)).toBe(needed);
  });

  it.each([
    ["1.4.2", "2.0.0", "major", true],
    ["1.4.2", "1.9.0", "major", false],
    ["1.4.2", "1.5.0", "minor", true],
    ["1.4.2", "1.4.9", "minor", false],
    ["1.4.2", "2.0.0", "minor", true],
    ["1.4.2", "1.4.3", "patch", true],
    ["1.4.2", "1.4.2", "patch", false],
    ["1.4.2", "1.4.2", "none", true],
    ["1.4.2", "1.4.1", "none", false],
    ["0.1.0", "0.2.0", "major", true],
    ["0.1.0", "0.1.5", "major", false],
    ["0.1.0", "0.1.1", "minor", true],
  ])("after %s, %s is enough for a %s change: %s", (baseline, version, level, allowed) => {
    expect(versionAllows(baseline, version, level)).toBe(allowed);
  });

  it("finds a version's CHANGELOG entry by its heading only", () => {
    const changelog = "# Changelog\n\n## [Unreleased]\n\n## [0.2.0] - 2027-01-04\n\n- Fixed 0.1.1's bug.\n";
    expect(changelogHasEntry(changelog, "0.2.0")).toBe(true);
    expect(changelogHasEntry(changelog, "0.1.1")).toBe(false);
    expect(changelogHasEntry(changelog, "0.2.00")).toBe(false);
    expect(changelogHasEntry("## [0.2.0.1]", "0.2.0")).toBe(false);
  });
});

describe("npm run release:check (the script)", () => {
  const root = path.resolve(import.meta.dirname, "../..");
  const scratch = mkdtempSync(path.join(os.tmpdir(), "service-api-release-"));
  afterAll(() => rmSync(scratch, { recursive: true, force: true }));
  const current = JSON.parse(readFileSync(path.join(root, "generated", "openapi.json"), "utf8")) as Doc;
  const changelog = path.join(scratch, "CHANGELOG.md");
  writeFileSync(changelog, "# Changelog\n\n## [1.3.0] - 2027-01-04\n");

  /** Runs the script with a baseline made from the current bundle, so the fixture change is the only difference. */
  function releaseCheck(makeBaseline: (baseline: Doc) => void, version: string) {
    const baseline = structuredClone(current);
    makeBaseline(baseline);
    const file = path.join(scratch, `baseline-${Math.random().toString(36).slice(2)}.json`);
    writeFileSync(file, JSON.stringify(baseline));
    const args = ["--against", file, "--baseline-version", "1.2.0", "--version", version, "--changelog", changelog];
    const result = runNode("scripts/release-check.mjs", args, { check: false });
    return { status: result.status, output: result.stdout + result.stderr };
  }
  const [firstPath, firstItem] = Object.entries(current.paths as Record<string, Doc>)[0]!;
  const firstMethod = Object.keys(firstItem).find((key) => ["get", "post", "put", "patch", "delete"].includes(key))!;

  it("a baseline with an operation the contract lacks: MAJOR, and 1.3.0 is too small", () => {
    const result = releaseCheck((b) => (b.paths["/removed-since"] = { get: { operationId: "removedSince", responses: { "200": { description: "ok" } } } }), "1.3.0");
    expect(result.status, result.output).toBe(1);
    expect(result.output).toContain("MAJOR change");
    expect(result.output).toContain("breaking [operation-removed] GET /removed-since");
    expect(result.output).toContain("needs version 2.0.0 or later");
    expect(result.output).toContain('set "version" in package.json to 2.0.0 or later');
  });

  it("a baseline without one of today's operations: MINOR, and 1.3.0 is enough, with its CHANGELOG entry", () => {
    const result = releaseCheck((b) => delete b.paths[firstPath], "1.3.0");
    expect(result.status, result.output).toBe(0);
    expect(result.output).toContain("MINOR change");
    expect(result.output).toContain("needs version 1.3.0 or later");
    expect(result.output).toContain("CHANGELOG.md has an entry for 1.3.0");
  });

  it("a baseline that differs in a summary only: PATCH; 1.2.0 is too small, 1.2.1 is enough but has no CHANGELOG entry", () => {
    const reword = (b: Doc) => (b.paths[firstPath][firstMethod].summary = "Worded differently before");
    const same = releaseCheck(reword, "1.2.0");
    expect(same.status, same.output).toBe(1);
    expect(same.output).toContain("PATCH change, only descriptions, summaries or examples changed");
    const bumped = releaseCheck(reword, "1.2.1");
    expect(bumped.status, bumped.output).toBe(0);
    expect(bumped.output).toContain('CHANGELOG.md has no "## [1.2.1]" entry yet');
  });

  it("the same contract: no new version needed", () => {
    const result = releaseCheck(() => {}, "1.2.0");
    expect(result.status, result.output).toBe(0);
    expect(result.output).toContain("NONE change, the contract is the same");
  });
});
