// Size budget (CI): the runtime a browser user downloads, i.e. our ESM build plus openapi-fetch,
// bundled and minified with esbuild, then gzipped. Two budgets (scripts/lib/size-budget.mjs): the
// client's own code with openapi-fetch, measured with the generated policy table emptied; and the
// table, whose cost is the bundle with it less the bundle without it, per operation of the
// contract, so that the contract's growth has an allowance of its own. Fails when any is over,
// and lists what weighs most (measured on the bundle straight from src/, so it names modules).
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { build } from "esbuild";
import { operationsOf } from "../src/contract/openapi-document.js";
import { generatedDir, repoRoot } from "./lib/paths.mjs";
import { BUDGET, TABLE_BUDGET } from "./lib/size-budget.mjs";

const entry = path.join(repoRoot, "dist", "index.js");
if (!existsSync(entry)) {
  console.error("check-size: dist/index.js is missing; run `npm run build` first");
  process.exit(1);
}

const options = { bundle: true, minify: true, format: "esm", platform: "browser", target: "es2022", write: false, metafile: true, logLevel: "silent" };

/** The policy table as if no operation differed from the client's defaults. */
const emptiedTable = {
  name: "policy-table-emptied",
  setup(build) {
    build.onLoad({ filter: /[\\/]generated[\\/]operations\.ts$/ }, () => ({ contents: "export const policyOverrides = {};", loader: "ts" }));
  },
};

async function measure(file, plugins = []) {
  const result = await build({ ...options, entryPoints: [file], plugins });
  const code = result.outputFiles[0].contents;
  return { minified: code.length, gzip: gzipSync(code, { level: 9 }).length, inputs: Object.values(result.metafile.outputs)[0].inputs };
}

const shipped = await measure(entry);
const fromSource = await measure(path.join(repoRoot, "src", "index.ts"));
const ownCode = await measure(path.join(repoRoot, "src", "index.ts"), [emptiedTable]);
const table = { minified: fromSource.minified - ownCode.minified, gzip: fromSource.gzip - ownCode.gzip };
const contract = JSON.parse(readFileSync(path.join(generatedDir, "openapi.json"), "utf8"));
const operations = [...operationsOf(contract)].length;
const tableGzipBudget = TABLE_BUDGET.gzipPerOperation * operations;

const heaviest = Object.entries(fromSource.inputs)
  .map(([file, { bytesInOutput }]) => [file, bytesInOutput])
  .filter(([, bytes]) => bytes > 0)
  .sort((a, b) => b[1] - a[1]);

const kb = (n) => `${(n / 1000).toFixed(1)} kB`;
const bytes = (n) => `${n.toLocaleString("en-US")} B`;
const over = (n, limit) => (n > limit ? `OVER by ${bytes(n - limit)} (${Math.round((n / limit) * 100)}% of budget)` : "ok");
console.log("size: runtime bundle (dist/index.js + openapi-fetch, esbuild --minify, gzip -9)");
console.log(`  as shipped: minified ${kb(shipped.minified)}, gzipped ${kb(shipped.gzip)} (${bytes(shipped.minified)} / ${bytes(shipped.gzip)})`);
console.log("  own code with openapi-fetch (the policy table emptied):");
console.log(`    minified ${kb(ownCode.minified)} / budget ${kb(BUDGET.minified)}: ${over(ownCode.minified, BUDGET.minified)} (${bytes(ownCode.minified)})`);
console.log(`    gzipped  ${kb(ownCode.gzip)} / budget ${kb(BUDGET.gzip)}: ${over(ownCode.gzip, BUDGET.gzip)} (${bytes(ownCode.gzip)})`);
console.log(`  policy table (generated/operations.ts, ${operations} operations): the bundle with it less the bundle with it emptied`);
console.log(`    minified ${bytes(table.minified)} (${(table.minified / operations).toFixed(1)} B an operation)`);
console.log(`    gzipped  ${bytes(table.gzip)} / budget ${bytes(tableGzipBudget)} (${TABLE_BUDGET.gzipPerOperation} B an operation): ${over(table.gzip, tableGzipBudget)} (${(table.gzip / operations).toFixed(1)} B an operation)`);
console.log("  heaviest modules (minified bytes in the bundle):");
for (const [file, size] of heaviest.slice(0, 8)) console.log(`    ${String(size).padStart(7)}  ${path.relative(repoRoot, file) || file}`);
if (ownCode.minified > BUDGET.minified || ownCode.gzip > BUDGET.gzip || table.gzip > tableGzipBudget) {
  console.error("check-size: FAILED: the runtime bundle is over budget");
  process.exit(1);
}
console.log("check-size: ok");
