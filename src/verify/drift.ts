// Drift: the deployment's own OpenAPI document against the contract, in the contract's words. The
// diff engine (openapi-diff.ts, shared with the release check) finds the changes; the record of the
// contract's deliberate differences (differences.ts) takes out what the contract does on purpose;
// what is left is the deployment's change. A change is told once, with every operation it
// reaches, its class and what a caller should do. The ones a deployment cannot show (operationIds,
// path parameter names, security schemes: the service names its own, and verify checks those by
// calling) are left out.
import { diffDocuments, type DocumentChange } from "../contract/openapi-diff.js";
import { operationsOf, pointerSegment } from "../contract/openapi-document.js";
import { foldDefaultCopies, type FoldedChange } from "./default-copies.js";
import { differenceRecord, sortChanges, staysBreaking } from "./differences.js";
import type { Finding } from "./findings.js";
import { readPublishedDocument, type DocumentSource } from "./published-document.js";
import type { DriftReport, RecordedFinding } from "./report.js";

type DriftChange = DocumentChange & { readonly kind: NonNullable<DocumentChange["kind"]> };

/** What a caller should do about a change, by the engine's rule; rules not named need nothing. */
const ADVICE: Readonly<Record<string, string>> = {
  "operation-removed": "stop calling it, or expect a 404",
  "parameter-removed": "stop sending it; the deployment may ignore or refuse it",
  "parameter-added-required": "send it in every call",
  "parameter-became-required": "send it in every call",
  "request-body-added-required": "send a body",
  "request-body-became-required": "send a body",
  "request-media-type-removed": "send another content type",
  "request-field-removed": "stop sending it; the deployment may ignore or refuse it",
  "request-field-added-required": "send it in every call",
  "request-field-became-required": "send it in every call",
  "request-type-narrowed": "send only values the deployment now accepts",
  "request-enum-value-removed": "stop sending that value",
  "request-default-changed": "send the value yourself where you relied on the old default",
  "request-default-removed": "send the value yourself where you relied on the default",
  "response-removed": "expect another answer",
  "response-media-type-removed": "expect another content type",
  "response-field-removed": "stop reading it",
  "response-field-became-optional": "handle its absence",
  "response-type-widened": "handle the new type or value",
  "response-enum-value-added": "handle the new value",
  "request-discriminator-added": "send the tag that names each value's member",
  "request-discriminator-changed": "send the new tag property in each value",
  "request-tag-retargeted": "check that each tag you send names the member you mean",
  "response-discriminator-removed": "tell the members apart by their shape, not by the tag",
  "response-discriminator-changed": "read the new tag property to tell the members apart",
  "response-tag-retargeted": "read a value with that tag as the member it now names",
  "error-response-added": "handle that answer",
  "operation-deprecated": "plan to stop calling it: the deployment marks it deprecated",
  "parameter-deprecated": "plan to stop sending it: the deployment marks it deprecated",
  "field-deprecated": "plan to move off it: the deployment marks it deprecated",
};

export interface Drift {
  /** The deployment's changes, and the recorded differences that still break a call. */
  readonly findings: readonly Finding[];
  /** The recorded differences that do not: the contract is stricter there, or says more. */
  readonly recorded: readonly RecordedFinding[];
  /**
   * The contract's operations the document does not publish, where it publishes nothing of their
   * group (the operation's first tag): a document that is a subset, not a removal. Told as one line.
   */
  readonly unpublished: readonly string[];
}

/**
 * A field the deployment's error answer adds. In verify's report it is information, told with the
 * recorded differences under the record's `error-answers` reason, never a finding: an error body is
 * read to learn why a call failed, and what else the deployment writes in it changes no call and no
 * reading of a success. For the release worklist (scripts/lib/release-worklist.ts) it is a
 * compatible change like any other, one the contract may take up.
 */
const ERROR_BODY_ADDITIONS: ReadonlySet<string> = new Set(["error-response-field-added"]);
const ERROR_ANSWERS = "error-answers";

const groupOf = (operation: unknown) => (operation as { tags?: string[] }).tags?.[0] ?? "(no tag)";

/**
 * The subset rule: an operation missing from the document is removed only when the document still
 * publishes another operation of its group; a group missing whole is a part the document does not
 * cover. Its blind spot: a release that drops a whole group is read as a subset.
 */
