// How one JSON Schema changed between two OpenAPI documents, as neutral facts (a type lost, an enum
// value gained, a field added, a union member removed, …) that openapi-diff.ts then classes by the
// way data flows: what a request loses breaks its callers, what a response gains breaks its readers.
//
// Two walks find them. The "lost" walk asks what the old schema accepted that the new one refuses
// (old inside new); the "gained" walk asks the reverse. Field presence (added, removed, required)
// is nominal, not a question of accepting, and is read in the "lost" walk alone, so once.
import { resolveRef } from "./openapi-document.js";
import { isReplacement, renamedMembers, schemaName, schemaNames } from "./schema-names.js";

/** A neutral fact about one schema change; openapi-diff.ts classes it by the way data flows. */
export type SchemaChangeFact =
  | "narrowed"
  | "widened"
  | "null-removed"
  | "null-added"
  | "enum-removed"
  | "enum-added"
  | "member-removed"
  | "member-added"
  | "field-removed"
  | "field-added"
  | "field-added-required"
  | "required-added"
  | "required-removed"
  | "default-added"
  | "default-removed"
  | "default-changed"
  | "deprecated"
  | "discriminator-added"
  | "discriminator-removed"
  | "discriminator-changed"
  | "tag-retargeted"
  | "replaced";

export interface SchemaChange {
  readonly change: SchemaChangeFact;
  /** Below the schema compared: ".name", "[]" for items, "{}" for additional properties. */
  readonly at: string;
  /** Read from old to new, in words: "type string → integer", "no longer \"b\"". */
  readonly message: string;
  /** The innermost named schema of the old document the change sits in, and the place inside it. */
  readonly schema?: string;
  readonly within?: string;
}

// Schemas and documents as the walks read them: JSON as it comes (a schema may be an object, a
// boolean or missing), each keyword looked up where a walk needs it.
type Node = any;

/** One walk's direction, its two documents and what it shares with the other walk. */
interface Walk {
  readonly mode: "lost" | "gained";
  readonly innerDoc: Node;
  readonly outerDoc: Node;
  readonly names: ReadonlyMap<string, string>;
  readonly cache: Map<string, SchemaChange[]>;
}

/**
 * The changes from `before` (in oldDoc) to `after` (in newDoc), each
 * `{ change, at, message, schema?, within? }`: `at` is the place below the schema compared
 * (".name", "[]" for items, "{}" for additional properties); `schema` is the innermost named
 * schema of the old document the change sits in, `within` the place inside it. Component names
 * are compared through `names` (see `schemaNames`), so a schema the contract renamed is matched.
 */
export function schemaChanges(
  oldDoc: unknown,
  before: unknown,
  newDoc: unknown,
  after: unknown,
  names: ReadonlyMap<string, string> = schemaNames(oldDoc, newDoc),
  cache: Map<string, SchemaChange[]> = new Map(),
): SchemaChange[] {
  const lost: Walk = { mode: "lost", innerDoc: oldDoc, outerDoc: newDoc, names, cache };
  const gained: Walk = { mode: "gained", innerDoc: newDoc, outerDoc: oldDoc, names, cache };
  return [...defaults(oldDoc, before, newDoc, after, ""), ...place(lost, before, after, ""), ...place(gained, after, before, "")];
}

/**
 * A changed default, where a value is declared: a parameter's schema or a property (beside its
 * union, if it has one), never on a union's members, which carry none of their own.
 */
function defaults(oldDoc: Node, before: Node, newDoc: Node, after: Node, at: string): SchemaChange[] {
  const was = defaultOf(oldDoc, deref(oldDoc, before));
  const now = defaultOf(newDoc, deref(newDoc, after));
  if (was === now) return [];
  const change: SchemaChangeFact = was === undefined ? "default-added" : now === undefined ? "default-removed" : "default-changed";
  return [{ change, at, message: `default ${was ?? "none"} → ${now ?? "none"}` }];
}

/** `node` with its `$ref` followed; sibling keywords next to the `$ref` (3.1) override the target's. */
export function deref<T = unknown>(doc: unknown, node: unknown): T {
  if (!node || typeof node !== "object" || typeof (node as Node).$ref !== "string") return node as T;
  const { $ref, ...siblings } = node as Node;
  return { ...resolveRef<object>(doc, { $ref }), ...siblings } as T;
}

