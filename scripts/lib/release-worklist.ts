// The worklist for following a new release of the service: what its document says that the
// contract does not, each change where the hand-written source says it. The changes and their
// grouping are verify's own (driftOf in src/verify/drift.ts: the diff engine, then the record of the
// contract's deliberate differences), so this list and verify's drift report never disagree; this
// module adds only the place in `openapi/` to edit (spec-places.ts).
import { operationsOf, pointerKey } from "../../src/contract/openapi-document.js";
import { differenceRecord, type DifferenceRecord } from "../../src/verify/differences.js";
import { driftOfDocuments } from "../../src/verify/drift.js";
import type { DriftClass, Finding } from "../../src/verify/findings.js";
import { SpecPlaces, type Landing, type SpecPlace } from "./spec-places.js";

/** One change the contract lacks, told once as verify tells it, with where to make it. */
export interface WorkItem {
  readonly class: DriftClass;
  readonly rule: string;
  /** The change in verify's words: the schema and place, or the place in the operation, and what changed. */
  readonly message: string;
  /** Every operation it reaches ("METHOD /path", the contract's). */
  readonly operations: readonly string[];
  /** The file and line of `openapi/` to edit; undefined only where the source has no file for it. */
  readonly place: SpecPlace | undefined;
}

/** An operation the release has under one of the contract's groups, which the contract lacks. */
export interface AddedOperation {
  readonly operation: string;
  readonly tag: string;
  readonly deprecated: boolean;
  /** The release's own operationId, which names the operation in its document. */
  readonly serviceId: string | undefined;
}

/** What stays recorded: the contract's deliberate differences, by reason. */
export interface RecordedGroup {
  readonly reason: string;
  /** How many places (changes as verify groups them) the reason covers. */
  readonly places: number;
  readonly operations: number;
}

export interface Worklist {
  readonly changes: readonly WorkItem[];
  readonly added: readonly AddedOperation[];
  /** Operations the release adds under groups the contract does not have, by group. */
  readonly elsewhere: ReadonlyMap<string, number>;
  readonly recorded: readonly RecordedGroup[];
  /** The contract's operations the document does not publish, whole groups of them (drift's subset rule): not removals. */
  readonly unpublished: readonly string[];
}

const SCHEMA_POINTER = "#/components/schemas/";

// The keyword of a schema node a rule's change is written at, where it has one.
const KEYWORD_BY_RULE: readonly [RegExp, string][] = [
  [/enum/, "enum"],
  [/default/, "default"],
];

/** Where to land for a finding: its rule's keyword, and for a value an enum lost, that value (verify writes `no longer "a", "b"`). */
function landingOf(rule: string, message: string): Landing {
  const keyword = KEYWORD_BY_RULE.find(([pattern]) => pattern.test(rule))?.[1];
  const lost = /enum-value-removed$/.test(rule) ? /: no longer ("(?:[^"\\]|\\.)*"|[^,\s]+)/.exec(message)?.[1] : undefined;
  if (lost === undefined) return keyword === undefined ? {} : { keyword };
  try {
    return { keyword, value: JSON.parse(lost) };
  } catch {
    return { keyword };
  }
}

/** The place of a drift finding in the source: its schema's file, or its operation's. */
function placeOf(finding: Finding, places: SpecPlaces): SpecPlace | undefined {
  const rule = finding.rule ?? "";
  if (finding.kind === "operation-removed") return places.indexEntry(finding.operation);
  const landing = landingOf(rule, finding.message);
  if (finding.location?.startsWith(SCHEMA_POINTER)) {
    const schema = pointerKey(finding.location.slice(SCHEMA_POINTER.length));
    // verify writes a schema's change as "<Schema><within>: <what changed>".
    const rest = finding.message.slice(schema.length);
    const within = rest.slice(0, Math.max(0, rest.indexOf(": ")));
    return places.inSchema(schema, within, landing) ?? places.inOperation(finding.operation, "");
  }
  // …and any other as "<where in the operation>: <what changed>".
  const separator = finding.message.indexOf(": ");
  const where = separator === -1 ? "" : finding.message.slice(0, separator);
  return places.inOperation(finding.operation, where, landing);
}

const CLASS_ORDER: readonly DriftClass[] = ["breaking-for-callers", "breaking-for-readers", "compatible"];

/**
 * The record without the differences nobody has explained yet (reason "?", which `npm run
 * differences` gives a new one): those are still work, not something that stays.
 */
export function explainedOnly(record: DifferenceRecord): DifferenceRecord {
  return { ...record, differences: record.differences.filter((difference) => difference.reason in record.reasons) };
}

/** The worklist from the contract (the bundle, `generated/openapi.json`) to a release's document. */
export function worklistOf(contract: unknown, release: unknown, repoRoot: string, record: DifferenceRecord = differenceRecord): Worklist {
  return worklistOfDocuments(contract, [{ name: "", document: release }], repoRoot, record);
}

/**
 * The worklist from the contract to several documents a release publishes (its full one, its
 * client API document), named as the messages name them: compared with their union, as verify does.
 */
