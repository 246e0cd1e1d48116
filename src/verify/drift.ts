// Drift: the deployment's own OpenAPI documents against the contract, in the contract's words. The
// diff engine (openapi-diff.ts, shared with the release check) finds the changes, document by
// document; the record of the contract's deliberate differences (differences.ts) takes out what
// the contract does on purpose; what is left is the deployment's change. A deployment may publish
// several documents (the service: its full one, its client API document, a public reference), so
// the contract is compared with their union: each operation with every document that publishes it,
// and removed only where none does. A change is told once, with every operation it reaches, the
// documents that show it, its class and what a caller should do. The ones a deployment cannot show
// (operationIds, path parameter names, security schemes: the service names its own, and verify
// checks those by calling) are left out.
import { diffDocuments, type DocumentChange } from "../contract/openapi-diff.js";
import { operationsOf, pointerSegment } from "../contract/openapi-document.js";
import { foldDefaultCopies, type FoldedChange } from "./default-copies.js";
import { differenceRecord, sortChanges, staysBreaking } from "./differences.js";
import type { Finding } from "./findings.js";
import { readPublishedDocument, shortName, type DocumentSource } from "./published-document.js";
import type { DocumentRead, DriftReport, RecordedFinding } from "./report.js";

/** A change the report can show, and, where several documents were read, the ones that show it. */
type DriftChange = DocumentChange & { readonly kind: NonNullable<DocumentChange["kind"]>; readonly documents?: readonly string[] };

/** A document read, by the name the report gives it (its address), and its changes from the contract. */
interface Compared {
  readonly name: string;
  readonly document: unknown;
  readonly changes: readonly DocumentChange[];
}

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
  /** For each document compared, in order: how many of the contract's operations it publishes. */
  readonly publishes: readonly number[];
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
 * The subset rule: an operation no document publishes is removed only when the documents still
 * publish another operation of its group; a group missing whole is a part they do not cover. Its
 * blind spot: a release that drops a whole group is read as a subset.
 */
function splitUnpublished(drift: readonly DriftChange[], contract: unknown, published: readonly unknown[]) {
  const groups = new Map<string, string>();
  for (const { method, path, operation } of operationsOf(contract as never)) groups.set(`${method} ${path}`, groupOf(operation));
  const publishedGroups = new Set(published.flatMap((document) => [...operationsOf(document as never)].map(({ operation }) => groupOf(operation))));
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

/** Several documents read: how each that is silent on a change stands where the change is. */
interface Reading {
  readonly names: readonly string[];
  /** Per document (by index in `names`): the contract's operations it does not publish. */
  readonly missing: readonly ReadonlySet<string>[];
  /** Per document: the places it shows a change at, each with the messages it shows there. */
  readonly places: readonly ReadonlyMap<string, ReadonlySet<string>>[];
}

const placeKey = (change: DocumentChange) => (change.schema === undefined ? `O\u0000${change.operation}\u0000${change.where}` : `S\u0000${change.schema}${change.within ?? ""}`);

/**
 * Where documents disagree, each one's word: the documents that show the change, then each other
 * document that publishes one of its operations, as the contract there or with another change.
 */
function whichDocuments(group: readonly DriftChange[], reading: Reading): string {
  const shown = new Set(group.flatMap((change) => change.documents ?? []));
  const operations = operationsIn(group);
  const parts = [`in ${[...shown].map(shortName).join(" and ")}`];
  reading.names.forEach((name, index) => {
    if (shown.has(name) || operations.every((operation) => reading.missing[index]!.has(operation))) return;
    const other = group.some((change) => [...(reading.places[index]!.get(placeKey(change)) ?? [])].some((message) => message !== change.message));
    parts.push(other ? `${shortName(name)} shows another change here` : `${shortName(name)} as the contract`);
  });
  return ` (${parts.join("; ")})`;
}

function finding(group: readonly (DriftChange | FoldedChange<DriftChange>)[], reading: Reading | undefined, recorded?: { reason: string; why: string }): Finding {
  const [first] = group as [DriftChange | FoldedChange<DriftChange>, ...DriftChange[]];
  const operations = operationsIn(group);
  const advice = ADVICE[first.rule];
  const documents = reading === undefined ? undefined : [...new Set(group.flatMap((change) => change.documents ?? []))];
  const words =
    first.kind === "operation-removed"
      ? reading === undefined
        ? "not in the deployment's document"
        : "in none of the deployment's documents"
      : `${first.kind === "operation-deprecated" ? "deprecated in the deployment's document" : `${placeOf(first)}: ${first.message}`}${reading === undefined ? "" : whichDocuments(group, reading)}`;
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
    ...(documents === undefined || documents.length === 0 ? {} : { documents }),
  };
}

