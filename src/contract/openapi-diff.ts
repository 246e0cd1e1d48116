// The one diff engine between two OpenAPI documents: every change from the old to the new, each
// classed by what it does to a client written against the old one. `npm run check:breaking`
// reads it with the old release as the old document; `service-api verify` with the contract as
// the old document and a deployment's published one as the new. Operations are matched by
// method and path shape (parameter names ignored), schemas through their `x-service-name`.
import { operationsOf, parametersOf } from "./openapi-document.js";
import { deref, schemaChanges, type SchemaChangeFact } from "./schema-diff.js";
import { schemaNames } from "./schema-names.js";

/** One change between two OpenAPI documents. */
export interface DocumentChange {
  /** The release check's rule, e.g. "request-field-became-required", "response-field-added". */
  readonly rule: string;
  /** The drift report's kind; null for what only the release check weighs (operationIds, path parameter names, security). */
  readonly kind: ChangeKind | null;
  readonly class: DriftClass;
  /** "METHOD /path" as the old document writes it (the new one, for an added operation). */
  readonly operation: string;
  /** Where in the operation: "query parameter limit", "request body application/json.kind", "response 200 application/json[].id". */
  readonly where: string;
  readonly message: string;
  /** The innermost named schema of the old document the change sits in, and the place inside it. */
  readonly schema?: string;
  readonly within?: string;
}

/** What a change does to a user of a client written against the old document. */
export type DriftClass = "breaking-for-callers" | "breaking-for-readers" | "compatible";

/**
 * The kinds a document change can be, as verify's drift report names them (its other kinds come
 * from calls, not documents: src/verify/findings.ts).
 */
export type ChangeKind =
  | "operation-removed"
  | "operation-added"
  | "operation-deprecated"
  | "parameter-changed"
  | "field-changed"
  | "enum-changed"
  | "union-changed";

// Documents, operations, parameters and bodies as the comparison reads them: JSON as it comes,
// each key looked up where it is compared.
type Node = any;

/** An operation of one document, keyed by its URL shape. */
interface ShapedOperation {
  readonly method: string;
  readonly path: string;
  readonly operation: Node;
  readonly parameters: Node[];
}

type Report = (rule: string, kind: ChangeKind | null, cls: DriftClass, where: string, message: string, extra?: { schema?: string; within?: string }) => void;
type CompareSchemas = (flow: "request" | "response" | "error", where: string, before: unknown, after: unknown, parameter?: boolean) => void;

const CALLERS: DriftClass = "breaking-for-callers";
const READERS: DriftClass = "breaking-for-readers";
const COMPATIBLE: DriftClass = "compatible";

