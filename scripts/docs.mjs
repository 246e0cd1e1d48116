// Renders the bundle into one self-contained HTML page (Redoc inlined, so it works offline).
// A build output: written to build/docs/, never committed.
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
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

// Offline means no request leaves the machine: the only remote asset in the page is the
// "API docs by Redocly" attribution image on Redocly's CDN. It becomes an inline SVG of the same
// words (the attribution and its link stay), so the page makes no network request at all.
const ATTRIBUTION_LOGO = /https:\/\/cdn\.redoc\.ly\/redoc\/logo-mini(?:-full)?\.svg/g;
const inlineLogo = `data:image/svg+xml,${encodeURIComponent(
  '<svg xmlns="http://www.w3.org/2000/svg" width="80" height="16"><text x="0" y="12" font-family="sans-serif" font-size="12" fill="#888">Redocly</text></svg>',
)}`;
const html = readFileSync(outFile, "utf8");
const remote = html.match(ATTRIBUTION_LOGO)?.length ?? 0;
writeFileSync(outFile, html.replace(ATTRIBUTION_LOGO, inlineLogo));
console.log(`docs: ${path.relative(process.cwd(), outFile)}${remote ? ` (${remote} remote logo reference(s) inlined)` : ""}`);
