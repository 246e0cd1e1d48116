// The end of `npm run build`, after tsup (which builds its declarations in a worker of its own,
// so nothing of this can run in its onSuccess): the files of dist/ that tsup does not write.
import { copyFileSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { generatedDir, repoRoot } from "./lib/paths.mjs";

const dist = path.join(repoRoot, "dist");

// `service-api/openapi.json`, minified: the same document as generated/openapi.json (which stays
// pretty-printed for reviewers, and ships so in the companion package) in two thirds of the
// bytes, which every install carries and validate parses on first use.
const contract = JSON.parse(readFileSync(path.join(generatedDir, "openapi.json"), "utf8"));
writeFileSync(path.join(dist, "openapi.json"), JSON.stringify(contract));

// `service-api/verify-report.schema.json`: the schema of verify's --json report, for scripts
// that check a report. Copied as it is: src/verify/report.schema.json is its one home.
copyFileSync(path.join(repoRoot, "src", "verify", "report.schema.json"), path.join(dist, "verify-report.schema.json"));

// The schema types ship once: in full in dist/schema.d.cts, and as a one-line re-export in
// dist/schema.d.ts (an ES module may take types from a CommonJS one; the other way round,
// TypeScript refuses under node16). tsup writes the 1.7 MB into both.
if (!readFileSync(path.join(dist, "schema.d.cts"), "utf8").includes("interface paths")) throw new Error("finish-build: dist/schema.d.cts does not hold the schema types");
writeFileSync(path.join(dist, "schema.d.ts"), 'export * from "./schema.cjs";\n');

console.log("finish-build: dist/openapi.json (minified), dist/verify-report.schema.json, dist/schema.d.ts (re-exports dist/schema.d.cts)");