// A schema fact (schema-diff.ts), by the way data flows, as a rule and its class. A request must
// keep accepting what it accepted: what it loses breaks callers. A response must stay within what
// it promised: what it gains breaks readers. Field presence is nominal either way.
const SCHEMA_RULES: Record<"request" | "response", Record<SchemaChangeFact, readonly [string, DriftClass]>> = {
  request: {
    narrowed: ["request-type-narrowed", CALLERS],
    widened: ["request-type-widened", COMPATIBLE],
    "null-removed": ["request-type-narrowed", CALLERS],
    "null-added": ["request-type-widened", COMPATIBLE],
    "enum-removed": ["request-enum-value-removed", CALLERS],
    "enum-added": ["request-enum-value-added", COMPATIBLE],
    "member-removed": ["request-type-narrowed", CALLERS],
    "member-added": ["request-type-widened", COMPATIBLE],
    "field-removed": ["request-field-removed", CALLERS],
    "field-added": ["request-field-added", COMPATIBLE],
    "field-added-required": ["request-field-added-required", CALLERS],
    "required-added": ["request-field-became-required", CALLERS],
    "required-removed": ["request-field-became-optional", COMPATIBLE],
    // A caller who leaves the value out now gets other behaviour, though every call still compiles;
    // a default newly stated documents what leaving it out does.
    "default-changed": ["request-default-changed", CALLERS],
    "default-removed": ["request-default-removed", CALLERS],
    "default-added": ["request-default-added", COMPATIBLE],
    // Still accepted; the service says to move off it.
    deprecated: ["field-deprecated", COMPATIBLE],
    // A tagged union is read by its tag: the service now picks the member by it, or by another
    // property, or another member for a tag, so a value that was accepted may now be read as
    // another member or refused. A tag no longer read leaves every value accepted.
    "discriminator-added": ["request-discriminator-added", CALLERS],
    "discriminator-removed": ["request-discriminator-removed", COMPATIBLE],
    "discriminator-changed": ["request-discriminator-changed", CALLERS],
    "tag-retargeted": ["request-tag-retargeted", CALLERS],
    // The other schema's fields are compared with the old one's, each a change of its own.
    replaced: ["request-schema-replaced", COMPATIBLE],
  },
  response: {
    narrowed: ["response-type-narrowed", COMPATIBLE],
    widened: ["response-type-widened", READERS],
    "null-removed": ["response-type-narrowed", COMPATIBLE],
    "null-added": ["response-type-widened", READERS],
    "enum-removed": ["response-enum-value-removed", COMPATIBLE],
    "enum-added": ["response-enum-value-added", READERS],
    "member-removed": ["response-type-narrowed", COMPATIBLE],
    "member-added": ["response-type-widened", READERS],
    "field-removed": ["response-field-removed", READERS],
    "field-added": ["response-field-added", COMPATIBLE],
    "field-added-required": ["response-field-added", COMPATIBLE],
    "required-added": ["response-field-became-required", COMPATIBLE],
    "required-removed": ["response-field-became-optional", READERS],
    // A response's default documents what the service fills in; what a reader receives is the value.
    "default-changed": ["response-default-changed", COMPATIBLE],
    "default-removed": ["response-default-changed", COMPATIBLE],
    "default-added": ["response-default-changed", COMPATIBLE],
    deprecated: ["field-deprecated", COMPATIBLE],
    // A reader that tells members apart by their tag: a tag no longer promised, read from another
    // property, or naming another member misleads it. A tag newly promised is one more guarantee.
    "discriminator-added": ["response-discriminator-added", COMPATIBLE],
    "discriminator-removed": ["response-discriminator-removed", READERS],
    "discriminator-changed": ["response-discriminator-changed", READERS],
    "tag-retargeted": ["response-tag-retargeted", READERS],
    replaced: ["response-schema-replaced", COMPATIBLE],
  },
};

// An error answer's body (a 4xx or 5xx) is read to learn why a call failed, never to go on with
// it: each change there is its own rule (the response's, as "error-response-…") and breaks no one.
// Verify tells a field added there as information, the rest as warnings (src/verify/drift.ts).
const ERROR_RULES = Object.fromEntries(
  Object.entries(SCHEMA_RULES.response).map(([fact, [rule]]) => [fact, [rule.replace(/^response-/, "error-response-"), COMPATIBLE] as const]),
) as Record<SchemaChangeFact, readonly [string, DriftClass]>;

// The drift report's kind of each schema fact; facts in a parameter's own schema are parameter-changed.
const FACT_KINDS: Partial<Record<SchemaChangeFact, ChangeKind>> = {
  "enum-removed": "enum-changed",
  "enum-added": "enum-changed",
  "member-removed": "union-changed",
  "member-added": "union-changed",
  "discriminator-added": "union-changed",
  "discriminator-removed": "union-changed",
  "discriminator-changed": "union-changed",
  "tag-retargeted": "union-changed",
};

/**
 * Every change from `oldDoc` to `newDoc`, each
 * `{ rule, kind, class, operation, where, message, schema?, within? }`. `operation` is
 * "METHOD /path" as the old document writes it (as the new one does for an added operation);
 * `kind` is the drift report's, or null for what only the release check weighs (operationIds,
 * path parameter names, security).
 */
export function diffDocuments(oldDoc: unknown, newDoc: unknown): DocumentChange[] {
  const changes: DocumentChange[] = [];
  const names = schemaNames(oldDoc, newDoc);
  const cache = new Map();
  const oldOps = operationsByShape(oldDoc);
  const newOps = operationsByShape(newDoc);
  for (const [shape, before] of oldOps) {
    const after = newOps.get(shape);
    const label = `${before.method} ${before.path}`;
    const report: Report = (rule, kind, cls, where, message, extra = {}) => changes.push({ rule, kind, class: cls, operation: label, where, message, ...extra });
    if (!after) {
      const id = before.operation.operationId;
      const movedTo = id && [...newOps.values()].find((op) => op.operation.operationId === id);
      report("operation-removed", "operation-removed", CALLERS, "", movedTo ? `removed (operationId ${id} is now ${movedTo.method} ${movedTo.path})` : "removed");
      continue;
    }
    const schemas: CompareSchemas = (flow, where, before, after, parameter = false) => {
      for (const fact of schemaChanges(oldDoc, before, newDoc, after, names, cache)) {
        const [rule, cls] = flow === "error" ? ERROR_RULES[fact.change] : SCHEMA_RULES[flow][fact.change];
        const kind = FACT_KINDS[fact.change] ?? (parameter ? "parameter-changed" : "field-changed");
        const extra = fact.schema === undefined ? {} : { schema: fact.schema, within: fact.within };
        report(rule, kind, cls, `${where}${fact.at}`, fact.message, extra);
      }
    };
    compareOperation(oldDoc, newDoc, before, after, report, schemas);
  }
  for (const [shape, after] of newOps) {
    if (!oldOps.has(shape)) changes.push({ rule: "operation-added", kind: "operation-added", class: COMPATIBLE, operation: `${after.method} ${after.path}`, where: "", message: "new operation" });
  }
  return mergeByPlace(changes);
}

