// Runtime size, minified + gzipped: what a browser user downloads. Ours is the figure CI checks,
// taken from `scripts/check-size.mjs` itself (dist/index.js with openapi-fetch bundled), so the
// benchmark and the budget cannot measure two different things. The reference rows (openapi-fetch
// alone; the Speakeasy SDK, whole and as one standalone function) are bundled with the same
// esbuild settings, and ours is bundled that way too and compared with check-size's figure: if
// the settings drift apart, the run fails instead of printing numbers that do not compare.
import path from "node:path";
import { gzipSync } from "node:zlib";
import { build } from "esbuild";
import { repoRoot } from "../scripts/lib/paths.mjs";
import { runNode } from "../scripts/lib/run.mjs";

/**
 * Ours, as `npm run check:size` reports it: the shipped bundle (kB with one decimal), the own code
 * with the policy table emptied and the table's cost (bytes, issue 55), and whether it is in budget.
 */
export function checkSizeFigures() {
  // Over budget is an answer here (withinBudget: false), not a failure of the run.
  const result = runNode("scripts/check-size.mjs", [], { check: false });
  const found = (pattern, what) => {
    const match = pattern.exec(result.stdout);
    if (!match) throw new Error(`scripts/check-size.mjs printed no ${what} figure:\n${result.stdout}${result.stderr}`);
    return match.slice(1).map((figure) => Number(figure.replace(/,/g, "")));
  };
  const [minified, gzip] = found(/minified ([\d.]+) kB, gzipped ([\d.]+) kB/, "shipped bundle's");
  const [ownMinified, ownGzip] = found(/\(the policy table emptied\):\n\s+minified [^\n]*\(([\d,]+) B\)\n\s+gzipped [^\n]*\(([\d,]+) B\)/, "own code's");
  const [operations, tableMinified, tableGzip] = found(/policy table \(generated\/operations\.ts, (\d+) operations\)[^\n]*\n\s+minified ([\d,]+) B[^\n]*\n\s+gzipped\s+([\d,]+) B/, "policy table's");
  return {
    minified: minified * 1000,
    gzip: gzip * 1000,
    ownCode: { minified: ownMinified, gzip: ownGzip },
    table: { minified: tableMinified, gzip: tableGzip, operations },
    withinBudget: result.status === 0,
  };
}

/**
 * The same bundle settings as scripts/check-size.mjs, for entries it does not measure. `entry` is
 * a file, or `{ source, dir }`: a few lines of imports, resolved from `dir`.
 */
export async function minGzip(entry, { nodeBuiltins = false } = {}) {
  const out = await build({
    ...(typeof entry === "string" ? { entryPoints: [entry] } : { stdin: { contents: entry.source, resolveDir: entry.dir } }),
    bundle: true,
    minify: true,
    format: "esm",
    platform: "browser",
    target: "es2022",
    write: false,
    logLevel: "silent",
    // The Speakeasy SDK imports `fs` (for its TLS hook); a browser bundler leaves it out.
    external: nodeBuiltins ? ["fs", "node:*", "undici"] : [],
  });
  const code = out.outputFiles[0].contents;
  return { minified: code.length, gzip: gzipSync(code, { level: 9 }).length };
}

export async function sizes({ speakeasyEsm, speakeasyGetProject } = {}) {
  const ours = checkSizeFigures();
  const again = await minGzip(path.join(repoRoot, "dist", "index.js"));
  if (Math.abs(again.gzip - ours.gzip) > 50 || Math.abs(again.minified - ours.minified) > 50) {
    throw new Error(`bench/size.mjs and scripts/check-size.mjs measure differently (${JSON.stringify(again)} vs ${JSON.stringify(ours)}): align their esbuild settings`);
  }
  // `bytes`: the same bundle to the byte (check-size prints tenths of a kB), for the growth rows.
  const result = { ours: { ...ours, bytes: again }, openapiFetch: await minGzip(path.join(repoRoot, "node_modules", "openapi-fetch", "dist", "index.mjs")) };
  if (speakeasyEsm) {
    // The SDK class with every operation, and what a user of one standalone function loads: the
    // hooks, the core client and that function.
    result.speakeasySdk = await minGzip(path.join(speakeasyEsm, "index.js"), { nodeBuiltins: true });
    const source = ["hooks/hooks.js", "core.js", path.relative(speakeasyEsm, speakeasyGetProject)].map((file) => `export * from "./${file}";`).join("\n");
    result.speakeasyOneFunction = await minGzip({ source, dir: speakeasyEsm }, { nodeBuiltins: true });
  }
  return result;
}
