// Rewrites reference/differences.json from the contract (generated/openapi.json) against the
// release it was written from (reference/openapi-<release>.json): every place where they differ,
// each keeping the reason the record already gives it. A new difference gets the reason "?",
// which test/spec/differences.test.ts refuses until someone writes why (a key of `reasons`); a
// difference that is gone leaves the record. Run it after changing the contract on purpose:
//
//   npm run differences
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { diffDocuments } from "../src/contract/openapi-diff.js";
import { differenceRecord, recordFor } from "../src/verify/differences.js";
import { generatedDir, repoRoot } from "./lib/paths.mjs";

const recordFile = path.join(repoRoot, "reference", "differences.json");
const contract = JSON.parse(readFileSync(path.join(generatedDir, "openapi.json"), "utf8"));
const release = JSON.parse(readFileSync(path.join(repoRoot, "reference", `openapi-${differenceRecord.release}.json`), "utf8"));
const record = recordFor(diffDocuments(contract, release), differenceRecord);
writeFileSync(recordFile, `${JSON.stringify(record, null, 2)}\n`);
const unexplained = record.differences.filter((difference) => !(difference.reason in record.reasons));
console.log(`differences: ${record.differences.length} recorded against release ${record.release} → reference/differences.json`);
if (unexplained.length > 0) {
  console.log(`${unexplained.length} without a reason ("?"): write why in reasons, and name it on each`);
  process.exitCode = 1;
}