/**
 * One change per operation, place, kind and rule, and no compatible change where a breaking one of
 * the same kind stands: a retype is a type lost one way and gained the other, a union may lose a
 * member and gain another. The compatible half's words join the breaking one's.
 */
function mergeByPlace(changes: DocumentChange[]): DocumentChange[] {
  const groups = new Map<string, DocumentChange[]>();
  for (const change of changes) {
    // A place inside a named schema is that schema's: two members of a union met at one place of
    // the operation are two places.
    const key = `${change.operation}|${change.where}|${change.schema ?? ""}${change.within ?? ""}|${change.kind ?? change.rule}`;
    groups.set(key, [...(groups.get(key) ?? []), change]);
  }
  return [...groups.values()].flatMap((group) => {
    const breaking = group.filter((change) => change.class !== COMPATIBLE);
    const kept = breaking.length > 0 ? breaking : group;
    const byRule = new Map<string, DocumentChange>();
    for (const change of kept) {
      const held = byRule.get(change.rule);
      byRule.set(change.rule, held ? { ...held, message: joined(held.message, change.message) } : change);
    }
    const merged = [...byRule.values()];
    if (breaking.length > 0) {
      for (const change of group.filter((c) => c.class === COMPATIBLE)) merged[0] = { ...merged[0]!, message: joined(merged[0]!.message, change.message) };
    }
    return merged;
  });
}

const joined = (a: string, b: string) => (a === b || a.split("; ").includes(b) ? a : `${a}; ${b}`);

/** The names of a path template's parameters, in the order they stand in the path. */
function templateNames(path: string): string[] {
  return [...path.matchAll(/\{([^}]+)\}/g)].map((match) => match[1]!);
}

function operationsByShape(doc: Node): Map<string, ShapedOperation> {
  const byShape = new Map<string, ShapedOperation>();
  for (const entry of operationsOf<Node, Node>(doc)) {
    const { method, path, operation } = entry;
    // `/users/{id}` and `/users/{user_id}` are the same URL shape.
    const shape = `${method} ${path.replace(/\{[^}]+\}/g, "{}")}`;
    const parameters = parametersOf<Node>(doc, entry).map(({ parameter }) => parameter);
    byShape.set(shape, { method, path, operation, parameters });
  }
  return byShape;
}