export function worklistOfDocuments(contract: unknown, documents: readonly { readonly name: string; readonly document: unknown }[], repoRoot: string, record: DifferenceRecord = differenceRecord): Worklist {
  const { findings, recorded, unpublished } = driftOfDocuments(contract, documents, explainedOnly(record));
  const places = new SpecPlaces(repoRoot);
  const contractTags = new Set([...operationsOf(contract as never)].flatMap(({ operation }) => (operation as { tags?: string[] }).tags ?? []));

  const changes = findings
    .filter((finding) => finding.kind !== "operation-added" && finding.reason === undefined)
    .map(
      (finding): WorkItem => ({
        class: finding.class ?? "compatible",
        rule: finding.rule ?? finding.kind,
        message: finding.message,
        operations: finding.operations ?? [finding.operation],
        place: placeOf(finding, places),
      }),
    )
    .sort((a, b) => CLASS_ORDER.indexOf(a.class) - CLASS_ORDER.indexOf(b.class) || comparePlaces(a.place, b.place));

  const releaseOperations = new Map<string, { tag: string; deprecated: boolean; serviceId: string | undefined }>();
  for (const { document } of documents) {
    for (const { method, path, operation } of operationsOf(document as never)) {
      const { tags, deprecated, operationId } = operation as { tags?: string[]; deprecated?: boolean; operationId?: string };
      if (!releaseOperations.has(`${method} ${path}`)) releaseOperations.set(`${method} ${path}`, { tag: tags?.[0] ?? "(no tag)", deprecated: deprecated === true, serviceId: operationId });
    }
  }
  const added: AddedOperation[] = [];
  const elsewhere = new Map<string, number>();
  for (const finding of findings.filter((entry) => entry.kind === "operation-added")) {
    for (const operation of finding.operations ?? [finding.operation]) {
      const known = releaseOperations.get(operation) ?? { tag: "(no tag)", deprecated: false, serviceId: undefined };
      if (contractTags.has(known.tag)) added.push({ operation, ...known });
      else elsewhere.set(known.tag, (elsewhere.get(known.tag) ?? 0) + 1);
    }
  }
  added.sort((a, b) => a.tag.localeCompare(b.tag) || a.operation.localeCompare(b.operation));

  const byReason = new Map<string, { places: number; operations: Set<string> }>();
  const count = (reason: string, operations: readonly string[]) => {
    const entry = byReason.get(reason) ?? { places: 0, operations: new Set<string>() };
    entry.places += 1;
    for (const operation of operations) entry.operations.add(operation);
    byReason.set(reason, entry);
  };
  for (const finding of findings) if (finding.reason !== undefined) count(finding.reason, finding.operations ?? [finding.operation]);
  for (const entry of recorded) count(entry.reason, entry.operations);
  const recordedGroups = [...byReason]
    .map(([reason, { places: placeCount, operations }]) => ({ reason, places: placeCount, operations: operations.size }))
    .sort((a, b) => a.reason.localeCompare(b.reason));

  return { changes, added, elsewhere, recorded: recordedGroups, unpublished };
}

function comparePlaces(a: SpecPlace | undefined, b: SpecPlace | undefined): number {
  if (a === undefined || b === undefined) return a === b ? 0 : a === undefined ? 1 : -1;
  return a.file.localeCompare(b.file) || a.line - b.line;
}

const CLASS_WORDS: Readonly<Record<DriftClass, string>> = {
  "breaking-for-callers": "breaks callers",
  "breaking-for-readers": "breaks readers",
  compatible: "compatible",
};

/** The worklist as lines to print: the changes, then the operations added, then what stays recorded. */
export function worklistLines(worklist: Worklist, releaseName: string): string[] {
  const lines: string[] = [];
  const { changes, added, elsewhere, recorded, unpublished } = worklist;
  if (unpublished.length > 0) {
    lines.push(`${releaseName} does not publish ${unpublished.length} of the contract's operations, whole groups of them: not removals, so not listed below`);
    lines.push("");
  }
  lines.push(`Changes in ${releaseName} the contract lacks: ${changes.length} (edit each at the file and line given, then npm run check)`);
  for (const change of changes) {
    const where = change.place === undefined ? "(no file in openapi/)" : `${change.place.file}:${change.place.line}`;
    const reach = change.operations.length > 1 ? ` (${change.operations.length} operations)` : ` (${change.operations[0]})`;
    lines.push(`  ${where}  [${CLASS_WORDS[change.class]}] ${change.message}${reach}`);
  }
  lines.push("");
  lines.push(`Operations added by ${releaseName} under the contract's groups: ${added.length} (a new file in openapi/paths/<group>/ each, registered in openapi/openapi.yaml)`);
  for (const operation of added) {
    lines.push(`  ${operation.tag}  ${operation.operation}${operation.deprecated ? "  (deprecated)" : ""}${operation.serviceId === undefined ? "" : `  [${operation.serviceId}]`}`);
  }
  const others = [...elsewhere].sort(([a], [b]) => a.localeCompare(b));
  if (others.length > 0) {
    const total = others.reduce((sum, [, n]) => sum + n, 0);
    lines.push(`  and ${total} under groups the contract does not have: ${others.map(([tag, n]) => `${tag} ${n}`).join(", ")}`);
  }
  lines.push("");
  lines.push(`Stays recorded (reference/differences.json; npm run differences rewrites it after the edits): ${recorded.reduce((sum, group) => sum + group.places, 0)} places`);
  for (const group of recorded) lines.push(`  ${group.reason}: ${group.places} place${group.places === 1 ? "" : "s"} in ${group.operations} operation${group.operations === 1 ? "" : "s"}`);
  return lines;
}
