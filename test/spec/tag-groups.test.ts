// The reference's navigation: Redoc shows only the tags that x-tagGroups lists, so a tag missing
// from every group disappears from the rendered page with its operations, and a tag in two groups
// shows twice. Every tag is in exactly one group, every group names declared tags, and every tag
// has a name for people (x-displayName) that no other tag uses.
import { describe, expect, it } from "vitest";
import { bundle, bundleOperations } from "../support/bundle.js";

interface Tag {
  name: string;
  "x-displayName"?: string;
}
interface TagGroup {
  name: string;
  tags: string[];
}

const tags: Tag[] = bundle.tags;
const groups: TagGroup[] = bundle["x-tagGroups"] ?? [];

/** Tag name → the groups that list it. */
function groupsByTag(): Map<string, string[]> {
  const found = new Map<string, string[]>();
  for (const group of groups) {
    for (const tag of group.tags) found.set(tag, [...(found.get(tag) ?? []), group.name]);
  }
  return found;
}

describe("x-tagGroups", () => {
  it("has groups, each with a name and at least one tag", () => {
    expect(groups.length).toBeGreaterThan(1);
    for (const group of groups) {
      expect(group.name, JSON.stringify(group)).toMatch(/\S/);
      expect(group.tags.length, group.name).toBeGreaterThan(0);
    }
    expect(new Set(groups.map((g) => g.name)).size, "group names are unique").toBe(groups.length);
  });

  it("puts every declared tag in exactly one group", () => {
    const byTag = groupsByTag();
    const misplaced = tags
      .map((tag) => [tag.name, byTag.get(tag.name) ?? []] as const)
      .filter(([, found]) => found.length !== 1)
      .map(([name, found]) => `${name}: in ${found.length === 0 ? "no group" : found.join(", ")}`);
    expect(misplaced).toEqual([]);
  });

  it("lists only declared tags", () => {
    const declared = new Set(tags.map((t) => t.name));
    expect([...groupsByTag().keys()].filter((name) => !declared.has(name))).toEqual([]);
  });

  it("leaves no operation out of the navigation", () => {
    const grouped = groupsByTag();
    const orphans = bundleOperations.filter(({ operation }) => !grouped.has(operation.tags[0])).map(({ method, path }) => `${method.toUpperCase()} ${path}`);
    expect(orphans).toEqual([]);
  });
});

describe("x-displayName", () => {
  it("gives every tag a name for people, none used twice", () => {
    const unnamed = tags.filter((tag) => !tag["x-displayName"]?.trim()).map((tag) => tag.name);
    expect(unnamed).toEqual([]);
    const names = tags.map((tag) => tag["x-displayName"]!.toLowerCase());
    expect(names.filter((name, i) => names.indexOf(name) !== i)).toEqual([]);
  });

  it("reads as words: no underscores or hyphens, starting with a capital", () => {
    for (const tag of tags) expect(tag["x-displayName"], tag.name).toMatch(/^[A-Z][A-Za-z ]*$/);
  });
});