function compareOperation(oldDoc: Node, newDoc: Node, before: ShapedOperation, after: ShapedOperation, report: Report, schemas: CompareSchemas): void {
  const a = before.operation;
  const b = after.operation;
  if (a.operationId && a.operationId !== b.operationId) {
    report("operation-id-changed", null, CALLERS, "operationId", `operationId ${a.operationId} is now ${b.operationId ?? "(none)"}`);
  }
  if (before.path !== after.path) report("path-parameter-renamed", null, CALLERS, "path", `path ${before.path} is now ${after.path}`);
  // A deprecation breaks no call; it says the service would have callers move off.
  if (b.deprecated === true && a.deprecated !== true) report("operation-deprecated", "operation-deprecated", COMPATIBLE, "", "now deprecated");

  // Security: the alternatives a caller may use. Empty (or an empty requirement) means none needed.
  const schemesOf = (op: Node, doc: Node) => {
    const requirements = op.security ?? doc.security ?? [];
    if (requirements.length === 0 || requirements.some((r: object) => Object.keys(r).length === 0)) return null;
    return new Set(requirements.map((r: object) => Object.keys(r).sort().join("+")));
  };
  const oldSchemes = schemesOf(a, oldDoc);
  const newSchemes = schemesOf(b, newDoc);
  if (newSchemes && !oldSchemes) report("security-narrowed", null, CALLERS, "security", `now requires one of ${[...newSchemes].join(", ")}; it needed no credentials`);
  else if (newSchemes && oldSchemes) {
    const dropped = [...oldSchemes].filter((s) => !newSchemes.has(s));
    if (dropped.length > 0) report("security-narrowed", null, CALLERS, "security", `no longer accepts ${dropped.join(", ")}`);
  }

  // Parameters, matched by what they are: location and name, and a path parameter by its place in
  // the path template (its name may change; its place in the parameter list means nothing).
  const key = (p: Node, path: string) => (p.in === "path" ? `path#${templateNames(path).indexOf(p.name)}` : `${p.in}:${String(p.name).toLowerCase()}`);
  const oldParams = new Map(before.parameters.map((p): [string, Node] => [key(p, before.path), p]));
  const newParams = new Map(after.parameters.map((p): [string, Node] => [key(p, after.path), p]));
  for (const [k, p] of newParams) {
    const old = oldParams.get(k);
    const where = `${p.in} parameter ${old?.name ?? p.name}`;
    if (!old) {
      if (p.required) report("parameter-added-required", "parameter-changed", CALLERS, where, "new required parameter");
      else report("parameter-added", "parameter-changed", COMPATIBLE, where, "new optional parameter");
    } else {
      if (p.required && !old.required) report("parameter-became-required", "parameter-changed", CALLERS, where, "was optional, now required");
      if (old.required && !p.required && p.in !== "path") report("parameter-became-optional", "parameter-changed", COMPATIBLE, where, "was required, now optional");
      if (p.deprecated === true && old.deprecated !== true) report("parameter-deprecated", "parameter-changed", COMPATIBLE, where, "now deprecated");
      schemas("request", where, old.schema, p.schema, true);
    }
  }
  for (const [k, p] of oldParams) {
    if (!newParams.has(k)) report("parameter-removed", "parameter-changed", CALLERS, `${p.in} parameter ${p.name}`, "removed");
  }

  // Request body.
  const oldBody = a.requestBody ? deref<Node>(oldDoc, a.requestBody) : undefined;
  const newBody = b.requestBody ? deref<Node>(newDoc, b.requestBody) : undefined;
  if (newBody) {
    if (!oldBody) {
      if (newBody.required) report("request-body-added-required", "field-changed", CALLERS, "request body", "a required body where there was none");
      else report("request-body-added", "field-changed", COMPATIBLE, "request body", "an optional body where there was none");
    } else {
      if (newBody.required && !oldBody.required) report("request-body-became-required", "field-changed", CALLERS, "request body", "was optional, now required");
      for (const [mediaType, media] of Object.entries<Node>(oldBody.content ?? {})) {
        const newMedia = newBody.content?.[mediaType];
        if (!newMedia) report("request-media-type-removed", "field-changed", CALLERS, `request body ${mediaType}`, "no longer accepted");
        else schemas("request", `request body ${mediaType}`, media.schema, newMedia.schema);
      }
    }
  }

  // Answers. A success a client reads, and any status a caller may have to handle: an error answer
  // gained is one more outcome to handle (an operation that takes new input gains a 422, say), one
  // lost is one a caller no longer meets.
  for (const status of Object.keys(b.responses ?? {})) {
    if (a.responses?.[status] === undefined && !/^2/.test(status)) {
      report("error-response-added", "field-changed", COMPATIBLE, `response ${status}`, `now lists ${status}`);
    }
  }
  for (const [status, rawOld] of Object.entries<Node>(a.responses ?? {})) {
    const success = /^2/.test(status);
    const rawNew = b.responses?.[status];
    if (!rawNew) {
      if (success) report("response-removed", "field-changed", READERS, `response ${status}`, "removed");
      else report("error-response-removed", "field-changed", COMPATIBLE, `response ${status}`, `no longer lists ${status}`);
      continue;
    }
    const oldResponse = deref<Node>(oldDoc, rawOld);
    const newResponse = deref<Node>(newDoc, rawNew);
    for (const [mediaType, media] of Object.entries<Node>(oldResponse.content ?? {})) {
      const newMedia = newResponse.content?.[mediaType];
      // An error answer's body, where both documents give one in the same content type.
      if (!success) {
        if (newMedia) schemas("error", `response ${status} ${mediaType}`, media.schema, newMedia.schema);
      } else if (!newMedia) report("response-media-type-removed", "field-changed", READERS, `response ${status} ${mediaType}`, "no longer returned");
      else schemas("response", `response ${status} ${mediaType}`, media.schema, newMedia.schema);
    }
  }
}
