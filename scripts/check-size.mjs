// Size budget (CI): the runtime a browser user downloads, i.e. our ESM build plus openapi-fetch,
// bundled and minified with esbuild, then gzipped. Fails when either number is over budget, and
// lists what weighs most (measured on a second bundle straight from src/, so it names modules).
import { existsSync } from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { build } from "esbuild";
import { repoRoot } from "./lib/paths.mjs";
import { BUDGET } from "./lib/size-budget.mjs";

const entry = path.join(repoRoot, "dist", "index.js");
if (!existsSync(entry)) {
  console.error("check-size: dist/index.js is missing; run `npm run build` first");
  process.exit(1);
}

const options = { bundle: true, minify: true, format: "esm", platform: "browser", target: "es2022", write: false, metafile: true, logLevel: "silent" };
const shipped = await build({ ...options, entryPoints: [entry] });
const code = shipped.outputFiles[0].contents;
const minified = code.length;
const gzip = gzipSync(code, { level: 9 }).length;

const bySource = await build({ ...options, entryPoints: [path.join(repoRoot, "src", "index.ts")] });
const inputs = Object.values(bySource.metafile.outputs)[0].inputs;
const heaviest = Object.entries(inputs)
  .map(([file, { bytesInOutput }]) => [file, bytesInOutput])
  .filter(([, bytes]) => bytes > 0)
  .sort((a, b) => b[1] - a[1]);

const kb = (n) => `${(n / 1000).toFixed(1)} kB`;
const over = (n, limit) => (n > limit ? `OVER by ${kb(n - limit)} (${Math.round((n / limit) * 100)}% of budget)` : "ok");
console.log(`size: runtime bundle (dist/index.js + openapi-fetch, esbuild --minify, gzip -9)`);
console.log(`  minified ${kb(minified)} / budget ${kb(BUDGET.minified)}: ${over(minified, BUDGET.minified)}`);
console.log(`  gzipped  ${kb(gzip)} / budget ${kb(BUDGET.gzip)}: ${over(gzip, BUDGET.gzip)}`);
console.log("  heaviest modules (minified bytes in the bundle):");
for (const [file, bytes] of heaviest.slice(0, 8)) console.log(`    ${String(bytes).padStart(7)}  ${path.relative(repoRoot, file) || file}`);
if (minified > BUDGET.minified || gzip > BUDGET.gzip) {
  console.error("check-size: FAILED: the runtime bundle is over budget");
  process.exit(1);
}
console.log("check-size: ok");
