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
