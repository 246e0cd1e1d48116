// The documents a user of the package reads: the README and its guides under docs/. They ship in
// the package (package.json's `files`), so the README's relative links resolve on the package page
// and in node_modules alike. The tests that hold the docs to the code read them from here.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { repoRoot } from "./paths.mjs";

export const GUIDES_DIR = "docs";

/** The guides, as paths relative to the repository: `docs/<name>.md`. */
export function guides() {
  return readdirSync(path.join(repoRoot, GUIDES_DIR))
    .filter((file) => file.endsWith(".md"))
    .sort()
    .map((file) => `${GUIDES_DIR}/${file}`);
}

/** The README, then the guides. */
export function userDocs() {
  return ["README.md", ...guides()];
}

/** A user document's text, by its path relative to the repository (`docs/verify.md`). */
export function readUserDoc(file) {
  return readFileSync(path.join(repoRoot, file), "utf8");
}

/**
 * The code of the one block of `file` fenced ```<info> (```ts vitest, say), and the line it starts
 * on; throws unless there is exactly one.
 * @returns {{ code: string, line: number }}
 */
export function fencedBlock(file, info) {
  const lines = readUserDoc(file).split("\n");
  const found = [];
  lines.forEach((text, index) => {
    if (text.trim() !== `\`\`\`${info}`) return;
    const end = lines.findIndex((next, at) => at > index && next.trim() === "```");
    found.push({ code: lines.slice(index + 1, end).join("\n"), line: index + 2 });
  });
  if (found.length !== 1) throw new Error(`${file}: expected one \`\`\`${info} block, found ${found.length}`);
  return found[0];
}
