// What the published tarballs may and must contain: `service-api` and its companion
// `service-api-contract`. Used by scripts/check-package.mjs on the real `npm pack` file lists, and
// table-tested in test/package/package-contents.test.ts.
import { CONTRACT_EDITIONS } from "./contract-package.mjs";
import { guides } from "./user-docs.mjs";

/**
 * Every file users of the client need; the tarball must hold each of them. README.md is the
 * user-facing one (the maintainers' material is in CONTRIBUTING.md, which does not ship); LICENSE
 * says on what terms they may use the rest. The contract is there as validate, testing and verify
 * load it, minified and without its prose (dist/openapi.json), and whole but gzipped for the mock
 * command to publish (dist/openapi.full.json.gz); both are built, not committed, so only this list
 * proves they ship. Its other editions are the companion's. The guides under docs/ ship so that
 * the README's links to them resolve wherever the README is read.
 */
export const REQUIRED_FILES = [
  "package.json",
  "README.md",
  ...guides(),
  "LICENSE",
  "CHANGELOG.md",
  "dist/index.js",
  "dist/index.cjs",
  "dist/index.d.ts",
  "dist/index.d.cts",
  "dist/schema.js",
  "dist/schema.cjs",
  "dist/schema.d.ts",
  "dist/schema.d.cts",
  "dist/validate.js",
  "dist/validate.cjs",
  "dist/validate.d.ts",
  "dist/validate.d.cts",
  "dist/testing.js",
  "dist/testing.cjs",
  "dist/testing.d.ts",
  "dist/testing.d.cts",
  "dist/testing/msw.js",
  "dist/testing/msw.cjs",
  "dist/testing/msw.d.ts",
  "dist/testing/msw.d.cts",
  // Declarations the entries share (tsup.config.ts): no code, no export of their own.
  "dist/types.d.ts",
  "dist/types.d.cts",
  "dist/problems.d.ts",
  "dist/problems.d.cts",
  "dist/cli.js",
  "dist/openapi.json",
  "dist/openapi.full.json.gz",
  // `service-api/verify-report.schema.json`, the schema of verify's --json report (docs/verify.md).
  "dist/verify-report.schema.json",
];

/** Anything else must match one of these. */
const ALLOWED = [/^(package\.json|README\.md|CHANGELOG\.md|LICENSE)$/, /^docs\/[\w-]+\.md$/, /^dist\/(testing\/)?[\w.-]+\.(js|cjs|d\.ts|d\.cts)$/, /^dist\/(openapi|verify-report\.schema)\.json$/, /^dist\/openapi\.full\.json\.gz$/];

/** The companion's tarball holds exactly these: its manifest, README and licence, and the editions. */
export const CONTRACT_FILES = ["package.json", "README.md", "LICENSE", ...CONTRACT_EDITIONS];

/** Named so the failure says why a file must not ship. */
const FORBIDDEN = [
  [/(^|\/)(test|tests|__tests__|bench)\//, "tests and benchmarks"],
  [/\.(test|spec)\.[cm]?[jt]sx?$|\.test-d\.ts$/, "a test file"],
  [/^openapi\//, "the spec's split sources (users get the bundle)"],
  // dist/openapi.json, the minified 3.1 JSON that validate and verify load, is the one exception.
  [/^generated\/|^openapi[\w.-]*\.(json|yaml)$|^dist\/(?!openapi\.json$)openapi[\w.-]*\.(json|yaml)$/, "an edition of the contract that belongs to service-api-contract"],
  [/^(src|scripts|\.ci)\//, "sources and build scripts (users get dist/)"],
  [/^reference\//, "the reference facts the catalogue test reads"],
  [/(^|\/)\.env(\..*)?$|(^|\/)\.npmrc$|\.(pem|key|p12|pfx)$|(^|\/)id_(rsa|ed25519|ecdsa)/, "a secret or credential file"],
  [/(^|\/)node_modules\/|\.tgz$|^reports\/|^build\/|^coverage\//, "an install, build or report artefact"],
  [/\.map$/, "a source map (it would embed src/)"],
];

/** Strings that look like real credentials, searched in every text file that ships. */
export const SECRET_PATTERNS = [
  [/-----BEGIN [A-Z ]*PRIVATE KEY-----/, "a private key"],
  [/\bnpm_[A-Za-z0-9]{36}\b/, "an npm token"],
  [/\bgh[pousr]_[A-Za-z0-9]{36,}\b/, "a GitHub token"],
  [/\bAKIA[0-9A-Z]{16}\b/, "an AWS access key id"],
  [/\bxox[abpr]-[A-Za-z0-9-]{10,}/, "a Slack token"],
  [/\beyJ[A-Za-z0-9_-]{10,}\.eyJ[A-Za-z0-9_-]{10,}\.[A-Za-z0-9_-]{10,}/, "a signed JWT"],
];

/** Credential-shaped values that are documented examples, not secrets; each says why. */
export const KNOWN_EXAMPLES = [
  // The spec's example JWT: header {"alg":"HS256","typ":"JWT"}, payload
  // {"sub":"example","exp":4102444800} (2100-01-01T00:00:00Z), and the words "fake signature" as
  // its signature. It signs nothing and grants nothing.
  "eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiJleGFtcGxlIiwiZXhwIjo0MTAyNDQ0ODAwfQ.ZmFrZSBzaWduYXR1cmU",
];

/** What in `file`'s text looks like a credential (documented examples aside). */
function secretsIn(file, text) {
  if (text === undefined) return [];
  let scanned = text;
  for (const example of KNOWN_EXAMPLES) scanned = scanned.replaceAll(example, "<example>");
  return SECRET_PATTERNS.filter(([pattern]) => pattern.test(scanned)).map(([, what]) => `${file} contains what looks like ${what}`);
}

/**
 * @param {string[]} files paths inside the `service-api` tarball (as `npm pack --json` lists them)
 * @param {(file: string) => string | undefined} [readText] the text of a file, to scan for secrets
 * @returns {string[]} problems; empty when the contents are right
 */
export function checkPackageContents(files, readText) {
  const problems = [];
  const present = new Set(files);
  for (const file of REQUIRED_FILES) if (!present.has(file)) problems.push(`missing ${file}`);
  for (const file of files) {
    const forbidden = FORBIDDEN.find(([pattern]) => pattern.test(file));
    if (forbidden) problems.push(`${file} must not ship: ${forbidden[1]}`);
    else if (!ALLOWED.some((pattern) => pattern.test(file))) problems.push(`${file} is not in the allowed list (scripts/lib/package-contents.mjs)`);
    problems.push(...secretsIn(file, readText?.(file)));
  }
  return problems;
}

/**
 * @param {string[]} files paths inside the `service-api-contract` tarball
 * @param {(file: string) => string | undefined} [readText] the text of a file, to scan for secrets
 * @returns {string[]} problems; empty when it holds exactly CONTRACT_FILES, none secret-looking
 */
export function checkContractContents(files, readText) {
  const present = new Set(files);
  return [
    ...CONTRACT_FILES.filter((file) => !present.has(file)).map((file) => `missing ${file}`),
    ...files.filter((file) => !CONTRACT_FILES.includes(file)).map((file) => `${file} must not ship in service-api-contract: it holds the editions and nothing else`),
    ...files.flatMap((file) => secretsIn(file, readText?.(file))),
  ];
}