function splitUnpublished(drift: readonly DriftChange[], contract: unknown, published: unknown) {
  const groups = new Map<string, string>();
  for (const { method, path, operation } of operationsOf(contract as never)) groups.set(`${method} ${path}`, groupOf(operation));
  const publishedGroups = new Set([...operationsOf(published as never)].map(({ operation }) => groupOf(operation)));
  const unpublished = drift.filter((change) => change.kind === "operation-removed" && !publishedGroups.has(groups.get(change.operation) ?? "(no tag)"));
  const missing = new Set(unpublished.map((change) => change.operation));
  return { kept: drift.filter((change) => !(change.kind === "operation-removed" && missing.has(change.operation))), unpublished: [...missing] };
}

const placeOf = (change: DocumentChange) => (change.schema === undefined ? change.where : `${change.schema}${change.within ?? ""}`);

/** Worst first: what refuses a call, then what misleads a reader, then what is compatible. */
const CLASS_ORDER: readonly DocumentChange["class"][] = ["breaking-for-callers", "breaking-for-readers", "compatible"];

/**
 * Changes told once: a change inside a named schema once for every operation that reaches it, in
 * requests and answers alike (its worst class first); any other once per operation, or,
 * `acrossOperations`, once for every operation with the same words.
 */
function grouped<T extends DocumentChange>(changes: readonly T[], extra: (change: T) => string = () => "", acrossOperations = false): T[][] {
  const groups = new Map<string, T[]>();
  for (const change of changes) {
    const scope = change.schema === undefined && !acrossOperations ? change.operation : "";
    const flow = change.schema === undefined ? `${change.rule}\u0000${change.class}` : "";
    const key = [scope, placeOf(change), flow, change.message, extra(change)].join("\u0000");
    groups.set(key, [...(groups.get(key) ?? []), change]);
  }
  return [...groups.values()].map((group) => [...group].sort((a, b) => CLASS_ORDER.indexOf(a.class) - CLASS_ORDER.indexOf(b.class)));
}

const operationsIn = (group: readonly DocumentChange[]) => [...new Set(group.map((change) => change.operation))];

function finding(group: readonly (DriftChange | FoldedChange<DriftChange>)[], recorded?: { reason: string; why: string }): Finding {
  const [first] = group as [DriftChange | FoldedChange<DriftChange>, ...DriftChange[]];
  const operations = operationsIn(group);
  const advice = ADVICE[first.rule];
  const words =
    first.kind === "operation-removed"
      ? "not in the deployment's document"
      : first.kind === "operation-deprecated"
        ? "deprecated in the deployment's document"
        : `${placeOf(first)}: ${first.message}`;
  return {
    operation: first.operation,
    kind: first.kind,
    severity: first.class === "compatible" ? "warning" : "error",
    message: recorded === undefined ? words : `${words} (recorded difference: ${recorded.reason})`,
    ...(recorded === undefined ? {} : { reason: recorded.reason, why: recorded.why }),
    class: first.class,
    rule: first.rule,
    ...(operations.length > 1 ? { operations } : {}),
    ...(advice === undefined ? {} : { advice }),
    ...("alsoIn" in first ? { alsoIn: first.alsoIn } : {}),
    ...(first.schema === undefined ? {} : { location: `#/components/schemas/${pointerSegment(first.schema)}` }),
  };
}

/** The operations the deployment has beyond the contract, as one finding: a count by group, every one listed. */
function beyondTheContract(added: readonly DriftChange[], published: unknown, contractTags: ReadonlySet<string>): Finding[] {
  if (added.length === 0) return [];
  const tags = new Map<string, string>();
  for (const { method, path, operation } of operationsOf(published as never)) tags.set(`${method} ${path}`, (operation as { tags?: string[] }).tags?.[0] ?? "(no tag)");
  const counts = (mine: boolean) => {
    const byTag = new Map<string, number>();
    for (const change of added) {
      const tag = tags.get(change.operation) ?? "(no tag)";
      if (contractTags.has(tag) === mine) byTag.set(tag, (byTag.get(tag) ?? 0) + 1);
    }
    const total = [...byTag.values()].reduce((sum, count) => sum + count, 0);
    return { total, text: [...byTag].sort(([a], [b]) => a.localeCompare(b)).map(([tag, count]) => `${tag} ${count}`).join(", ") };
  };
  const ours = counts(true);
  const others = counts(false);
  const parts = [ours.total > 0 ? `${ours.total} under the contract's groups (${ours.text})` : "", others.total > 0 ? `${others.total} under other groups (${others.text})` : ""].filter(Boolean);
  return [
    {
      operation: added[0]!.operation,
      kind: "operation-added",
      severity: "warning",
      message: `the deployment's document has ${added.length} operation${added.length === 1 ? "" : "s"} the contract lacks: ${parts.join("; ")}`,
      class: "compatible",
      rule: "operation-added",
      ...(added.length > 1 ? { operations: added.map((change) => change.operation) } : {}),
    },
  ];
}

