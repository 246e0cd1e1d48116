// The README's guides are reachable from the package page, and every link of the docs that ship
// resolves inside the package. The README and the guides under docs/ ship in the tarball, and
// link each other by relative path, which resolves in node_modules, in the registry's file view and
// on the repository alike. So the check reads the packed tarball, as `npm publish` would upload
// it: every relative link of the shipped README and guides must name a file the tarball holds, a
// link to a heading a heading that file has, and the README must link every guide. No network.
// A file that stays in the repository (CONTRIBUTING.md, src/…, reference/…) is named as plain
// text, its path in code, never linked: a link to it is dead wherever the package is read. Once
// the maintainer sets package.json's `repository` (CONTRIBUTING, "Before the first publish"),
// such a mention can become a link to the repository, written into the docs at pack time.
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, inject, it } from "vitest";
import { run } from "../../scripts/lib/run.mjs";
import { GUIDES_DIR, guides, userDocs } from "../../scripts/lib/user-docs.mjs";

interface Link {
  readonly doc: string;
  readonly line: number;
  /** The file linked, relative to the package's root (`docs/verify.md`); the document itself for `#heading`. */
  readonly file: string;
  readonly fragment: string | undefined;
}

/** The packed tarball, unpacked: the files exactly as a user's install gets them. */
const unpacked = mkdtempSync(path.join(os.tmpdir(), "service-api-doc-links-"));
afterAll(() => rmSync(unpacked, { recursive: true, force: true }));
run("tar", ["-xzf", inject("packageTarball"), "-C", unpacked]);
const packageRoot = path.join(unpacked, "package");
const shipped = (file: string) => path.join(packageRoot, file);
const readShipped = (file: string) => readFileSync(shipped(file), "utf8");

/** The user documents the tarball holds: the README, then the guides. */
const docs = userDocs().filter((doc: string) => existsSync(shipped(doc)));

/** The Markdown links of `doc` that point inside the package, outside code blocks and code spans. */
function relativeLinks(doc: string): Link[] {
  const links: Link[] = [];
  let fenced = false;
  readShipped(doc)
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
  const text = readShipped(file).replace(/^\s*```[\s\S]*?^\s*```/gm, "");
  return new Set([...text.matchAll(/^#{1,6} (.+)$/gm)].map((match) => anchorOf(match[1]!)));
}

const links = docs.flatMap(relativeLinks);

describe("the links of the README and its guides, in the packed tarball", () => {
  it("finds the shipped documents and the links to check", () => {
    expect(docs).toEqual(userDocs());
    expect(links.filter((link) => link.doc === "README.md" && link.file.startsWith(`${GUIDES_DIR}/`)).length).toBeGreaterThanOrEqual(guides().length);
    // What stays in the repository is not in the tarball, so a link to it would fail below.
    for (const file of ["CONTRIBUTING.md", "src/verify/report.schema.json", "reference/differences.json"]) expect(existsSync(shipped(file)), file).toBe(false);
    expect(anchorOf("Checking answers in your own code")).toBe("checking-answers-in-your-own-code");
    expect(anchorOf("MSW: the contract's mock as request handlers")).toBe("msw-the-contracts-mock-as-request-handlers");
  });

  it.each(userDocs())("every relative link of %s names a file the tarball holds, and a heading it has", (doc) => {
    for (const link of links.filter((l) => l.doc === doc)) {
      const where = `${doc}:${link.line} → ${link.file}${link.fragment === undefined ? "" : `#${link.fragment}`}`;
      expect(link.file.startsWith("../"), `${where} leaves the package`).toBe(false);
      expect(existsSync(shipped(link.file)), `${where}: not in the tarball (name a repository file as plain text, its path in code)`).toBe(true);
      if (link.fragment !== undefined) expect([...anchorsOf(link.file)], `${where}: no such heading`).toContain(link.fragment);
    }
  });

  it("the README links every guide", () => {
    const linked = new Set(links.filter((link) => link.doc === "README.md").map((link) => link.file));
    expect(guides().filter((guide: string) => !linked.has(guide))).toEqual([]);
  });
});
