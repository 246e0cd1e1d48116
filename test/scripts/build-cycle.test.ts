// The generator writes generated/operations.ts, which the client's policy module reads. If the
// generator imported anything from src/ that reads generated/, deleting generated/ would make
// `npm run build:spec` fail before it could write it again. So what the generator takes from src/
// must import nothing at all.
import { readFileSync } from "node:fs";
import path from "node:path";
import { expect, it } from "vitest";
import { repoRoot } from "../../scripts/lib/paths.mjs";

const IMPORT = /^\s*(?:import|export)\b[^;]*?\bfrom\s+["']([^"']+)["']|^\s*import\s+["']([^"']+)["']/gm;

function importsOf(file: string): string[] {
  return [...readFileSync(file, "utf8").matchAll(IMPORT)].map((match) => match[1] ?? match[2]!);
}

it("the generator reads from src/ only modules with no imports", () => {
  const generator = path.join(repoRoot, "scripts", "generate.ts");
  const fromSrc = importsOf(generator)
    .filter((specifier) => specifier.startsWith("../src/"))
    .map((specifier) => path.join(path.dirname(generator), specifier))
    // A TypeScript module is imported by its .js name.
    .map((file) => file.replace(/\.js$/, ".ts"));
  expect(fromSrc.map((file) => path.relative(repoRoot, file))).toEqual(expect.arrayContaining(["src/contract/openapi-document.ts", "src/client/policy-defaults.ts"]));
  for (const file of fromSrc) expect(importsOf(file), path.relative(repoRoot, file)).toEqual([]);
});

it("the generated table takes its types from that module too", () => {
  const table = path.join(repoRoot, "generated", "operations.ts");
  expect(importsOf(table)).toEqual(["../src/client/policy-defaults.js"]);
});