// Facts that mean a value of the inner schema may not fit the outer one; the others (a field
// removed or added, a requirement dropped) say nothing about fit, so they never pick a union member.
const MISFITS: ReadonlySet<string> = new Set(["narrowed", "widened", "null-removed", "null-added", "enum-removed", "enum-added", "member-removed", "member-added", "required-added", "field-added-required"]);

/**
 * The schemas at one place (a property, the items of a list, a body): where one named schema was
 * replaced by another (`isReplacement`), the replacement is one fact, read in the "lost" walk, and
 * the two are compared field by field below it.
 */
function place(w: Walk, inner: Node, outer: Node, at: string): SchemaChange[] {
  if (!isReplacement(w.innerDoc, w.outerDoc, w.names, inner, outer)) return walk(w, inner, outer, at);
  const replaced: SchemaChange[] = w.mode === "lost" ? [{ change: "replaced", at, message: `schema ${schemaName(inner.$ref, w.names)} → ${schemaName(outer.$ref, w.names)}` }] : [];
  return [...replaced, ...walk(w, inner, outer, at)];
}

function walk(w: Walk, inner: Node, outer: Node, at: string): SchemaChange[] {
  if (inner === undefined || outer === undefined) return [];
  if (inner?.$ref && outer?.$ref) {
    // Named pairs are compared once per walk; a cycle back to a pair in progress adds nothing.
    const key = `${w.mode}|${inner.$ref}|${outer.$ref}`;
    let relative = w.cache.get(key);
    if (!relative) {
      w.cache.set(key, []);
      const schema = schemaName(w.mode === "lost" ? inner.$ref : outer.$ref, w.names);
      relative = compare(w, inner, outer, "").map((fact) => (fact.schema ? fact : { ...fact, schema, within: fact.at }));
      w.cache.set(key, relative);
    }
    return relative.map((fact) => ({ ...fact, at: at + fact.at }));
  }
  return compare(w, inner, outer, at);
}

