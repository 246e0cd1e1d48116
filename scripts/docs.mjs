// Renders the bundle into one self-contained HTML page (Redoc inlined, so it works offline).
// A build output: written to build/docs/, never committed.
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { operationsOf } from "../src/contract/openapi-document.js";
import { walkObjects } from "./lib/walk-objects.mjs";
import { generatedDir, repoRoot } from "./lib/paths.mjs";
import { runTool } from "./lib/run.mjs";

// Which code samples Redoc shows. It keeps an operation's x-codeSamples only in the languages of
// its `codeSamples.languages` option, and the default list (curl, JavaScript, Python, Java, …)
// has no TypeScript: the client's own samples would silently vanish from the page. The list is
// every language the bundle's samples use, in the order they first appear, so none is dropped;
// then Redoc's "Payload", the request body's example as JSON, which a list without it hides.
function codeSampleLanguages(document) {
  const languages = new Map();
  for (const { operation } of operationsOf(document)) {
    for (const sample of operation["x-codeSamples"] ?? []) {
      const label = sample.label ?? sample.lang;
      if (!languages.has(label.toLowerCase())) languages.set(label.toLowerCase(), { lang: sample.lang, label });
    }
  }
  if (languages.size === 0) return [];
  if (!languages.has("payload")) languages.set("payload", { lang: "Payload" });
  return [...languages.values()];
}

const bundle = JSON.parse(readFileSync(path.join(generatedDir, "openapi.json"), "utf8"));
const languages = codeSampleLanguages(bundle);
// Redoc's options; without samples in the bundle, Redoc's defaults stand.
const redocOptions = languages.length > 0 ? { codeSamples: { languages } } : {};

// The Redoc of this Redocly CLI shows a field's `example` but not the `examples` list that
// OpenAPI 3.1 prefers (and the bundle uses): without this, no field table would show an example.
// The page is rendered from a copy in which each schema's first `examples` entry is also its
// `example`; the bundle itself stays as it is.
function withSingleExamples(document) {
  const copy = structuredClone(document);
  walkObjects(copy, (node) => {
    if (Array.isArray(node.examples) && node.examples.length > 0 && node.example === undefined) node.example = node.examples[0];
  });
  return copy;
}

const outFile = process.argv[2] ? path.resolve(process.argv[2]) : path.join(repoRoot, "build", "docs", "index.html");
mkdirSync(path.dirname(outFile), { recursive: true });
const scratch = mkdtempSync(path.join(os.tmpdir(), "service-api-docs-"));
const rendered = path.join(scratch, "openapi.json");
try {
  writeFileSync(rendered, JSON.stringify(withSingleExamples(bundle)));
  runTool(
    "redocly",
    [
      "build-docs",
      rendered,
      "--output",
      outFile,
      "--inlineBundle",
      "--title",
      "Service API reference",
      "--openapi",
      JSON.stringify(redocOptions),
    ],
    { quiet: true },
  );
} finally {
  rmSync(scratch, { recursive: true, force: true });
}

// Offline means no request leaves the machine: the only remote asset in the page is the
// "API docs by Redocly" attribution image on Redocly's CDN. It becomes an inline SVG of the same
// words (the attribution and its link stay), so the page makes no network request at all.
const ATTRIBUTION_LOGO = /https:\/\/cdn\.redoc\.ly\/redoc\/logo-mini(?:-full)?\.svg/g;
const inlineLogo = `data:image/svg+xml,${encodeURIComponent(
  '<svg xmlns="http://www.w3.org/2000/svg" width="80" height="16"><text x="0" y="12" font-family="sans-serif" font-size="12" fill="#888">Redocly</text></svg>',
)}`;
// Code that fits the page. Redoc sets code blocks (the guides' examples, request and response
// samples) in `white-space: pre` inside a column about 450 px wide, so a long line runs past the
// edge and is reachable only by a horizontal scrollbar many browsers hide until hovered: the
// reader sees it cut off. Its own design tokens switch this: lines wrap at spaces, and a long URL
// or JSON string with none breaks where it must. Declared on `:root:root` so that it outranks
// the theme's `:root` defaults whatever their order in the page.
// The same goes for the paths Redoc cuts with "…" when they are longer than the panel (a path
// with three or four ids often is): an operation's path above its samples, and the list of a
// group's operations beside its description. They are shown whole, on two lines if need be.
const READABLE_CODE = `<style id="service-api-docs">
  :root:root {
    --code-wrap: pre-wrap;
    --code-block-word-break: break-word;
  }
  .panel-request-samples [data-component-name="Panel/PanelHeader"] [data-testid="dropdown"] button span,
  [data-testid="items-navigation-list"] [data-component-name="Button/Button"] span {
    white-space: normal;
    overflow-wrap: anywhere;
    text-overflow: clip;
    text-align: left;
  }
</style>`;

// Links that survive being copied. The page routes by hash (`#/users/generatesignuplink`, from
// the tag and the operationId), which is what a single static file needs. But build-docs
// prerenders the page without a router, so its links come out as paths (`href="/users"`), and
// hydration keeps those attributes: a click works (the router catches it), while a copied link
// or one opened in a new tab points at a path no static host serves. The prerendered links are
// written as the router would write them.
const PRERENDER_START = '<div id="redoc">';
const PRERENDER_END = '<script type="module">';
function hashLinks(page) {
  const start = page.indexOf(PRERENDER_START);
  const end = page.indexOf(PRERENDER_END, start);
  if (start === -1 || end === -1) throw new Error(`docs: ${outFile} has no prerendered Redoc markup where it was expected`);
  const prerendered = page.slice(start, end).replace(/ href="\/(?!\/)/g, ' href="#/');
  return page.slice(0, start) + prerendered + page.slice(end);
}

const html = readFileSync(outFile, "utf8");
const remote = html.match(ATTRIBUTION_LOGO)?.length ?? 0;
if (!html.includes("</head>")) throw new Error(`docs: ${outFile} has no </head> to put the page's style in`);
writeFileSync(outFile, hashLinks(html.replace(ATTRIBUTION_LOGO, inlineLogo).replace("</head>", `${READABLE_CODE}\n</head>`)));
console.log(`docs: ${path.relative(process.cwd(), outFile)}${remote ? ` (${remote} remote logo reference(s) inlined)` : ""}`);
