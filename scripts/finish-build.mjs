// The end of `npm run build`, after tsup (which builds its declarations in a worker of its own,
// so nothing of this can run in its onSuccess): the files of dist/ that tsup does not write, and
// the schema types as they ship. What each file carries, and why: CONTRIBUTING, "What each
// shipped file carries" (test/package/shipped-files.test.ts holds it).
import { copyFileSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { generatedDir, repoRoot } from "./lib/paths.mjs";
import { runtimeContract } from "./lib/runtime-contract.mjs";
import { shippedTypes } from "./lib/shipped-types.mjs";

const dist = path.join(repoRoot, "dist");
const contract = JSON.parse(readFileSync(path.join(generatedDir, "openapi.json"), "utf8"));

// `service-api/openapi.json`: what validate, the testing entry and verify read, minified and
// without the prose (scripts/lib/runtime-contract.mjs), which every install carries and validate
// parses on first use.
writeFileSync(path.join(dist, "openapi.json"), JSON.stringify(runtimeContract(contract)));

// The whole contract, for `service-api mock` to publish at /openapi.json as the service publishes
// its own (src/mock/whole-contract-shipped.ts). Gzipped: only that command reads it, and it
// is a ninth of its size so.
writeFileSync(path.join(dist, "openapi.full.json.gz"), gzipSync(JSON.stringify(contract), { level: 9 }));

// `service-api/verify-report.schema.json`: the schema of verify's --json report, for scripts
// that check a report. Copied as it is: src/verify/report.schema.json is its one home.
copyFileSync(path.join(repoRoot, "src", "verify", "report.schema.json"), path.join(dist, "verify-report.schema.json"));

// The schema types ship once: in dist/schema.d.cts, without their examples and indentation
// (scripts/lib/shipped-types.mjs), and as a one-line re-export in dist/schema.d.ts (an ES module
// may take types from a CommonJS one; the other way round, TypeScript refuses under node16).
// tsup writes the whole of them into both.
const types = readFileSync(path.join(dist, "schema.d.cts"), "utf8");
if (!types.includes("interface paths")) throw new Error("finish-build: dist/schema.d.cts does not hold the schema types");
writeFileSync(path.join(dist, "schema.d.cts"), shippedTypes(types));
writeFileSync(path.join(dist, "schema.d.ts"), 'export * from "./schema.cjs";\n');

console.log("finish-build: dist/openapi.json (the runtime contract), dist/openapi.full.json.gz (the whole one), dist/verify-report.schema.json, dist/schema.d.cts (without examples and indentation), dist/schema.d.ts (re-exports it)");
