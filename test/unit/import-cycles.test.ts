// No module of src/ or scripts/ reaches itself through its imports, type-only imports included: a
// circle means two files share something that has no home of its own (CONTRIBUTING, "One home").
// Each file's imports are read with TypeScript's own pre-parser, so a string or a comment that
// looks like an import is not one.
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import ts from "typescript";
import { expect, it } from "vitest";
import { repoRoot } from "../../scripts/lib/paths.mjs";

const roots = ["src", "scripts"];
const sources = roots
  .flatMap((root) => readdirSync(path.join(repoRoot, root), { recursive: true, encoding: "utf8" }).map((file) => path.join(root, file)))
  .filter((file) => /\.(ts|mts|js|mjs)$/.test(file) && !file.endsWith(".d.ts"))
  .sort();

/** The repository file a relative specifier names (`./x.js` may be `./x.ts`), or undefined for a package. */
function resolve(from: string, specifier: string): string | undefined {
  if (!specifier.startsWith(".")) return undefined;
  const named = path.join(path.dirname(from), specifier);
  return [named, named.replace(/\.js$/, ".ts"), named.replace(/\.mjs$/, ".mts")].find((file) => existsSync(path.join(repoRoot, file)) && statSync(path.join(repoRoot, file)).isFile());
}

const importsOf = new Map(
  sources.map((file) => {
    const { importedFiles } = ts.preProcessFile(readFileSync(path.join(repoRoot, file), "utf8"), true, true);
    return [file, importedFiles.map((imported) => resolve(file, imported.fileName)).filter((target): target is string => target !== undefined)];
  }),
);

/** A circle through `start`, as the files along it, or undefined. Depth-first; the graph is small. */
function circleFrom(start: string): string[] | undefined {
  const stack: string[] = [];
  const done = new Set<string>();
  const visit = (file: string): string[] | undefined => {
    if (file === start && stack.length > 0) return [...stack, file];
    // A file already on the path, or explored without leading back to `start`: nothing new there.
    if (stack.includes(file) || done.has(file)) return undefined;
    stack.push(file);
    for (const next of importsOf.get(file) ?? []) {
      const circle = visit(next);
      if (circle) return circle;
    }
    stack.pop();
    done.add(file);
    return undefined;
  };
  return visit(start);
}

it("reads the imports of src/ and scripts/", () => {
  expect(sources).toContain("src/client/auth.ts");
  expect(importsOf.get("src/index.ts")).toContain("src/client/client.ts");
});

it("finds a circle where there is one (the check itself works)", () => {
  importsOf.set("test-only/a.ts", ["test-only/b.ts"]);
  importsOf.set("test-only/b.ts", ["test-only/a.ts"]);
  try {
    expect(circleFrom("test-only/a.ts")).toEqual(["test-only/a.ts", "test-only/b.ts", "test-only/a.ts"]);
  } finally {
    importsOf.delete("test-only/a.ts");
    importsOf.delete("test-only/b.ts");
  }
});

it("no file of src/ or scripts/ imports itself back through another", () => {
  // Each circle once, however many of its files it was found from.
  const circles = new Set(sources.map(circleFrom).flatMap((circle) => (circle ? [[...new Set(circle)].sort().join(" ↔ ")] : [])));
  expect([...circles]).toEqual([]);
});