function compare(w: Walk, innerNode: Node, outerNode: Node, at: string): SchemaChange[] {
  const facts: SchemaChange[] = [];
  const a = deref<Node>(w.innerDoc, innerNode);
  const b = deref<Node>(w.outerDoc, outerNode);
  const lost = w.mode === "lost";
  // Messages read from old to new whichever way the walk goes.
  const [before, after] = lost ? [a, b] : [b, a];
  const fact = (change: SchemaChangeFact, message: string) => facts.push({ change, at, message });
  const misfit: SchemaChangeFact = lost ? "narrowed" : "widened";

  if (isAny(b)) return facts;
  const innerVariants = variantsOf(a);
  const outerVariants = variantsOf(b);
  // A union of one member is that member, unless the other side's members are compared with it.
  if (innerVariants.length === 1 && innerVariants[0] !== a) return walk(w, innerVariants[0], outerNode, at);
  if (innerVariants.length === 1 && outerVariants.length === 1 && outerVariants[0] !== b) return walk(w, innerNode, outerVariants[0], at);
  if (innerVariants.length > 1) {
    // Named members are matched by name, then by the class a renamed one stands for; a member the
    // other side lacks is one fact, not its fields.
    const innerMembers = leafMembers(w.innerDoc, innerVariants);
    const outerMembers = leafMembers(w.outerDoc, outerVariants);
    const outerNamed = new Map(outerMembers.flatMap((v): [string | undefined, Node][] => (v?.$ref ? [[schemaName(v.$ref, w.names), v]] : [])));
    const renamed = renamedMembers(w.innerDoc, w.outerDoc, w.names, innerMembers, outerMembers);
    const replaced = replacedMember(w, innerMembers, outerMembers);
    const outerTypes = typesAdmitted(w.outerDoc, outerNode);
    const missing: string[] = [];
    for (const variant of innerMembers) {
      const name = variant?.$ref ? schemaName(variant.$ref, w.names) : undefined;
      const counterpart = name === undefined ? undefined : (outerNamed.get(name) ?? renamed.get(name));
      if (counterpart) facts.push(...walk(w, variant, counterpart, at));
      else if (replaced && variant === replaced[0]) facts.push(...place(w, variant, replaced[1], at));
      else if (name !== undefined && outerNamed.size > 0) missing.push(name);
      // A named member of a type the other side does not hold at all is a member of its own
      // (a `Name` object beside the string a field was): named, not compared with the string.
      else if (name !== undefined && ![...typesAdmitted(w.innerDoc, variant)].some((t) => outerTypes.has(t) || (t === "integer" && outerTypes.has("number")))) missing.push(name);
      else facts.push(...walk(w, variant, outerNode, at));
    }
    if (lost && outerVariants.length > 1) facts.push(...discriminatorChanges(w, a, b, at));
    const tags = Object.keys(a.discriminator?.mapping ?? {}).filter((tag) => b.discriminator?.mapping && !(tag in b.discriminator.mapping));
    if (missing.length > 0 || tags.length > 0) {
      const what = [missing.length ? `member ${missing.join(", ")}` : "", tags.length ? `tag ${tags.map(show).join(", ")}` : ""].filter(Boolean).join(", ");
      fact(lost ? "member-removed" : "member-added", `union ${lost ? "no longer has" : "now has"} ${what}`);
    }
    return facts;
  }
  // A tagged union dispatches by its tag: a value whose tag names a member is compared with that
  // member alone (the best-fitting member by count could be another kind altogether).
  const tag = b.discriminator?.propertyName;
  const tagValues = tag && a.properties?.[tag] ? valuesOf(deref(w.innerDoc, a.properties[tag])) : undefined;
  const member = tagValues?.length === 1 ? b.discriminator.mapping?.[String(tagValues[0])] : undefined;
  if (member) return walk(w, innerNode, { $ref: member }, at);
  if (outerVariants.length > 1) {
    let best: { found: SchemaChange[]; rank: number[] } | undefined;
    for (const variant of outerVariants) {
      const found = walk(w, innerNode, variant, at);
      if (found.length === 0) return found;
      // The member the value fits best: of the same type, alike deepest (its first misfit furthest
      // below this place: a list of lists is the list of lists, not the list whose items are
      // lists), fewest misfits, then fewest changes.
      const misfits = found.filter((f) => MISFITS.has(f.change));
      const alike = Math.min(...misfits.map((f) => depthBelow(at, f.at)));
      const rank = [sameTypes(typesOf(a), typesOf(deref(w.outerDoc, variant))) ? 0 : 1, -alike, misfits.length, found.length];
      if (!best || ranksBefore(rank, best.rank)) best = { found, rank };
    }
    return best!.found;
  }
  if (isAny(a)) {
    fact(misfit, lost ? `any value → ${describeTypes(typesOf(b))}` : `${describeTypes(typesOf(b))} → any value`);
    return facts;
  }

  const aTypes = typesOf(a);
  const bTypes = typesOf(b);
  const missing = [...aTypes].filter((t: string) => !(bTypes.has(t) || (t === "integer" && bTypes.has("number"))));
  if (missing.length === 1 && missing[0] === "null") fact(lost ? "null-removed" : "null-added", lost ? "no longer null" : "may now be null");
  else if (missing.length > 0) fact(misfit, `type ${describeTypes(typesOf(before))} → ${describeTypes(typesOf(after))}`);

  // Enumerations (enum or const).
  const aValues = valuesOf(a);
  const bValues = valuesOf(b);
  if (bValues) {
    if (!aValues) fact(misfit, lost ? `any ${describeTypes(aTypes)} → only ${bValues.map(show).join(", ")}` : `only ${bValues.map(show).join(", ")} → any ${describeTypes(aTypes)}`);
    else {
      const outside = aValues.filter((v) => !bValues.some((u) => JSON.stringify(u) === JSON.stringify(v)));
      if (outside.length > 0) fact(lost ? "enum-removed" : "enum-added", `${lost ? "no longer" : "now"} ${outside.map(show).join(", ")}`);
    }
  }

  // Limits and formats, where both sides hold values of a shared type.
  const shared = (t: string) => aTypes.has(t) && bTypes.has(t);
  const numeric = shared("number") || shared("integer") || (aTypes.has("integer") && bTypes.has("number"));
  const limit = (name: string) => fact(misfit, `${name} ${before[name] ?? "none"} → ${after[name] ?? "none"}`);
  const lower = (name: string, on: boolean) => on && b[name] !== undefined && !(a[name] !== undefined && a[name] >= b[name]) && limit(name);
  const upper = (name: string, on: boolean) => on && b[name] !== undefined && !(a[name] !== undefined && a[name] <= b[name]) && limit(name);
  lower("minimum", numeric);
  lower("exclusiveMinimum", numeric);
  upper("maximum", numeric);
  upper("exclusiveMaximum", numeric);
  lower("minLength", shared("string"));
  upper("maxLength", shared("string"));
  lower("minItems", shared("array"));
  upper("maxItems", shared("array"));
  if (shared("string") && b.pattern !== undefined && a.pattern !== b.pattern) limit("pattern");
  // A format constrains values of its type: compared where both sides hold a type other than null.
  if ([...aTypes].some((t) => t !== "null" && shared(t)) && b.format !== undefined && formatOf(a) !== formatOf(b)) fact(misfit, `format ${formatOf(before) ?? "none"} → ${formatOf(after) ?? "none"}`);

  if (shared("array") && a.items && b.items) facts.push(...place(w, a.items, b.items, `${at}[]`));

  if (shared("object")) {
    const aProps: Record<string, Node> = a.properties ?? {};
    const bProps: Record<string, Node> = b.properties ?? {};
    const aRequired = new Set<string>(a.required ?? []);
    for (const name of (b.required ?? []) as string[]) {
      if (aRequired.has(name)) continue;
      const place = `${at}.${name}`;
      if (lost) facts.push(name in aProps ? { change: "required-added", at: place, message: "was optional, now required" } : { change: "field-added-required", at: place, message: "new required field" });
      else if (name in aProps) facts.push({ change: "required-removed", at: place, message: "was required, now optional" });
    }
    for (const [name, schema] of Object.entries(aProps)) {
      if (name in bProps) {
        if (lost) facts.push(...defaults(w.innerDoc, schema, w.outerDoc, bProps[name], `${at}.${name}`));
        // Like presence, a deprecation is nominal: read once, in this walk.
        if (lost && deref<Node>(w.outerDoc, bProps[name])?.deprecated === true && deref<Node>(w.innerDoc, schema)?.deprecated !== true) {
          facts.push({ change: "deprecated", at: `${at}.${name}`, message: "now deprecated" });
        }
        facts.push(...place(w, schema, bProps[name], `${at}.${name}`));
      }
      else if (lost) facts.push({ change: "field-removed", at: `${at}.${name}`, message: "removed" });
    }
    if (lost) {
      const bRequired = new Set<string>(b.required ?? []);
      for (const name of Object.keys(bProps)) {
        if (!(name in aProps) && !bRequired.has(name)) facts.push({ change: "field-added", at: `${at}.${name}`, message: "new optional field" });
      }
    }
    const aExtra = a.additionalProperties;
    const bExtra = b.additionalProperties;
    if (bExtra === false && aExtra !== false) fact(misfit, lost ? "additional properties no longer allowed" : "additional properties now allowed");
    else if (aExtra && bExtra && typeof aExtra === "object" && typeof bExtra === "object") facts.push(...place(w, aExtra, bExtra, `${at}{}`));
  }
  return facts;
}

