// `npm run follow-release` on a planted release: the release the contract follows (the record's
// `release`, kept in reference/) with a field added to a schema, a value taken out of an enum and an
// operation added. The worklist must name exactly those three things beyond what the release itself
// already lists, each at the file and line of openapi/ where it is edited, found here by reading
// the YAML text itself rather than through the locator under test.
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { repoRoot } from "../../scripts/lib/paths.mjs";
import { worklistLines, worklistOf, type Worklist } from "../../scripts/lib/release-worklist.js";
import { differenceRecord } from "../../src/verify/differences.js";
import { partOf, readDocuments } from "../../scripts/lib/scope-document.js";

const contract: unknown = JSON.parse(readFileSync(path.join(repoRoot, "generated", "openapi.json"), "utf8"));
const releaseFile = path.join(repoRoot, "reference", `openapi-${differenceRecord.release}.json`);
// The release is read on its part of the scope (npm run follow-release -- --part release): the
// operations the client API document does not publish, in the contract and in the release.
const clientDocument = readDocuments().client;
const contractPart = partOf(contract as never, "release", clientDocument);
const releasePart = (release: unknown) => partOf(release as never, "release", clientDocument);
const readRelease = () => JSON.parse(readFileSync(releaseFile, "utf8")) as { paths: Record<string, unknown>; components: { schemas: Record<string, { properties?: Record<string, unknown>; enum?: unknown[] }> } };

/** The 1-based line of the first line of `file` that matches `pattern`. */
function lineOf(file: string, pattern: RegExp): number {
  const index = readFileSync(path.join(repoRoot, file), "utf8").split("\n").findIndex((line) => pattern.test(line));
  if (index === -1) throw new Error(`${file} has no line matching ${pattern}`);
  return index + 1;
}

const PLANTED_FIELD = "planted_note";
const REMOVED_VALUE = "protect";
const PLANTED_PATH = "/projects/{project_id}/planted_summary";

function planted() {
  const release = readRelease();
  const project = release.components.schemas.ProjectDB!;
  project.properties = { ...project.properties, [PLANTED_FIELD]: { type: "string", title: "Planted Note" } };
  const kinds = release.components.schemas.ProjectType!;
  kinds.enum = kinds.enum!.filter((value) => value !== REMOVED_VALUE);
  release.paths[PLANTED_PATH] = {
    get: {
      tags: ["projects"],
      operationId: "planted_summary_get",
      parameters: [{ name: "project_id", in: "path", required: true, schema: { type: "string", format: "uuid4" } }],
      responses: { "200": { description: "ok", content: { "application/json": { schema: { type: "object" } } } } },
    },
  };
  return release;
}

const keyOf = (change: Worklist["changes"][number]) => `${change.place?.file}:${change.place?.line} ${change.rule} ${change.message}`;

