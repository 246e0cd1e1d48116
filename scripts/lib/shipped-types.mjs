// The schema types as they ship (dist/schema.d.cts): the declarations generated/schema.d.ts holds,
// every description and tag a hover shows kept, without the two things that made most of the
// file and that an editor does not need: the `@example` blocks (a third of it; the examples are in
// the contract, and the mock answers with them) and the indentation (a quarter). Written by
// scripts/finish-build.mjs; test/package/shipped-files.test.ts holds each comment equal to the
// generated one but for its examples, and a hover on a field to its description.
import ts from "typescript";

/**
 * `text` (a declaration file) without its `@example` tags and without the indentation of its
 * lines. A comment that held nothing but examples goes whole. JSDoc reads a line's text from
 * after its `*`, so a comment's lines say the same with or without the spaces before it.
 * @param {string} text
 * @returns {string}
 */
export function shippedTypes(text) {
  const file = ts.createSourceFile("schema.d.ts", text, ts.ScriptTarget.Latest, true);
  const lineStart = (at) => text.lastIndexOf("\n", at - 1) + 1;
  /** @type {[number, number][]} */
  const cuts = [];
  const visit = (node) => {
    for (const doc of node.jsDoc ?? []) {
      const examples = (doc.tags ?? []).filter((tag) => tag.tagName.text === "example");
      if (examples.length === 0) continue;
      if (examples.length === doc.tags.length && !ts.getTextOfJSDocComment(doc.comment)) {
        // From the comment's line to the declaration's, so no empty line is left behind.
        cuts.push([lineStart(doc.pos), lineStart(doc.end + 1)]);
        continue;
      }
      for (const tag of examples) {
        // Whole lines where the tag has lines of its own (openapi-typescript writes each tag on
        // its own line); its own text only in a comment written on one line.
        const [start, end] = [lineStart(tag.pos), lineStart(tag.end)];
        cuts.push(start < end ? [start, end] : [tag.pos, tag.end]);
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  let kept = "";
  let at = 0;
  for (const [start, end] of cuts.sort((a, b) => a[0] - b[0])) {
    kept += text.slice(at, start);
    at = end;
  }
  kept += text.slice(at);
  return kept.replace(/^[ \t]+/gm, "");
}