/** The drift from `contract` to `published`: the deployment's changes as findings, the contract's recorded differences apart. */
export function driftOf(contract: unknown, published: unknown, record = differenceRecord, { errorBodyAdditions = "findings" }: { errorBodyAdditions?: "findings" | "information" } = {}): Drift {
  const changes = diffDocuments(contract, published).filter((change): change is DriftChange => change.kind !== null);
  // An operation the contract leaves out on purpose is recorded like any other difference.
  const sorted = sortChanges(changes, record);
  const told = (change: DocumentChange) => errorBodyAdditions === "information" && ERROR_BODY_ADDITIONS.has(change.rule);
  const unrecorded = sorted.drift.filter((change) => !told(change));
  const recorded = [...sorted.recorded, ...sorted.drift.filter(told).map((change) => ({ change, reason: ERROR_ANSWERS }))];
  const { kept: drift, unpublished } = splitUnpublished(unrecorded.filter((change) => change.kind !== "operation-added") as DriftChange[], contract, published);
  const contractTags = new Set([...operationsOf(contract as never)].flatMap(({ operation }) => (operation as { tags?: string[] }).tags ?? []));
  const breakingRecorded = recorded.filter(({ change }) => staysBreaking(change));
  const { changes: own, folded } = foldDefaultCopies(drift as DriftChange[], contract);
  const findings = [
    ...grouped(own).map((group) => finding(group)),
    ...folded.map((group) => finding(group)),
    ...grouped(breakingRecorded.map(({ change, reason }) => ({ ...(change as DriftChange), reason })), ({ reason }) => reason).map((group) => finding(group, { reason: group[0]!.reason, why: record.reasons[group[0]!.reason] ?? "" })),
    ...beyondTheContract(unrecorded.filter((change) => change.kind === "operation-added") as DriftChange[], published, contractTags),
  ];
  const information = grouped(
    recorded.filter(({ change }) => !staysBreaking(change)).map(({ change, reason }) => ({ ...change, reason })),
    (change) => change.reason,
    true,
  ).map((group): RecordedFinding => {
    const [first] = group as [(typeof group)[number], ...(typeof group)[number][]];
    return { reason: first.reason, why: record.reasons[first.reason] ?? "", rule: first.rule, place: placeOf(first), message: first.message, operations: operationsIn(group) };
  });
  return { findings, recorded: information, unpublished };
}

/**
 * Step 2 of verify: the deployment's own document read (without a credential) and compared. A
 * deployment that publishes none, or one that cannot be compared (a broken $ref, say), is told as
 * a warning: the answers are still checked. A file the user named that cannot be read rejects
 * with a UsageError.
 */
export async function driftReportOf(source: DocumentSource, fetcher: typeof fetch, timeoutMs: number, contract: unknown, named: boolean): Promise<DriftReport> {
  const published = await readPublishedDocument(source, fetcher, timeoutMs);
  if ("unpublished" in published) {
    const elsewhere = named ? "a local file is named ./openapi.json or file:///path/to/openapi.json" : "name another with --openapi";
    return { source: published.source, warning: `${published.unpublished}: the deployment publishes no OpenAPI document there (${elsewhere})`, findings: [], recorded: [] };
  }
  try {
    const { findings, recorded, unpublished } = driftOf(contract, published.document, differenceRecord, { errorBodyAdditions: "information" });
    const version = (published.document.info as { version?: unknown } | undefined)?.version;
    return { source: published.source, findings, recorded, unpublished, ...(typeof version === "string" ? { documentVersion: version } : {}) };
  } catch (error) {
    return { source: published.source, warning: `${published.source} cannot be compared with the contract: ${error instanceof Error ? error.message : String(error)}`, findings: [], recorded: [] };
  }
}