/** The operations the deployment has beyond the contract, as one finding: a count by group, every one listed. */
function beyondTheContract(added: readonly DriftChange[], published: readonly unknown[], contractTags: ReadonlySet<string>, several: boolean): Finding[] {
  if (added.length === 0) return [];
  const tags = new Map<string, string>();
  for (const document of published) {
    for (const { method, path, operation } of operationsOf(document as never)) if (!tags.has(`${method} ${path}`)) tags.set(`${method} ${path}`, groupOf(operation));
  }
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
  const documents = [...new Set(added.flatMap((change) => change.documents ?? []))];
  return [
    {
      operation: added[0]!.operation,
      kind: "operation-added",
      severity: "warning",
      message: `the deployment's ${several ? "documents have" : "document has"} ${added.length} operation${added.length === 1 ? "" : "s"} the contract lacks: ${parts.join("; ")}`,
      class: "compatible",
      rule: "operation-added",
      ...(added.length > 1 ? { operations: added.map((change) => change.operation) } : {}),
      ...(several && documents.length > 0 ? { documents } : {}),
    },
  ];
}

/** The contract's operations (METHOD /path) a document's changes say it does not publish. */
const removedIn = (changes: readonly DocumentChange[]) => new Set(changes.filter((change) => change.kind === "operation-removed").map((change) => change.operation));

const driftChanges = (changes: readonly DocumentChange[]) => changes.filter((change): change is DriftChange => change.kind !== null);

/**
 * The union of several documents' changes, each told once with the documents that show it. An
 * operation is removed only where every document lacks it; one a document adds, once, whichever
 * documents add it.
 */
function unionOf(compared: readonly Compared[]): { changes: DriftChange[]; reading: Reading } {
  const byKey = new Map<string, { change: DriftChange; documents: string[] }>();
  const own = compared.map(({ changes }) => driftChanges(changes));
  const missing = compared.map(({ changes }) => removedIn(changes));
  const places = own.map((changes) => {
    const at = new Map<string, Set<string>>();
    for (const change of changes) if (change.kind !== "operation-removed" && change.kind !== "operation-added") at.set(placeKey(change), (at.get(placeKey(change)) ?? new Set()).add(change.message));
    return at;
  });
  for (const [index, { name }] of compared.entries()) {
    for (const change of own[index]!) {
      if (change.kind === "operation-removed" && !missing.every((lacks) => lacks.has(change.operation))) continue;
      const key =
        change.kind === "operation-removed" || change.kind === "operation-added"
          ? `${change.rule}\u0000${change.operation}`
          : [change.operation, change.rule, change.class, change.where, change.message, change.schema ?? "", change.within ?? ""].join("\u0000");
      const entry = byKey.get(key) ?? { change, documents: [] };
      if (!entry.documents.includes(name)) entry.documents.push(name);
      byKey.set(key, entry);
    }
  }
  return { changes: [...byKey.values()].map(({ change, documents }) => ({ ...change, documents })), reading: { names: compared.map(({ name }) => name), missing, places } };
}

/** How many of the contract's operations a document publishes: those its changes do not remove. */
function publishedCount(contract: unknown, changes: readonly DocumentChange[]): number {
  const removed = removedIn(changes);
  return [...operationsOf(contract as never)].filter(({ method, path }) => !removed.has(`${method} ${path}`)).length;
}

interface DriftOptions {
  readonly errorBodyAdditions?: "findings" | "information";
}

/** The drift from `contract` to what the documents publish together, each document's changes first found on its own. */
function driftOfCompared(contract: unknown, compared: readonly Compared[], record: typeof differenceRecord, { errorBodyAdditions = "findings" }: DriftOptions): Drift {
  const several = compared.length > 1;
  const { changes, reading } = several ? unionOf(compared) : { changes: driftChanges(compared[0]!.changes), reading: undefined };
  // An operation the contract leaves out on purpose is recorded like any other difference.
  const sorted = sortChanges(changes, record);
  const told = (change: DocumentChange) => errorBodyAdditions === "information" && ERROR_BODY_ADDITIONS.has(change.rule);
  const unrecorded = sorted.drift.filter((change) => !told(change));
  const recorded = [...sorted.recorded, ...sorted.drift.filter(told).map((change) => ({ change, reason: ERROR_ANSWERS }))];
  const published = compared.map(({ document }) => document);
  const { kept: drift, unpublished } = splitUnpublished(unrecorded.filter((change) => change.kind !== "operation-added") as DriftChange[], contract, published);
  const contractTags = new Set([...operationsOf(contract as never)].flatMap(({ operation }) => (operation as { tags?: string[] }).tags ?? []));
  const breakingRecorded = recorded.filter(({ change }) => staysBreaking(change));
  const { changes: own, folded } = foldDefaultCopies(drift as DriftChange[], contract);
  const findings = [
    ...grouped(own).map((group) => finding(group, reading)),
    ...folded.map((group) => finding(group, reading)),
    ...grouped(breakingRecorded.map(({ change, reason }) => ({ ...(change as DriftChange), reason })), ({ reason }) => reason).map((group) =>
      finding(group, reading, { reason: group[0]!.reason, why: record.reasons[group[0]!.reason] ?? "" }),
    ),
    ...beyondTheContract(unrecorded.filter((change) => change.kind === "operation-added") as DriftChange[], published, contractTags, several),
  ];
  const information = grouped(
    recorded.filter(({ change }) => !staysBreaking(change)).map(({ change, reason }) => ({ ...change, reason })),
    (change) => change.reason,
    true,
  ).map((group): RecordedFinding => {
    const [first] = group as [(typeof group)[number], ...(typeof group)[number][]];
    return { reason: first.reason, why: record.reasons[first.reason] ?? "", rule: first.rule, place: placeOf(first), message: first.message, operations: operationsIn(group) };
  });
  return { findings, recorded: information, unpublished, publishes: compared.map(({ changes: own }) => publishedCount(contract, own)) };
}

