// The scope's reference document: the one OpenAPI document the contract is held to, made from the
// two documents of the service the reference keeps (CONTRIBUTING, "The scope"): the client API
// document (newest, a subset) and the full release document. Each operation of the scope is taken
// whole from the client document where it publishes it, else from the release. A schema the
// operations of both sides reach takes the wider form of the two (`widerSchema`); a schema only one
// side reaches takes that side's form.
//
// scripts/reference-tables.ts writes the fact tables from it; scripts/record-differences.ts and
// test/spec/differences.test.ts diff the contract against each document on its own part
// (`differencesByDocument`), and mark what the widening itself makes differ (`shared-wider`).
import { readFileSync } from "node:fs";
import path from "node:path";
import { diffDocuments, type DocumentChange } from "../../src/contract/openapi-diff.js";
import { HTTP_METHODS, operationsOf } from "../../src/contract/openapi-document.js";
import { differenceRecord, identityOf, type DifferenceRecord } from "../../src/verify/differences.js";
import { repoRoot } from "./paths.mjs";

type Json = Record<string, any>;

/** Which of the two documents a part of the scope comes from. */
export type Side = "client" | "release";
export const SIDES: readonly Side[] = ["client", "release"];

const SCHEMA_REF = "#/components/schemas/";

/** An operation's shape: its method and path with every `{param}` name left out, as the diff engine matches them. */
export function shapeOf(method: string, path: string): string {
  return `${method.toUpperCase()} ${path.replace(/\{[^}]*\}/g, "{}")}`;
}

/** The file names in reference/ of the two documents the record names (`client`, `release`). */
export function documentFiles(record: Pick<DifferenceRecord, "client" | "release"> = differenceRecord): Record<Side, string> {
  return { client: `openapi-client-${record.client}.json`, release: `openapi-${record.release}.json` };
}

/** The two documents, read from reference/. */
export function readDocuments(record: Pick<DifferenceRecord, "client" | "release"> = differenceRecord): Record<Side, Json> {
  const files = documentFiles(record);
  const read = (file: string) => JSON.parse(readFileSync(path.join(repoRoot, "reference", file), "utf8")) as Json;
  return { client: read(files.client), release: read(files.release) };
}

/** Every schema name a node refers to, at any depth (a default's or an example's values are data, not references). */
export function refsIn(node: unknown, into = new Set<string>()): Set<string> {
  if (Array.isArray(node)) for (const item of node) refsIn(item, into);
  else if (node && typeof node === "object") {
    for (const [key, value] of Object.entries(node)) {
      if (key === "$ref" && typeof value === "string" && value.startsWith(SCHEMA_REF)) into.add(value.slice(SCHEMA_REF.length));
      else if (key !== "default" && key !== "examples" && key !== "example") refsIn(value, into);
    }
  }
  return into;
}

/** The schemas `roots` reach in `schemas`, transitively (the roots among them). */
export function closure(roots: Iterable<string>, schemas: Json): Set<string> {
  const reached = new Set<string>();
  for (const queue = [...roots]; queue.length > 0; ) {
    const name = queue.pop()!;
    if (reached.has(name) || schemas[name] === undefined) continue;
    reached.add(name);
    queue.push(...refsIn(schemas[name]));
  }
  return reached;
}

// ---- the wider form of a schema both sides reach ------------------------------------------------

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);
const unionOf = (node: Json): Json[] | undefined => node.anyOf ?? node.oneOf;
// Keys that say what a node is about, not what it accepts: a union's member is the node without them.
const ANNOTATIONS = ["title", "description", "default", "examples", "example", "deprecated"];
const asMember = (node: Json): Json => Object.fromEntries(Object.entries(node).filter(([key]) => !ANNOTATIONS.includes(key)));
/** What pairs two union members across the documents: the schema they name, else their kind of value. */
const memberKey = (member: Json): string =>
  member.$ref ?? `${JSON.stringify(member.type ?? null)}${member.enum ? "+enum" : ""}${member.const !== undefined ? `+const=${JSON.stringify(member.const)}` : ""}${unionOf(member) ? "+union" : ""}`;

function widerMembers(client: Json[], release: Json[]): Json[] {
  const left = [...release];
  const merged = client.map((member) => {
    const at = left.findIndex((other) => memberKey(other) === memberKey(member));
    if (at === -1) return member;
    const [other] = left.splice(at, 1);
    return widerSchema(member, other!);
  });
  return [...merged, ...left];
}

/**
 * The wider form of one schema as the client document (`client`) and the release (`release`) write
 * it: every enum value, union member (with the discriminator mappings of both) and property either
 * has, merged the same way through properties, items, map values and union members; a property
 * required only where both require it. What cannot be widened (a default, a format, a type, a
 * const, a constraint, a reference to another schema) is the client document's.
 */
