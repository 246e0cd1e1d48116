// The release check's reading of the diff engine (src/contract/openapi-diff.ts, shared with
// `service-api verify`'s drift report): of every change between two bundled OpenAPI 3.1
// documents, the ones that break a client written against the old one, with the release check's
// severity. Table-tested rule by rule in test/spec/breaking-changes.test.ts.
//
// Each finding: { rule, severity: "error" | "warning", operation: "METHOD /path", where, message }.
// Errors fail the check; warnings are printed (changes that break only careless clients).
import { diffDocuments } from "../../src/contract/openapi-diff.js";

/** The rules that break a client, for documentation and the tests' coverage check. */
export const RULES = {
  "operation-removed": "an operation (method and path) is gone",
  "operation-id-changed": "an operation's operationId changed (generated clients name methods after it)",
  "path-parameter-renamed": "a path keeps its shape but a template parameter has a new name",
  "security-narrowed": "an operation accepts fewer credential schemes, or now needs one where it needed none",
  "parameter-added-required": "a new required parameter",
  "parameter-became-required": "an optional parameter became required",
  "parameter-removed": "a parameter is gone (servers may reject it; typed calls stop compiling)",
  "request-body-added-required": "a required request body where there was none",
  "request-body-became-required": "an optional request body became required",
  "request-media-type-removed": "a request content type is no longer accepted",
  "request-field-added-required": "a new required field in a request body",
  "request-field-became-required": "an optional request field became required",
  "request-field-removed": "a request field is gone",
  "request-type-narrowed": "a request value's type, format, limits or union members accept less than before",
  "request-enum-value-removed": "a request enum no longer accepts a value",
  "request-default-changed": "a request value's default changed (a caller who leaves it out now gets other behaviour)",
  "request-default-removed": "a request value no longer has a default (what leaving it out does is no longer stated)",
  "request-discriminator-added": "a request union is now told apart by a tag property: a value is read as the member its tag names",
  "request-discriminator-changed": "a request union is told apart by another tag property",
  "request-tag-retargeted": "a request union's tag value now names another member",
  "response-removed": "a success response (2xx) is gone",
  "response-media-type-removed": "a success response no longer comes as a content type it did",
  "response-field-removed": "a response field is gone",
  "response-field-became-optional": "a response field that was always present may now be missing",
  "response-type-widened": "a response value may now have a type, format, range or union member it could not have",
  "response-enum-value-added": "a response enum has a new value (clients that switch over it exhaustively must handle it)",
  "response-discriminator-removed": "a response union no longer promises a tag property that tells its members apart",
  "response-discriminator-changed": "a response union is told apart by another tag property",
  "response-tag-retargeted": "a response union's tag value now names another member",
};

// Breaking for a client, yet only a warning here: a server may ignore what is no longer read, and
// a new enum value hurts only code that switches over it exhaustively.
// A changed default breaks no call's types, only what the service does for a caller who relies on it.
const SEVERITY = {
  "parameter-removed": "warning",
  "request-field-removed": "warning",
  "response-enum-value-added": "warning",
  "request-default-changed": "warning",
  "request-default-removed": "warning",
};

/** @returns {{ rule: string, severity: string, operation: string, where: string, message: string }[]} */
export function findBreakingChanges(oldDoc, newDoc) {
  // The release check names places in the operation; union members changed alike at one place
  // (each tag of a tagged union made required, say) are that place once.
  const seen = new Set();
  return diffDocuments(oldDoc, newDoc)
    .filter((change) => change.class !== "compatible")
    .filter(({ rule, operation, where }) => !seen.has(`${operation}|${where}|${rule}`) && seen.add(`${operation}|${where}|${rule}`))
    .map(({ rule, operation, where, message }) => {
      if (!(rule in RULES)) throw new Error(`unknown rule ${rule}`);
      return { rule, severity: SEVERITY[rule] ?? "error", operation, where, message };
    });
}

// Versions: semver, as the README's "Versioning" section applies it.
function parseVersion(v) {
  return v.split(".").map(Number);
}
export function compareVersions(x, y) {
  const [a, b] = [parseVersion(x), parseVersion(y)];
  return a[0] - b[0] || a[1] - b[1] || a[2] - b[2];
}
/** Semver: a breaking change needs a new major; while 0.x, a new minor (0.0.x: any new version). */
export function allowsBreaking(from, to) {
  const [a, b] = [parseVersion(from), parseVersion(to)];
  if (a[0] > 0) return b[0] > a[0];
  if (a[1] > 0) return b[0] > 0 || b[1] > a[1];
  return compareVersions(to, from) > 0;
}
export function nextBreakingVersion(from) {
  const [major, minor, patch] = parseVersion(from);
  if (major > 0) return `${major + 1}.0.0`;
  if (minor > 0) return `0.${minor + 1}.0`;
  return `0.0.${patch + 1}`;
}