/**
 * The one named member of a union replaced by the one named member of the other side, as the pair
 * [inner member, outer member]: each side has exactly one named member (beside null or inline
 * members), and the two are a replacement (`isReplacement`). Where either side names more, which
 * member became which would be a guess: they stay a member removed and a member added.
 */
function replacedMember(w: Walk, innerMembers: readonly Node[], outerMembers: readonly Node[]): [Node, Node] | undefined {
  const named = (members: readonly Node[]) => members.filter((member) => typeof member?.$ref === "string" && schemaName(member.$ref, w.names) !== undefined);
  const [inner, ...moreInner] = named(innerMembers);
  const [outer, ...moreOuter] = named(outerMembers);
  if (!inner || !outer || moreInner.length > 0 || moreOuter.length > 0) return undefined;
  return isReplacement(w.innerDoc, w.outerDoc, w.names, inner, outer) ? [inner, outer] : undefined;
}

/**
 * A union's discriminator: its own, or that of the one union it holds beside null (a nullable
 * tagged union, written `anyOf: [{$ref: Shape}, {type: "null"}]` or with the tagged union inline).
 */
function discriminatorOf(doc: Node, schema: Node): { propertyName?: string; mapping?: Record<string, string> } | undefined {
  if (schema?.discriminator) return schema.discriminator;
  const others = variantsOf(schema).filter((variant) => !(variant?.type === "null" && Object.keys(variant).length === 1));
  return others.length === 1 ? deref<Node>(doc, others[0])?.discriminator : undefined;
}