export function widerSchema(client: Json, release: Json): Json {
  if (same(client, release)) return client;
  const clientUnion = unionOf(client);
  const releaseUnion = unionOf(release);
  // A union on either side: the members of both, a side that is no union being its one member.
  if ((clientUnion || releaseUnion) && !(client.$ref && release.$ref)) {
    const keyword = client.oneOf || (!client.anyOf && release.oneOf) ? "oneOf" : "anyOf";
    const members = widerMembers(clientUnion ?? [asMember(client)], releaseUnion ?? [asMember(release)]);
    // Around the members, the client's word: its title and default (or none), its other keys where it is a union.
    const around = Object.entries(client).filter(([key]) => (clientUnion ? key !== "anyOf" && key !== "oneOf" : ANNOTATIONS.includes(key)));
    const out: Json = { ...Object.fromEntries(around), [keyword]: members };
    const discriminator = widerDiscriminator(client.discriminator, release.discriminator);
    if (discriminator) out.discriminator = discriminator;
    return out;
  }
  const out: Json = { ...client };
  if (client.$ref || release.$ref) return out;
  if (Array.isArray(client.enum) && Array.isArray(release.enum)) {
    out.enum = [...client.enum, ...release.enum.filter((value: unknown) => !client.enum.some((own: unknown) => same(own, value)))];
  }
  if (client.properties || release.properties) {
    const properties: Json = { ...(client.properties ?? {}) };
    for (const [name, field] of Object.entries((release.properties ?? {}) as Json)) {
      properties[name] = properties[name] === undefined ? field : widerSchema(properties[name], field);
    }
    out.properties = properties;
    const releaseRequired = new Set<string>(release.required ?? []);
    const required = ((client.required ?? []) as string[]).filter((name) => releaseRequired.has(name));
    if (required.length > 0) out.required = required;
    else delete out.required;
  }
  if (client.items && release.items) out.items = widerSchema(client.items, release.items);
  const values = (node: Json) => (node.additionalProperties && typeof node.additionalProperties === "object" ? node.additionalProperties : undefined);
  if (values(client) && values(release)) out.additionalProperties = widerSchema(values(client), values(release));
  const discriminator = widerDiscriminator(client.discriminator, release.discriminator);
  if (discriminator) out.discriminator = discriminator;
  return out;
}

function widerDiscriminator(client: Json | undefined, release: Json | undefined): Json | undefined {
  if (!client || !release) return client;
  if (!client.mapping && !release.mapping) return client;
  return { ...client, mapping: { ...(client.mapping ?? {}), ...Object.fromEntries(Object.entries(release.mapping ?? {}).filter(([tag]) => !(tag in (client.mapping ?? {})))) } };
}

// ---- the scope document ---------------------------------------------------------------------------

export interface Scope {
  /** One OpenAPI document: the scope's operations, each as its document writes it, and the schemas they reach. */
  readonly document: Json;
  /** Operation shape → the document the scope takes it from (only operations one of them publishes). */
  readonly sideOf: ReadonlyMap<string, Side>;
  /** Schema name → the sides whose operations reach it (both: the wider form). */
  readonly reachedBy: ReadonlyMap<string, ReadonlySet<Side>>;
}

/**
 * The scope's reference document for `operations` (the contract's, by method and path): each one
 * the client document publishes taken from it, each other one the release publishes from the
 * release, and one that neither publishes left out; the schemas as the rule above has them.
 */
export function scopeDocument(documents: Record<Side, Json>, operations: Iterable<{ readonly method: string; readonly path: string }>): Scope {
  const published = Object.fromEntries(SIDES.map((side) => [side, new Map([...operationsOf<Json, Json>(documents[side])].map((entry) => [shapeOf(entry.method, entry.path), entry]))])) as Record<
    Side,
    Map<string, { method: string; path: string; operation: Json; pathItem: Json }>
  >;
  const sideOf = new Map<string, Side>();
  const paths: Json = {};
  const roots: Record<Side, Set<string>> = { client: new Set(), release: new Set() };
  for (const { method, path: at } of operations) {
    const shape = shapeOf(method, at);
    const side = SIDES.find((candidate) => published[candidate].has(shape));
    if (!side || sideOf.has(shape)) continue;
    sideOf.set(shape, side);
    const entry = published[side].get(shape)!;
    const shared = Object.fromEntries(Object.entries(entry.pathItem).filter(([key]) => !HTTP_METHODS.includes(key)));
    paths[entry.path] = { ...shared, ...(paths[entry.path] ?? {}), [method.toLowerCase()]: entry.operation };
    refsIn({ shared, operation: entry.operation }, roots[side]);
  }
  const reached = Object.fromEntries(SIDES.map((side) => [side, closure(roots[side], documents[side].components.schemas)])) as Record<Side, Set<string>>;
  const reachedBy = new Map<string, Set<Side>>();
  for (const side of SIDES) for (const name of reached[side]) reachedBy.set(name, (reachedBy.get(name) ?? new Set()).add(side));
  const schemas: Json = {};
  for (const [name, sides] of [...reachedBy].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) {
    const client = documents.client.components.schemas[name];
    const release = documents.release.components.schemas[name];
    schemas[name] = sides.size === 2 ? widerSchema(client, release) : sides.has("client") ? client : release;
  }
  const components = { ...documents.release.components, ...documents.client.components, schemas };
  return { document: { openapi: documents.client.openapi, info: { title: "the scope's reference", version: "scope" }, paths, components }, sideOf, reachedBy };
}

