// Bundles the split spec in openapi/ into one document, written as YAML and JSON.
// Everything downstream (types, runtime table, docs, mock, other languages) reads this bundle.
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { parse, stringify } from "yaml";
import { hashBanner, GENERATED_NOTE } from "./lib/banner.mjs";
import { outDirFromArgs } from "./lib/paths.mjs";
import { runTool } from "./lib/run.mjs";
import { operationsOf } from "../src/contract/openapi-document.js";
import { addCodeSamples } from "./lib/code-samples.mjs";

const outDir = outDirFromArgs();
mkdirSync(outDir, { recursive: true });

const scratch = mkdtempSync(path.join(os.tmpdir(), "service-api-bundle-"));
try {
  const raw = path.join(scratch, "openapi.yaml");
  runTool("redocly", ["bundle", "service", "--output", raw], { quiet: true });
  const bundle = parse(readFileSync(raw, "utf8"), { maxAliasCount: -1 });
  // The JSON edition cannot carry a comment, so the note travels as an extension in both.
  const document = { ...bundle, "x-generated": GENERATED_NOTE };
  // Written from the bundle itself, so they use its final paths, parameters and examples.
  const samples = addCodeSamples(document);
  writeFileSync(path.join(outDir, "openapi.yaml"), hashBanner + stringify(document, { lineWidth: 0, aliasDuplicateObjects: false }));
  writeFileSync(path.join(outDir, "openapi.json"), JSON.stringify(document, null, 2) + "\n");
  const count = [...operationsOf(document)].length;
  console.log(`bundle: ${count} operations (${samples} with code samples), ${Object.keys(document.components?.schemas ?? {}).length} schemas → ${path.relative(process.cwd(), outDir) || "."}/openapi.{yaml,json}`);
} finally {
  rmSync(scratch, { recursive: true, force: true });
}
