// Renders the bundle into one self-contained HTML page (Redoc inlined, so it works offline).
// A build output: written to build/docs/, never committed.
import { mkdirSync } from "node:fs";
import path from "node:path";
import { generatedDir, repoRoot } from "./lib/paths.mjs";
import { runTool } from "./lib/run.mjs";

const outFile = process.argv[2] ? path.resolve(process.argv[2]) : path.join(repoRoot, "build", "docs", "index.html");
mkdirSync(path.dirname(outFile), { recursive: true });
runTool(
  "redocly",
  [
    "build-docs",
    path.join(generatedDir, "openapi.yaml"),
    "--output",
    outFile,
    "--inlineBundle",
    "--title",
    "Service API reference",
  ],
  { quiet: true },
);
console.log(`docs: ${path.relative(process.cwd(), outFile)}`);
