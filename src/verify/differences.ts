// The contract's deliberate differences from the service's own documents, as recorded in
// reference/differences.json: each place where the contract says something other than the
// document the scope takes that place from (the record's `client` document, or its `release`;
// CONTRIBUTING, "The scope"), with the document, what it says there and why the contract differs.
// Drift reads it to tell a deployment's change from a difference the contract made on purpose,
// whichever document the deployment publishes; test/spec/differences.test.ts holds the record equal
// to the contract's diff against each document on its part, so neither can move without the other.
import record from "../../reference/differences.json" with { type: "json" };
import type { DocumentChange } from "../contract/openapi-diff.js";

/** One recorded difference: a change from the contract to the release, at one place. */
export interface RecordedDifference {
  /** The document of reference/ the difference is against ("openapi-client-2026-07-13.json"). */
  readonly document: string;
  /** Why the contract differs: a key of the record's `reasons`. */
  readonly reason: string;
  /** The diff engine's rule, read from the contract to the deployment ("error-response-removed"). */
  readonly rule: string;
  /** In a named schema: the schema (as the contract names it) and the place inside it. */
  readonly schema?: string;
  readonly within?: string;
  /** Elsewhere: the place in each operation, and the operations ("METHOD /path", the contract's). */
  readonly where?: string;
  readonly operations?: readonly string[];
  /** The change in words, from what the contract says to what the document says. */
  readonly message: string;
}

export interface DifferenceRecord {
  /** The service's client API document the scope follows first, by its date (reference/openapi-client-<client>.json). */
  readonly client: string;
  /** The service's full release the scope follows for the rest (reference/openapi-<release>.json). */
  readonly release: string;
  /** Reason id → why the contract says something else there. */
  readonly reasons: Readonly<Record<string, string>>;
  readonly differences: readonly RecordedDifference[];
}

export const differenceRecord: DifferenceRecord = record;

/** A change's identity: its rule, its place and its words (which hold what the deployment says). */
export function identityOf(change: Pick<DocumentChange, "rule" | "schema" | "within" | "where" | "operation" | "message">): string {
  return change.schema !== undefined ? `${change.rule}|${change.schema}${change.within ?? ""}|${change.message}` : `${change.rule}|${change.operation} ${change.where}|${change.message}`;
}

/** The identities a recorded difference stands for: one per operation, or the schema's place once. */
function identitiesOf(difference: RecordedDifference): string[] {
  if (difference.schema !== undefined) return [identityOf({ ...difference, operation: "", where: "" })];
  return (difference.operations ?? []).map((operation) => identityOf({ rule: difference.rule, operation, where: difference.where ?? "", message: difference.message }));
}

/** Each identity the record holds, with its difference's reason. */
function reasonsByIdentity(from: DifferenceRecord): Map<string, string> {
  const reasons = new Map<string, string>();
  for (const difference of from.differences) for (const identity of identitiesOf(difference)) reasons.set(identity, difference.reason);
  return reasons;
}

/**
 * Whether a recorded difference still breaks a call. Where the contract lets a caller send what the
 * deployment's document does not list (an operation, a parameter, a value), a call written from the
 * contract may be refused, recorded or not. Where the contract is stricter, or says more about the
 * same thing (a format, a required tag, an error answer, a file answer), nothing a caller sends is
 * refused for it: that is information.
 */
export function staysBreaking(change: Pick<DocumentChange, "class">): boolean {
  return change.class === "breaking-for-callers";
}

export interface Sorted {
  /** Changes the record does not hold: drift. */
  readonly drift: DocumentChange[];
  /** Changes the record holds, each with its reason. */
  readonly recorded: { readonly change: DocumentChange; readonly reason: string }[];
}

/** Splits the changes from the contract to a deployment's document into drift and recorded differences. */
export function sortChanges(changes: readonly DocumentChange[], from: DifferenceRecord = differenceRecord): Sorted {
  const reasons = reasonsByIdentity(from);
  const drift: DocumentChange[] = [];
  const recorded: Sorted["recorded"][number][] = [];
  for (const change of changes) {
    const reason = reasons.get(identityOf(change));
    if (reason === undefined) drift.push(change);
    else recorded.push({ change, reason });
  }
  return { drift, recorded };
}

/** One document's changes, as recordFor reads them (scripts/lib/scope-document.ts makes them). */
export interface ChangesAgainst {
  /** The file in reference/ the changes are against. */
  readonly document: string;
  /** Every change from the contract's part to the document. */
  readonly changes: readonly DocumentChange[];
  /** The identities of the changes the scope's wider form of a shared schema makes: reason `shared-wider`. */
  readonly widened?: ReadonlySet<string>;
}

/** The reason the record gives a difference that comes from the scope's wider form of a shared schema. */
export const SHARED_WIDER = "shared-wider";

/**
 * The record that `against` (the contract against each document on its part) calls for, keeping
 * each reason `previous` gives; a difference the widening makes is `shared-wider`; one it has no
 * reason for gets "?", which the record's test refuses until someone writes why.
 */
export function recordFor(against: readonly ChangesAgainst[], previous: DifferenceRecord): DifferenceRecord {
  const known = reasonsByIdentity(previous);
  const bySchema = new Map<string, RecordedDifference>();
  const byPlace = new Map<string, { difference: RecordedDifference; operations: string[] }>();
  for (const { document, changes, widened = new Set<string>() } of against) {
    for (const change of changes) {
      if (change.kind === null) continue;
      // An operation a document adds stays out of the record unless the record leaves it out on purpose.
      if (change.kind === "operation-added" && !known.has(identityOf(change))) continue;
      const reason = widened.has(identityOf(change)) ? SHARED_WIDER : (known.get(identityOf(change)) ?? "?");
      if (change.schema !== undefined) {
        const key = `${document}|${identityOf(change)}|${reason}`;
        if (!bySchema.has(key)) bySchema.set(key, { document, reason, rule: change.rule, schema: change.schema, within: change.within ?? "", message: change.message });
        continue;
      }
      const key = `${document}|${change.rule}|${change.where}|${change.message}|${reason}`;
      const held = byPlace.get(key) ?? { difference: { document, reason, rule: change.rule, where: change.where, message: change.message }, operations: [] };
      if (!held.operations.includes(change.operation)) held.operations.push(change.operation);
      byPlace.set(key, held);
    }
  }
  const differences = [...bySchema.values(), ...[...byPlace.values()].map(({ difference, operations }) => ({ ...difference, operations: operations.sort() }))];
  const order = (d: RecordedDifference) => `${d.reason}|${d.schema ?? ""}${d.within ?? ""}|${d.where ?? ""}|${d.rule}|${d.message}|${d.document}`;
  return { client: previous.client, release: previous.release, reasons: previous.reasons, differences: differences.sort((a, b) => order(a).localeCompare(order(b))) };
}
