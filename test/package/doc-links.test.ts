// The README's guides are reachable from the package page. The guides ship in the package
// (package.json's `files` holds docs/), and the README links them by relative path, which resolves
// in node_modules, in the registry's file view, and on the repository once `repository` is set (see
// CONTRIBUTING, "Before the first publish"). No network here: every relative link of the README and
// the guides must name a file of this repository, a link to a heading must name a heading that
// file has, a link to a guide must name a file the package ships, and the README must link every
// guide.
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { repoRoot } from "../../scripts/lib/paths.mjs";
import { GUIDES_DIR, guides, readUserDoc, userDocs } from "../../scripts/lib/user-docs.mjs";

interface Link {
  readonly doc: string;
  readonly line: number;
  /** The file linked, relative to the repository (`docs/verify.md`); the document itself for `#heading`. */
  readonly file: string;
  readonly fragment: string | undefined;
}

/** The Markdown links of `doc` that point inside the repository, outside code blocks and code spans. */
function relativeLinks(doc: string): Link[] {
  const links: Link[] = [];
  let fenced = false;
  readUserDoc(doc)
    .split("\n")
    .forEach((text, index) => {
      if (/^\s*```/.test(text)) fenced = !fenced;
      if (fenced) return;
      for (const match of text.replace(/`[^`]*`/g, "``").matchAll(/\]\(([^)\s]+)\)/g)) {
        const target = match[1]!;
        if (/^[a-z][a-z+.-]*:/i.test(target)) continue; // https:, mailto:
        const [file, fragment] = target.split("#") as [string, string | undefined];
        const resolved = file === "" ? doc : path.posix.normalize(path.posix.join(path.posix.dirname(doc), file));
        links.push({ doc, line: index + 1, file: resolved, fragment });
      }
    });
  return links;
}

/**
 * A heading's anchor as GitHub and npm write it: lower case, punctuation other than `-` and `_`
 * dropped, each space a hyphen. Our headings are ASCII words and code, which this covers.
 */
const anchorOf = (heading: string) =>
  heading
    .trim()
    .toLowerCase()
    .replace(/[^\w\- ]/g, "")
    .replace(/ /g, "-");

function anchorsOf(file: string): Set<string> {
  const text = readFileSync(path.join(repoRoot, file), "utf8").replace(/^\s*```[\s\S]*?^\s*```/gm, "");
  return new Set([...text.matchAll(/^#{1,6} (.+)$/gm)].map((match) => anchorOf(match[1]!)));
}

const links = userDocs().flatMap(relativeLinks);
const shipped: string[] = JSON.parse(readFileSync(path.join(repoRoot, "package.json"), "utf8")).files;
const ships = (file: string) => ["package.json", "README.md", "LICENSE"].includes(file) || shipped.some((entry) => file === entry || file.startsWith(`${entry}/`));

describe("the links of the README and its guides", () => {
  it("finds the links to check", () => {
    expect(links.filter((link) => link.doc === "README.md" && link.file.startsWith(`${GUIDES_DIR}/`)).length).toBeGreaterThanOrEqual(guides().length);
    expect(anchorOf("Checking answers in your own code")).toBe("checking-answers-in-your-own-code");
    expect(anchorOf("MSW: the contract's mock as request handlers")).toBe("msw-the-contracts-mock-as-request-handlers");
  });

  it.each(userDocs())("every relative link of %s names a file of the repository, and a heading it has", (doc) => {
    for (const link of links.filter((l) => l.doc === doc)) {
      const where = `${doc}:${link.line} → ${link.file}${link.fragment === undefined ? "" : `#${link.fragment}`}`;
      expect(link.file.startsWith("../"), `${where} leaves the repository`).toBe(false);
      expect(existsSync(path.join(repoRoot, link.file)), `${where}: no such file`).toBe(true);
      if (link.fragment !== undefined) expect([...anchorsOf(link.file)], `${where}: no such heading`).toContain(link.fragment);
    }
  });

  it("every link between the README and the guides names a file the package ships", () => {
    const between = links.filter((link) => link.file === "README.md" || link.file.startsWith(`${GUIDES_DIR}/`));
    expect(between.length).toBeGreaterThan(guides().length);
    for (const link of between) expect(ships(link.file), `${link.doc}:${link.line} → ${link.file}`).toBe(true);
    expect(ships("docs/verify.md")).toBe(true);
    expect(ships("CONTRIBUTING.md")).toBe(false);
  });

  it("the README links every guide", () => {
    const linked = new Set(links.filter((link) => link.doc === "README.md").map((link) => link.file));
    expect(guides().filter((guide) => !linked.has(guide))).toEqual([]);
  });
});
