// Rewrites reference/differences.json from the contract (generated/openapi.json) against the two
// documents of the service the scope follows (CONTRIBUTING, "The scope"): the client API document on
// the operations the scope takes from it, the release on every other one, each with the schemas
// those operations reach (scripts/lib/scope-document.ts). Every place where the contract differs
// keeps the reason the record already gives it; a difference the scope's wider form of a shared
// schema makes is `shared-wider`; a new one gets the reason "?", which
// test/spec/differences.test.ts refuses until someone writes why (a key of `reasons`); a
// difference that is gone leaves the record. Run it after changing the contract on purpose:
//
//   npm run differences
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { differenceRecord, recordFor } from "../src/verify/differences.js";
import { generatedDir, repoRoot } from "./lib/paths.mjs";
import { differencesByDocument } from "./lib/scope-document.js";

const recordFile = path.join(repoRoot, "reference", "differences.json");
const contract = JSON.parse(readFileSync(path.join(generatedDir, "openapi.json"), "utf8"));
const record = recordFor(differencesByDocument(contract), differenceRecord);
writeFileSync(recordFile, `${JSON.stringify(record, null, 2)}\n`);
const count = (document: string) => record.differences.filter((difference) => difference.document === document).length;
const documents = [...new Set(record.differences.map((difference) => difference.document))].sort();
console.log(`differences: ${documents.map((document) => `${count(document)} against ${document}`).join(", ")} → reference/differences.json`);
const unexplained = record.differences.filter((difference) => !(difference.reason in record.reasons));
if (unexplained.length > 0) {
  console.log(`${unexplained.length} without a reason ("?"): write why in reasons, and name it on each`);
  process.exitCode = 1;
}
