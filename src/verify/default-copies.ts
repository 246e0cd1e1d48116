// One change told once: a schema whose fields' defaults changed (AgenticWorkflowSuccessTemplate's
// prompt text, say) also shows, whole, in the default of every property that holds an instance of
// it (a scorer's chainpoll_template), because the service writes such a default out in full.
// Those copies are folded into one change at the schema where it was made, which lists where else
// it shows. Only when every key that differs in the copy is one of the schema's own changed
// defaults, with the very same values, and the property refers to that schema in the contract.
import type { DocumentChange } from "../contract/openapi-diff.js";
import { pointerSegment } from "../contract/openapi-document.js";
import { jsonEnd } from "./shorten.js";

/** A change that also stands for its copies: the places whose defaults hold the same change. */
export type FoldedChange<T extends DocumentChange> = T & { readonly alsoIn: readonly string[] };

// The engine writes a default as JSON text, "none" where there is none.
const shown = (value: unknown) => (value === undefined ? "none" : JSON.stringify(value));
const PREFIX = "default ";

/** A default changed from one object to another, read back from the engine's words; undefined for any other change. */
function objectDefaults(message: string): [Record<string, unknown>, Record<string, unknown>] | undefined {
  if (!message.startsWith(`${PREFIX}{`)) return undefined;
  const end = jsonEnd(message, PREFIX.length);
  if (end < 0 || !message.startsWith(" → {", end)) return undefined;
  try {
    return [JSON.parse(message.slice(PREFIX.length, end)), JSON.parse(message.slice(end + " → ".length))];
  } catch {
    return undefined;
  }
}

const placeKey = (change: DocumentChange) => `${change.schema}\u0000${change.within}\u0000${change.message}`;

/**
 * `changes` without the copies and the member defaults they repeat; those come back in `folded`,
 * one group per schema: first the change as told once, then every change it stands for (so their
 * operations are counted).
 */
export function foldDefaultCopies<T extends DocumentChange>(changes: readonly T[], contract: unknown): { changes: T[]; folded: (T | FoldedChange<T>)[][] } {
  const byPlace = new Map<string, T[]>();
  for (const change of changes) if (change.schema !== undefined) byPlace.set(placeKey(change), [...(byPlace.get(placeKey(change)) ?? []), change]);
  const schemas = (contract as { components?: { schemas?: Record<string, { properties?: Record<string, unknown> }> } }).components?.schemas ?? {};
  const made = new Map<string, { members: Map<string, T[]>; copies: T[][] }>();
  for (const group of byPlace.values()) {
    const copy = group[0]!;
    const values = objectDefaults(copy.message);
    const property = /^\.([^.[\]{}]+)$/.exec(copy.within ?? "")?.[1];
    if (values === undefined || property === undefined) continue;
    const [before, after] = values;
    const refers = JSON.stringify(schemas[copy.schema!]?.properties?.[property] ?? null);
    const differing = [...new Set([...Object.keys(before), ...Object.keys(after)])].filter((key) => shown(before[key]) !== shown(after[key]));
    const members = differing.map((key) => {
      const message = `${PREFIX}${shown(before[key])} → ${shown(after[key])}`;
      return [...byPlace.values()].find(([member]) => member!.within === `.${key}` && member!.message === message && refers.includes(`"#/components/schemas/${pointerSegment(member!.schema!)}"`));
    });
    const schema = members[0]?.[0]!.schema;
    if (differing.length === 0 || members.some((member) => member === undefined || member[0]!.schema !== schema)) continue;
    const entry = made.get(schema!) ?? { members: new Map<string, T[]>(), copies: [] as T[][] };
    for (const member of members) entry.members.set(placeKey(member![0]!), member!);
    entry.copies.push(group);
    made.set(schema!, entry);
  }
  const taken = new Set([...made.values()].flatMap(({ members, copies }) => [...members.values(), ...copies].flat()));
  const folded = [...made].map(([schema, { members, copies }]) => {
    const told = [...members.values()].map((group) => group[0]!).sort((a, b) => a.within!.localeCompare(b.within!));
    const alsoIn = copies.map((group) => `${group[0]!.schema}${group[0]!.within}`);
    const once: FoldedChange<T> = {
      ...told[0]!,
      within: "",
      message: [`${told.length} default${told.length === 1 ? "" : "s"} changed (the same change shows in the default of ${alsoIn.join(", ")})`, ...told.map((change) => `${change.within!.slice(1)}: ${change.message}`)].join("; "),
      alsoIn,
    };
    return [once, ...[...members.values()].flat(), ...copies.flat()];
  });
  return { changes: changes.filter((change) => !taken.has(change)), folded };
}
