// The fact tables the catalogue test reads (reference/operations.tsv, schemas.tsv, unions.tsv) are
// what scripts/reference-tables.ts makes from the scope's reference document (the two documents
// named in reference/differences.json, scripts/lib/scope-document.ts), so a row cannot be mended by
// hand: a change to the facts is a change of document, or of the script.
import { describe, expect, it } from "vitest";
import { runNode } from "../../scripts/lib/run.mjs";

describe("reference tables", () => {
  it("are what npm run reference-tables writes from the two documents named in reference/differences.json", () => {
    const result = runNode("scripts/reference-tables.ts", ["--check"], { check: false });
    expect(result.stderr).toBe("");
    expect(result.status).toBe(0);
  });
});
