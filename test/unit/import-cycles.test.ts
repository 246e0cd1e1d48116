// No module of src/ or scripts/ reaches itself through its imports, type-only imports included: a
// circle means two files share something that has no home of its own (CONTRIBUTING, "One home").
// And src/'s rooms stand in layers, each importing only the rooms below it: an import upward (the
// diff engine reading verify's types, say) is a circle waiting to happen, and is refused too.
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

// The rooms of src/, lowest first; a room imports only rooms of a lower layer (and its own files).
// Rooms of one layer know nothing of each other. src/'s own files (the package's entries and the
// bin) stand above every room.
const LAYERS: readonly (readonly string[])[] = [
  ["contract"], // the document model and the diff engine
  ["client", "validation"], // the client; the schema and response validators
  ["testing", "verify"], // the test mock; the verify command
  ["mock"], // the mock over HTTP
  ["cli"], // the commands of the bin
];
const ENTRIES = LAYERS.length;

/** A file's layer, or undefined for a file outside src/ (generated/, reference/, package.json). */
function layerOf(file: string): number | undefined {
  const parts = file.split(path.sep);
  if (parts[0] !== "src") return undefined;
  if (parts.length === 2) return ENTRIES;
  const layer = LAYERS.findIndex((rooms) => rooms.includes(parts[1]!));
  if (layer === -1) throw new Error(`${file}: room src/${parts[1]} has no layer in LAYERS`);
  return layer;
}

/** Each import of src/ that goes to a room of the same layer or a higher one, as "from → to". */
function upwardImports(): string[] {
  const room = (file: string) => file.split(path.sep).slice(0, 2).join("/");
  return [...importsOf].flatMap(([file, targets]) => {
    const from = layerOf(file);
    if (from === undefined) return [];
    return targets.filter((target) => {
      const to = layerOf(target);
      return to !== undefined && room(target) !== room(file) && to >= from;
    }).map((target) => `${file} → ${target}`);
  });
}

it("finds an upward import where there is one (the check itself works)", () => {
  const file = path.join("src", "contract", "test-only.ts");
  importsOf.set(file, [path.join("src", "verify", "findings.ts"), path.join("src", "contract", "openapi-document.ts")]);
  const sideways = path.join("src", "verify", "test-only.ts");
  importsOf.set(sideways, [path.join("src", "testing", "routes.ts"), path.join("src", "validation", "contract.ts")]);
  try {
    expect(upwardImports().filter((line) => line.includes("test-only"))).toEqual([
      `${file} → ${path.join("src", "verify", "findings.ts")}`,
      `${sideways} → ${path.join("src", "testing", "routes.ts")}`,
    ]);
  } finally {
    importsOf.delete(file);
    importsOf.delete(sideways);
  }
});

it("every room of src/ has a layer", () => {
  const rooms = new Set(sources.filter((file) => file.split(path.sep).length > 2 && file.startsWith(`src${path.sep}`)).map((file) => file.split(path.sep)[1]!));
  expect([...rooms].filter((room) => !LAYERS.flat().includes(room))).toEqual([]);
});

it("src/'s rooms import only the rooms below them: contract → client, validation → testing, verify → mock → cli", () => {
  expect(upwardImports()).toEqual([]);
});