describe("follow-release on a planted release", () => {
  const base = worklistOf(contractPart, releasePart(readRelease()), repoRoot);
  const worklist = worklistOf(contractPart, releasePart(planted()), repoRoot);
  const before = new Set(base.changes.map(keyOf));
  const extra = worklist.changes.filter((change) => !before.has(keyOf(change)));

  it("names the added field at the `properties:` of its schema's file", () => {
    const file = "openapi/components/schemas/ProjectDB.yaml";
    const change = extra.find((entry) => entry.message.startsWith(`ProjectDB.${PLANTED_FIELD}:`));
    expect(change, `no change names ProjectDB.${PLANTED_FIELD}`).toBeDefined();
    expect(change!.rule).toBe("response-field-added");
    expect(change!.class).toBe("compatible");
    expect(change!.place).toEqual({ file, line: lineOf(file, /^properties:/) });
    // On the release part, ProjectDB is reached by the operations the client document does not publish.
    expect(change!.operations).toContain("GET /users/{user_id}/runs");
  });

  it("names the removed enum value at its own line, as breaking for callers who send it", () => {
    const file = "openapi/components/schemas/ProjectType.yaml";
    const change = extra.find((entry) => entry.message.startsWith("ProjectType:"));
    expect(change, "no change names ProjectType").toBeDefined();
    expect(change!.rule).toBe("request-enum-value-removed");
    expect(change!.class).toBe("breaking-for-callers");
    expect(change!.message).toContain(`"${REMOVED_VALUE}"`);
    expect(change!.place).toEqual({ file, line: lineOf(file, new RegExp(`^\\s+- ${REMOVED_VALUE}$`)) });
  });

  it("finds nothing else that the planted release changes", () => {
    expect(extra.map((change) => change.message.split(":")[0])).toEqual(expect.arrayContaining([`ProjectDB.${PLANTED_FIELD}`, "ProjectType"]));
    expect(extra).toHaveLength(2);
  });

  it("lists the added operation under the contract's group, and only it beyond the release's own", () => {
    const added = worklist.added.filter((entry) => !base.added.some((known) => known.operation === entry.operation));
    expect(added).toEqual([{ operation: `GET ${PLANTED_PATH}`, tag: "projects", deprecated: false, serviceId: "planted_summary_get" }]);
  });

  it("prints each change as file:line, then the added operations, then what stays recorded", () => {
    const lines = worklistLines(worklist, "the planted release");
    const change = lines.findIndex((line) => line.includes(`ProjectDB.${PLANTED_FIELD}`));
    const operation = lines.findIndex((line) => line.includes(`GET ${PLANTED_PATH}`));
    const recorded = lines.findIndex((line) => line.startsWith("Stays recorded"));
    expect(lines[change]).toMatch(/^ {2}openapi\/components\/schemas\/ProjectDB\.yaml:\d+ {2}\[compatible\] /);
    expect(change).toBeGreaterThan(0);
    expect(operation).toBeGreaterThan(change);
    expect(recorded).toBeGreaterThan(operation);
    for (const group of worklist.recorded) expect(lines.slice(recorded)).toContain(`  ${group.reason}: ${group.places} place${group.places === 1 ? "" : "s"} in ${group.operations} operation${group.operations === 1 ? "" : "s"}`);
  });
});

describe("CONTRIBUTING's worklist after the loop from 1.378.0 to 1.513.0", () => {
  const text = readFileSync(path.join(repoRoot, "CONTRIBUTING.md"), "utf8");
  const start = text.indexOf("\nAnd after (");
  const block = text.slice(text.indexOf("```text\n", start) + "```text\n".length, text.indexOf("\n```", text.indexOf("```text\n", start) + 1));

  it("is the worklist of the release the contract follows, line by line where not cut short", () => {
    expect(start, "CONTRIBUTING has no \"And after (\" paragraph").toBeGreaterThan(0);
    const lines = worklistLines(worklistOf(contractPart, releasePart(readRelease()), repoRoot), `release ${differenceRecord.release}`);
    const shown = block.split("\n");
    expect(shown.length).toBeGreaterThan(5);
    for (const line of shown.filter((entry) => !entry.includes("…"))) expect(lines, line).toContain(line);
    for (const line of shown.filter((entry) => entry.includes("…"))) expect(lines.some((entry) => entry.startsWith(line.slice(0, line.indexOf("…")))), line).toBe(true);
  });
});

describe("follow-release on the client API document, a subset of the contract", () => {
  const client = JSON.parse(readFileSync(path.join(repoRoot, "reference", "openapi-client-2026-07-13.json"), "utf8")) as unknown;
  const worklist = worklistOf(contract, client, repoRoot);

  it("names the operations of groups it does not publish in one line, none of them as a change", () => {
    expect(worklist.unpublished.length).toBeGreaterThan(0);
    const lines = worklistLines(worklist, "the client document");
    expect(lines).toContain(`the client document does not publish ${worklist.unpublished.length} of the contract's operations, whole groups of them: not removals, so not listed below`);
    const removed = new Set(worklist.changes.filter((change) => change.rule === "operation-removed").flatMap((change) => change.operations));
    expect(worklist.unpublished.filter((operation) => removed.has(operation))).toEqual([]);
  });
});
