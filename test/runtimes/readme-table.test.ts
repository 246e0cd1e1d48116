// The runtimes guide (docs/runtimes.md) says where the package is tested; this holds that section
// to what the runtime project really runs (readme-table.ts), so neither can change without the
// other. On a difference, the expected section is the "Expected" side of the diff: paste it over
// the guide's.
import { expect, it } from "vitest";
import { readUserDoc } from "../../scripts/lib/user-docs.mjs";
import { CASE_NAMES } from "./app/protocol.js";
import { CASE_DESCRIPTIONS, renderWhereTested } from "./readme-table.js";

it("describes every shared case", () => {
  expect(Object.keys(CASE_DESCRIPTIONS)).toEqual(CASE_NAMES);
});

it("the runtimes guide's \"Where it is tested\" is the runtime project's own account", () => {
  const readme = readUserDoc("docs/runtimes.md");
  const start = readme.indexOf("## Where it is tested\n");
  expect(start, "docs/runtimes.md has no \"## Where it is tested\" section").toBeGreaterThan(-1);
  const end = readme.indexOf("\n## ", start + 1);
  expect(readme.slice(start, end === -1 ? undefined : end)).toBe(renderWhereTested());
});