/** The drift from `contract` to `published`: the deployment's changes as findings, the contract's recorded differences apart. */
export function driftOf(contract: unknown, published: unknown, record = differenceRecord, options: DriftOptions = {}): Drift {
  return driftOfCompared(contract, [{ name: "", document: published, changes: diffDocuments(contract, published) }], record, options);
}

/**
 * The drift from `contract` to several documents one deployment publishes, named by their
 * addresses: each operation compared with every document that publishes it.
 */
export function driftOfDocuments(contract: unknown, documents: readonly { readonly name: string; readonly document: unknown }[], record = differenceRecord, options: DriftOptions = {}): Drift {
  if (documents.length === 0) throw new Error("driftOfDocuments needs at least one document");
  return driftOfCompared(contract, documents.map(({ name, document }) => ({ name, document, changes: diffDocuments(contract, document) })), record, options);
}

/** A document's info.version, where it has one. */
function versionOf(document: unknown): { version?: string } {
  const version = (document as { info?: { version?: unknown } }).info?.version;
  return typeof version === "string" ? { version } : {};
}

/** Where else a document may be found, after an address gave none. */
const elsewhere = (named: boolean) => (named ? "a local file is named ./openapi.json or file:///path/to/openapi.json" : "name another with --openapi");

/**
 * Step 2 of verify: the deployment's own documents read (without a credential), all at once, and
 * compared. An address that publishes nothing is listed with why; a document that cannot be
 * compared (a broken $ref, say) too. When none can be compared, that is told as a warning: the
 * answers are still checked. A file the user named that cannot be read rejects with a UsageError.
 */
export async function driftReportOf(sources: readonly DocumentSource[], fetcher: typeof fetch, timeoutMs: number, contract: unknown, named: boolean): Promise<DriftReport> {
  const read = await Promise.all(sources.map((source) => readPublishedDocument(source, fetcher, timeoutMs)));
  const compared: Compared[] = [];
  // Each address in order, with what came of it; the counts of those compared filled in below.
  const tried = read.map((published): DocumentRead | Compared => {
    if ("unpublished" in published) return { address: published.source, compared: false, reason: published.unpublished };
    try {
      const one = { name: published.source, document: published.document, changes: diffDocuments(contract, published.document) };
      compared.push(one);
      return one;
    } catch (error) {
      return { address: published.source, compared: false, ...versionOf(published.document), reason: `${published.source} cannot be compared with the contract: ${error instanceof Error ? error.message : String(error)}` };
    }
  });
  if (compared.length === 0) {
    const documents = tried.filter((entry): entry is DocumentRead => !("name" in entry));
    const reasons = documents.map((document) => document.reason).join("; ");
    const warning = !read.some((published) => "unpublished" in published)
      ? reasons
      : documents.length === 1
        ? `${reasons}: the deployment publishes no OpenAPI document there (${elsewhere(named)})`
        : `no OpenAPI document to compare where verify looked: ${reasons} (${elsewhere(named)})`;
    return { source: documents[0]!.address, warning, findings: [], recorded: [], documents };
  }
  const { findings, recorded, unpublished, publishes } = driftOfCompared(contract, compared, differenceRecord, { errorBodyAdditions: "information" });
  const documents = tried.map((entry): DocumentRead => {
    if (!("name" in entry)) return entry;
    return { address: entry.name, compared: true, ...versionOf(entry.document), publishes: publishes[compared.indexOf(entry)]! };
  });
  const { version } = versionOf(compared[0]!.document);
  // The service's own addresses a deployment lacks are listed, not told: not every one publishes
  // all three. A document that cannot be compared, or an address the user named, is told.
  const without = documents.filter((document, index) => !document.compared && (named || !("unpublished" in read[index]!)));
  const note = without.length > 0 ? `drift compared ${compared.length} of the ${named ? `${documents.length} documents --openapi names` : "documents verify read"}: ${without.map((document) => document.reason).join("; ")}` : undefined;
  return { source: compared[0]!.name, findings, recorded, unpublished, documents, ...(version === undefined ? {} : { documentVersion: version }), ...(note === undefined ? {} : { note }) };
}
