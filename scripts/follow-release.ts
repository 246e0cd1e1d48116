// The worklist for a new release of the service: given the OpenAPI documents a release publishes (a
// file, or an http(s) URL read without any credential; several are compared with their union, as
// verify compares a deployment's), prints each change the contract lacks with
// the file and line of openapi/ to edit, then the operations the release adds under the contract's
// groups, then what stays recorded. No deployment is called. Compares with the contract as built
// (generated/openapi.json), so run `npm run build:spec` after editing openapi/. `--root <dir>`
// reads the contract (its openapi/ and generated/openapi.json) from another checkout instead, such
// as a worktree of an earlier commit.
//
//   npm run follow-release -- ./openapi-1.513.0.json
//   npm run follow-release -- https://api.acme.example/openapi.json
//   npm run follow-release -- reference/openapi-1.513.0.json reference/openapi-client-2026-07-13.json
//   npm run follow-release -- --root /tmp/before reference/openapi-1.513.0.json
//   npm run follow-release -- --part release ./openapi-1.600.0.json
//   npm run follow-release -- --part client ./client-openapi.json
//
// `--part` reads the document as one of the two the scope follows (CONTRIBUTING, "The scope"):
// `release`, a full release, compared on the operations the client API document kept in reference/
// does not publish (the scope takes the others from it); `client`, a client API document, compared
// on the operations it publishes and those it adds; it reads one document. Without it the whole
// contract is compared.
import { readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { documentName, readPublishedDocument } from "../src/verify/published-document.js";
import { repoRoot } from "./lib/paths.mjs";
import { worklistLines, worklistOf, worklistOfDocuments } from "./lib/release-worklist.js";
import { partOf, readDocuments, type Side } from "./lib/scope-document.js";

const USAGE = "usage: npm run follow-release -- [--root <checkout>] [--part release|client] <release document: a file, a file: URL or an http(s) URL> [more documents of the same release]";
const URL_TIMEOUT_MS = 30_000;

function fail(message: string): never {
  console.error(`follow-release: ${message}`);
  console.error(USAGE);
  process.exit(2);
}

/** The release's document: JSON with an `openapi` version and `paths`, or a clear reason why not. */
async function readRelease(named: string): Promise<{ document: unknown; name: string }> {
  if (/^https?:\/\//i.test(named)) {
    const read = await readPublishedDocument({ url: named }, fetch, URL_TIMEOUT_MS);
    if ("unpublished" in read) fail(`${read.unpublished}: give the address of the release's OpenAPI document (JSON), or a file`);
    return { document: read.document, name: read.source };
  }
  let file = named;
  if (/^file:/i.test(named)) {
    try {
      file = fileURLToPath(named);
    } catch {
      fail(`${named} is not a file URL this system can open: write it as file:///path/to/openapi.json, or give a path`);
    }
  }
  let text: string;
  try {
    text = readFileSync(file, "utf8");
  } catch (error) {
    const code = (error as { code?: unknown }).code;
    fail(`${file} cannot be read (${typeof code === "string" ? code : "error"}): name the release's OpenAPI document`);
  }
  let document: unknown;
  try {
    document = JSON.parse(text);
  } catch {
    fail(`${file} is not JSON: the service publishes its OpenAPI document as JSON (openapi.json)`);
  }
  const { openapi, paths } = (document ?? {}) as { openapi?: unknown; paths?: unknown };
  if (typeof openapi !== "string" || paths === null || typeof paths !== "object") fail(`${file} is not an OpenAPI document (it has no "openapi" version and "paths")`);
  return { document, name: path.basename(file) };
}

const args = process.argv.slice(2);
if (args[0] === "--help" || args[0] === "-h") {
  console.log(USAGE);
  process.exit(0);
}
let root = repoRoot;
const rootAt = args.indexOf("--root");
if (rootAt !== -1) {
  const named = args[rootAt + 1];
  if (named === undefined || named.startsWith("--")) fail("--root needs a checkout of this repository, e.g. --root /tmp/before");
  root = path.resolve(named);
  args.splice(rootAt, 2);
}
let part: Side | undefined;
const partAt = args.indexOf("--part");
if (partAt !== -1) {
  const named = args[partAt + 1];
  if (named !== "release" && named !== "client") fail("--part needs release (a full release of the service) or client (a client API document)");
  part = named;
  args.splice(partAt, 2);
}
if (args.length === 0) fail("name the release's document");
if (part !== undefined && args.length > 1) fail(`--part reads one document (given ${args.length}): leave --part out to compare the contract with all of them`);
const documents = await Promise.all(args.map(readRelease));
let contract: { info: { version: string } };
try {
  contract = JSON.parse(readFileSync(path.join(root, "generated", "openapi.json"), "utf8"));
} catch {
  fail(`${root} has no readable generated/openapi.json: name a checkout of this repository (npm run build:spec builds it)`);
}
const named = documents.map(({ document, name }) => ({ name, called: documentName(name, (document as { info?: { version?: unknown } }).info?.version) }));
const releaseName = named.map(({ called }) => called).join(" and ");
console.log(`follow-release: ${named.map(({ name, called }) => (called === name ? name : `${name} (${called})`)).join(", ")} against the contract ${contract.info.version}`);
console.log("");
if (part === undefined) {
  for (const line of worklistLines(worklistOfDocuments(contract, documents, root), releaseName)) console.log(line);
} else {
  // On a part: the contract's operations of that part, and the document's (for a client document,
  // the part is what it publishes itself, so the operations it adds are listed).
  const { document } = documents[0]!;
  const [ours, theirs] = part === "client" ? [partOf(contract, "client", document as never), document] : [partOf(contract, "release", readDocuments().client), partOf(document as never, "release", readDocuments().client)];
  console.log(`(on the ${part} part of the scope: ${part === "client" ? "the operations this document publishes" : "the operations the client API document in reference/ does not publish"})\n`);
  for (const line of worklistLines(worklistOf(ours, theirs, root), releaseName)) console.log(line);
}
