// src/ keeps a few modules in plain JavaScript (the document model, the JSON media-type test) so
// that the build scripts and Spectral's functions, which run in bare Node, share them with the
// client. TypeScript reads their hand-written declarations instead of the code, so nothing else
// would notice a declaration falling behind: this does. The diff engine shared by the release
// check and verify's drift report is one of them, and reads the document model: a plain module
// may import another plain module of src/, and nothing else.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { expect, it } from "vitest";
import { repoRoot } from "../../scripts/lib/paths.mjs";

const src = path.join(repoRoot, "src");
const plainModules = readdirSync(src, { recursive: true, encoding: "utf8" })
  .filter((file) => file.endsWith(".js"))
  .sort();

it("src/ has the plain modules this test knows of", () => {
  expect(plainModules).toEqual(["contract/media-type.js", "contract/openapi-diff.js", "contract/openapi-document.js", "contract/schema-diff.js"]);
});

it.each(plainModules)("%s: its .d.ts declares every export it has, and no other", async (file) => {
  const declarations = readFileSync(path.join(src, file.replace(/\.js$/, ".d.ts")), "utf8");
  const declared = [...declarations.matchAll(/^export declare (?:const|function|class) (\w+)/gm)].map((match) => match[1]);
  const loaded = (await import(pathToFileURL(path.join(src, file)).href)) as Record<string, unknown>;
  expect(declared.sort()).toEqual(Object.keys(loaded).sort());
});

it.each(plainModules)("%s imports only plain modules beside it, so bare Node loads it from anywhere", (file) => {
  const code = readFileSync(path.join(src, file), "utf8");
  const imported = [...code.matchAll(/^\s*(?:import|export)\b[^;]*?\bfrom\s+["']([^"']+)["']/gm)].map((match) => match[1]!);
  const plain = imported.filter((specifier) => specifier.startsWith("./") && plainModules.includes(path.posix.join(path.posix.dirname(file), specifier)));
  expect(imported).toEqual(plain);
});