/**
 * How the discriminator of a union changed from `before` (oldDoc) to `after` (newDoc): added,
 * removed, another tag property, or a tag that names another member (a member renamed by the
 * framework, `renamedMembers`, is the same member). Read in the "lost" walk alone, like presence.
 * A tag dropped or gained is a member fact (above).
 */
function discriminatorChanges(w: Walk, before: Node, after: Node, at: string): SchemaChange[] {
  const was = discriminatorOf(w.innerDoc, before);
  const now = discriminatorOf(w.outerDoc, after);
  if (!was && !now) return [];
  if (!was) return [{ change: "discriminator-added", at, message: `now tagged by ${show(now!.propertyName)}` }];
  if (!now) return [{ change: "discriminator-removed", at, message: `no longer tagged by ${show(was.propertyName)}` }];
  if (was.propertyName !== now.propertyName) return [{ change: "discriminator-changed", at, message: `tagged by ${show(was.propertyName)} → ${show(now.propertyName)}` }];
  if (!was.mapping || !now.mapping) return [];
  const retargeted: string[] = [];
  for (const [tag, oldRef] of Object.entries(was.mapping)) {
    const newRef = now.mapping[tag];
    if (newRef === undefined) continue;
    const oldMember = { $ref: oldRef };
    const newMember = { $ref: newRef };
    if (schemaName(oldRef, w.names) === schemaName(newRef, w.names) || renamedMembers(w.innerDoc, w.outerDoc, w.names, [oldMember], [newMember]).size > 0) continue;
    retargeted.push(`tag ${show(tag)} now names ${schemaName(newRef, w.names) ?? newRef}, not ${schemaName(oldRef, w.names) ?? oldRef}`);
  }
  return retargeted.length > 0 ? [{ change: "tag-retargeted", at, message: retargeted.join(", ") }] : [];
}

/**
 * A union's members, with a member that is itself a named union replaced by its own members: moving
 * members into a named union of their own changes no value either side accepts.
 */
function leafMembers(doc: Node, variants: Node[], seen = new Set<string>()): Node[] {
  return variants.flatMap((variant): Node[] => {
    if (!variant?.$ref || seen.has(variant.$ref)) return [variant];
    const target = deref<Node>(doc, variant);
    const nested = variantsOf(target);
    if (nested.length < 2) return [variant];
    return leafMembers(doc, nested, new Set([...seen, variant.$ref]));
  });
}

function isAny(schema: Node): boolean {
  if (schema === true || schema === undefined) return true;
  if (!schema || typeof schema !== "object") return false;
  return ![
    "type", "enum", "const", "anyOf", "oneOf", "allOf", "properties", "items", "required",
    "minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum", "minLength", "maxLength", "pattern", "format",
    "minItems", "maxItems", "additionalProperties", "not",
  ].some((k) => k in schema);
}

/**
 * A format under the name every client reads it by: Pydantic writes the UUID versions (`uuid4`),
 * which accept and produce the same strings as `uuid` for any client.
 */
export function canonicalFormat(format: string): string {
  return format.replace(/^uuid[1-5]$/, "uuid");
}

function formatOf(schema: Node): string | undefined {
  return typeof schema.format === "string" ? canonicalFormat(schema.format) : undefined;
}

/**
 * A default as comparable text; undefined where there is none. The text "None" as the default of a
 * value that can be null and never a string is Python's null written out (the service's framework
 * does so): it is null.
 */
export function defaultOf(doc: unknown, schema: unknown): string | undefined {
  if (!schema || typeof schema !== "object" || !("default" in schema)) return undefined;
  if (schema.default === "None") {
    const types = typesAdmitted(doc, schema);
    if (types.has("null") && !types.has("string")) return "null";
  }
  return canonicalJson(schema.default);
}

/**
 * A JSON value as text with every object's keys in order, so that two values compare equal as
 * text exactly when they are equal as values: the service writes one default's keys in whatever
 * order its framework holds them, and an order is no change.
 */