// ---- the contract against each document ------------------------------------------------------------

/** The same document with only the operations whose shape `keep` accepts. */
function withOperations(document: Json, keep: (shape: string) => boolean): Json {
  const paths: Json = {};
  for (const [at, item] of Object.entries((document.paths ?? {}) as Json)) {
    const kept = Object.fromEntries(Object.entries(item as Json).filter(([key]) => !HTTP_METHODS.includes(key) || keep(shapeOf(key, at))));
    if (Object.keys(kept).some((key) => HTTP_METHODS.includes(key))) paths[at] = kept;
  }
  return { ...document, paths };
}

/** The operation shapes a document publishes. */
export function shapesOf(document: Json): Set<string> {
  return new Set([...operationsOf(document)].map(({ method, path: at }) => shapeOf(method, at)));
}

/**
 * The part of the contract (and of a document) that the scope takes from one side, for the
 * worklist of a new document of that side (npm run follow-release -- --part <side>): `client`, the
 * operations `clientDocument` publishes; `release`, every other one.
 */
export function partOf(document: Json, side: Side, clientDocument: Json): Json {
  const client = shapesOf(clientDocument);
  return withOperations(document, (shape) => client.has(shape) === (side === "client"));
}

export interface DocumentDifferences {
  readonly side: Side;
  /** The file in reference/ the changes are against. */
  readonly document: string;
  /** Every change from the contract's part to this document (operations it adds included). */
  readonly changes: readonly DocumentChange[];
  /** The identities of the changes the scope document itself has against this document: the widening's. */
  readonly widened: ReadonlySet<string>;
}

/**
 * The contract against each document on the part the scope takes from it: the operations the client
 * document publishes against it, every other operation (those neither publishes too) against the
 * release, each with the schemas its operations reach (a schema both reach, against both). An
 * operation a document adds counts only against the document the scope would take it from.
 */
export function differencesByDocument(contract: Json, documents: Record<Side, Json> = readDocuments(), record: DifferenceRecord = differenceRecord): DocumentDifferences[] {
  const operations = [...operationsOf<Json, Json>(contract)];
  const scope = scopeDocument(documents, operations);
  const clientShapes = new Set([...operationsOf(documents.client)].map(({ method, path: at }) => shapeOf(method, at)));
  const onSide = (side: Side) => (shape: string) => (side === "client" ? scope.sideOf.get(shape) === "client" : scope.sideOf.get(shape) !== "client");
  // The scope names schemas as the service does; the contract's names for them, for the identities.
  const contractName = new Map<string, string>();
  for (const [name, schema] of Object.entries((contract.components?.schemas ?? {}) as Json)) {
    if (typeof schema?.["x-service-name"] === "string") contractName.set(schema["x-service-name"], name);
  }
  for (const name of scope.reachedBy.keys()) {
    const base = name.replace(/-(Input|Output)$/, "");
    if (base !== name && !contractName.has(name) && contract.components?.schemas?.[base] !== undefined) contractName.set(name, base);
  }
  const files = documentFiles(record);
  return SIDES.map((side) => {
    const relevant = (change: DocumentChange) => change.kind !== "operation-added" || side === "client" || !clientShapes.has(shapeOf(...(change.operation.split(" ") as [string, string])));
    const changes = diffDocuments(withOperations(contract, onSide(side)), documents[side]).filter(relevant);
    const widened = new Set(
      diffDocuments(withOperations(scope.document, onSide(side)), documents[side])
        .filter((change) => change.kind !== "operation-added" && change.kind !== "operation-removed")
        .map((change) => identityOf(change.schema === undefined ? change : { ...change, schema: contractName.get(change.schema) ?? change.schema })),
    );
    return { side, document: files[side], changes, widened };
  });
}