export function canonicalJson(value: unknown): string {
  return JSON.stringify(value, (_, node: unknown) =>
    node && typeof node === "object" && !Array.isArray(node) ? Object.fromEntries(Object.keys(node).sort().map((key) => [key, (node as Node)[key]])) : node,
  );
}

/** Keywords that say something about a schema and constrain nothing. */
const ANNOTATIONS: ReadonlySet<string> = new Set(["description", "title", "default", "example", "examples", "$comment"]);

/**
 * anyOf/oneOf variants, with `type: [a, b]` split into one variant per type. A keyword that only
 * constrains one type (a format, a length, the enum's values of that type) stays with that type's
 * variant: `type: [string, "null"], format: uuid` and `anyOf: [{type: string, format: uuid},
 * {type: "null"}]` are the same schema and split the same way.
 */
function variantsOf(schema: Node): Node[] {
  if (!schema || typeof schema !== "object") return [schema];
  const union = schema.anyOf ?? schema.oneOf;
  if (Array.isArray(union)) {
    const { anyOf, oneOf, discriminator, ...rest } = schema;
    // Keywords beside anyOf apply to every variant; only annotations are kept apart here, an
    // extension (x-source, say) and a $comment among them: merged into a variant that is a $ref,
    // they would hide the schema it names, its discriminator with it.
    const shared = Object.fromEntries(Object.entries(rest).filter(([k]) => !ANNOTATIONS.has(k) && !k.startsWith("x-")));
    return union.map((variant: Node) => (Object.keys(shared).length ? { ...shared, ...variant } : variant));
  }
  if (Array.isArray(schema.type) && schema.type.length > 1) {
    return schema.type.map((type: string) => {
      if (type === "null") return { type };
      const variant: Node = { ...schema, type };
      if (Array.isArray(schema.enum)) variant.enum = schema.enum.filter((value: unknown) => fitsType(value, type));
      return variant;
    });
  }
  return [schema];
}

function typesOf(schema: Node): Set<string> {
  if (Array.isArray(schema.type)) return new Set<string>(schema.type);
  if (typeof schema.type === "string") return new Set([schema.type]);
  const values = valuesOf(schema);
  if (values) return new Set(values.map(jsonType));
  if (schema.properties || schema.additionalProperties !== undefined) return new Set(["object"]);
  if (schema.items) return new Set(["array"]);
  return new Set(["null", "boolean", "object", "array", "number", "string"]);
}

function valuesOf(schema: Node): unknown[] | undefined {
  if ("const" in schema) return [schema.const];
  if (Array.isArray(schema.enum)) return schema.enum;
  return undefined;
}

/** Every JSON type a schema admits, through its unions and references. */
function typesAdmitted(doc: unknown, schema: unknown, seen = new Set<string | undefined>()): Set<string> {
  const node = deref<Node>(doc, schema);
  const variants = variantsOf(node);
  if (variants.length === 1 && variants[0] === node) return typesOf(node);
  const types = new Set<string>();
  for (const variant of variants) {
    if (variant?.$ref && seen.has(variant.$ref)) continue;
    for (const type of typesAdmitted(doc, variant, new Set([...seen, variant?.$ref]))) types.add(type);
  }
  return types;
}

function fitsType(value: unknown, type: string): boolean {
  const actual = jsonType(value);
  return actual === type || (actual === "integer" && type === "number");
}

function jsonType(value: unknown): string {
  if (value === null) return "null";
  if (Array.isArray(value)) return "array";
  if (Number.isInteger(value)) return "integer";
  return typeof value;
}

/** How many steps (a field, `[]`, `{}`) place `at` lies below place `from`. */
function depthBelow(from: string, at: string): number {
  return (at.slice(from.length).match(/\[\]|\{\}|\.[^.[{]+/g) ?? []).length;
}

/** Whether rank `x` comes before rank `y`, compared position by position. */
function ranksBefore(x: number[], y: number[]): boolean {
  const i = x.findIndex((value, index) => value !== y[index]);
  return i !== -1 && x[i]! < y[i]!;
}
const sameTypes = (x: ReadonlySet<string>, y: ReadonlySet<string>) => x.size === y.size && [...x].every((t) => y.has(t));
const describeTypes = (types: ReadonlySet<string>) => [...types].join(" | ");
const show = (value: unknown) => JSON.stringify(value);
