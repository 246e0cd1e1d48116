// Every sourced clause of the contract is traceable (CONTRIBUTING, "Every sentence true"): a node
// whose description states what a source says names it in `x-source`; each id is a row of
// reference/sources.tsv that pins where the source can be opened; and a citation points at a fact
// recorded for that very place (reference/field-meanings.tsv for the reference,
// reference/field-sources.tsv for the service's docs and libraries). A fact names the schema or
// operation it is true of, so a citation cannot spread from the place its source speaks of.
import { readFileSync } from "node:fs";
import path from "node:path";
import { parse } from "yaml";
import { describe, expect, it } from "vitest";
import { bundle, type Json } from "../support/bundle.js";
import { factSources, fieldMeanings, fieldSources, type FactSource, type FieldFact } from "../support/facts.js";
import { walkObjects } from "../../scripts/lib/walk-objects.mjs";
import { HTTP_METHODS, pointerKey } from "../../src/contract/openapi-document.js";

const KINDS = new Set(["reference", "brief", "docs", "code"]);
const METHODS: ReadonlySet<string> = new Set(HTTP_METHODS);
const OPERATION = "operation ";

/** Where a citation sits: a schema or one of its properties, an operation or one of its parameters. */
type Place =
  | { pointer: string; ids: unknown; schema: string; field?: string }
  | { pointer: string; ids: unknown; operation: string; parameter?: string }
  | { pointer: string; ids: unknown };

/** Every `x-source` in `doc`, with the place it sits on. */
function citations(doc: Json): Place[] {
  const found: Place[] = [];
  walkObjects(doc, (node: Json, pointer: string) => {
    if (!Object.hasOwn(node, "x-source")) return;
    const keys = pointer.split("/").slice(1).map(pointerKey);
    const ids = node["x-source"];
    if (keys[0] === "components" && keys[1] === "schemas") {
      const field = keys.length >= 5 && keys[keys.length - 2] === "properties" ? keys[keys.length - 1] : undefined;
      found.push({ pointer, ids, schema: keys[2]!, ...(field === undefined ? {} : { field }) });
    } else if (keys[0] === "paths" && METHODS.has(keys[2] ?? "")) {
      const operation = doc.paths[keys[1]!][keys[2]!];
      const parameter = keys[3] === "parameters" && keys.length === 5 ? (operation.parameters[Number(keys[4])]?.name as string) : undefined;
      if (keys.length === 3 || parameter !== undefined) found.push({ pointer, ids, operation: operation.operationId, ...(parameter === undefined ? {} : { parameter }) });
      else found.push({ pointer, ids });
    } else found.push({ pointer, ids });
  });
  return found;
}

/**
 * The citations in `doc` that no recorded fact backs. A property may cite a source only where one
 * of its rows names that schema (or the service's name for it) and that field; a schema only where
 * a row names the schema; a parameter only where a row names its operation and its name; an
 * operation only where a row names the operation. A schema-wide row (`(object)`, `(metric)`…)
 * backs the schema's own description, never its properties'.
 */
export function miscitations(doc: Json, sources: FactSource[], facts: FieldFact[]): string[] {
  const kinds = new Map(sources.map((source) => [source.id, source.kind]));
  const renamed = new Map<string, string>(
    Object.entries((doc.components?.schemas ?? {}) as Json).flatMap(([name, schema]) => (typeof schema["x-service-name"] === "string" ? [[name, schema["x-service-name"] as string]] : [])),
  );
  const problems: string[] = [];
  for (const place of citations(doc)) {
    const list = Array.isArray(place.ids) ? (place.ids as string[]) : [];
    for (const id of list) {
      const kind = kinds.get(id);
      if (kind === undefined) {
        problems.push(`${place.pointer}: ${id} is not in reference/sources.tsv`);
        continue;
      }
      // The brief is one document this package was specified from; it has no table of facts.
      if (kind === "brief") continue;
      const rows = facts.filter((fact) => fact.source === id);
      if ("schema" in place) {
        const names = new Set([place.schema, renamed.get(place.schema)]);
        const backed = rows.some((fact) => names.has(fact.schema) && (place.field === undefined || fact.field === place.field));
        if (!backed) problems.push(`${place.pointer}: no fact of ${id} names ${place.schema}${place.field === undefined ? "" : `.${place.field}`}`);
      } else if ("operation" in place) {
        // The reference describes operations through operations.tsv.
        if (kind === "reference") continue;
        const backed = rows.some((fact) => fact.schema === OPERATION + place.operation && (place.parameter === undefined ? fact.field.startsWith("(") : fact.field === place.parameter));
        if (!backed) problems.push(`${place.pointer}: no fact of ${id} names operation ${place.operation}${place.parameter === undefined ? "" : ` and parameter ${place.parameter}`}`);
      }
    }
  }
  return problems;
}

/** The places a fact row may name: every schema (by either name) and field, every operation and parameter. */
function knownPlaces(doc: Json): Map<string, Set<string>> {
  const places = new Map<string, Set<string>>();
  for (const [name, schema] of Object.entries((doc.components?.schemas ?? {}) as Json)) {
    const fields = new Set(Object.keys(schema.properties ?? {}));
    places.set(name, fields);
    if (typeof schema["x-service-name"] === "string") places.set(schema["x-service-name"], fields);
  }
  for (const item of Object.values((doc.paths ?? {}) as Json)) {
    for (const [method, operation] of Object.entries(item as Json)) {
      if (METHODS.has(method)) places.set(OPERATION + operation.operationId, new Set(((operation.parameters ?? []) as Json[]).map((parameter) => parameter.name as string)));
    }
  }
  return places;
}

describe("reference/sources.tsv", () => {
  it("names each source once, of a known kind, pinned where a reader can open it", () => {
    const problems: string[] = [];
    const seen = new Set<string>();
    for (const source of factSources) {
      if (seen.has(source.id)) problems.push(`${source.id}: listed twice`);
      seen.add(source.id);
      if (!KINDS.has(source.kind)) problems.push(`${source.id}: kind ${source.kind} is not one of ${[...KINDS].join(", ")}`);
      if (source.origin.trim() === "") problems.push(`${source.id}: no origin`);
      if (source.kind === "docs" && !/^\/\S+$/.test(source.location)) problems.push(`${source.id}: a docs page's location is its path, e.g. /concepts/…`);
      if (source.kind === "docs" && !/^[\w{}-]+(\.[\w{}-]+)+$/.test(source.home)) problems.push(`${source.id}: a docs page names its site's host, e.g. docs.{service}.ai`);
      if (source.kind === "code" && !/^[\w.{}-]+\/[\w.{}-]+$/.test(source.home)) problems.push(`${source.id}: a code source names its repository as owner/name`);
      if (source.kind === "code" && !/^[0-9a-f]{40}$/.test(source.version)) problems.push(`${source.id}: a code source pins the full 40-digit commit, not ${source.version}`);
      if (source.kind === "reference" && !/^\d+\.\d+\.\d+$/.test(source.version)) problems.push(`${source.id}: the reference names its release`);
    }
    expect(problems).toEqual([]);
    expect(factSources.length).toBeGreaterThan(2);
  });

  it("is cited: every source is behind a recorded fact or an x-source", () => {
    const used = new Set([...fieldSources, ...fieldMeanings].map((fact) => fact.source));
    for (const place of citations(bundle)) if (Array.isArray(place.ids)) for (const id of place.ids) used.add(id);
    expect(factSources.map((source) => source.id).filter((id) => !used.has(id) && id !== "brief")).toEqual([]);
  });
});

describe("reference/field-sources.tsv and field-meanings.tsv", () => {
  const ids = new Map(factSources.map((source) => [source.id, source]));
  const places = knownPlaces(bundle);

  it("gives every fact a source id of sources.tsv, or `-` for a search that found nothing", () => {
    const problems = [...fieldSources, ...fieldMeanings]
      .filter((fact) => (fact.source === "-" ? !fact.fact.startsWith("searched, not found") : !ids.has(fact.source)))
      .map((fact) => `${fact.schema}.${fact.field}: source ${fact.source}`);
    expect(problems).toEqual([]);
  });

  it("scopes every fact to a schema or operation of the contract, never `*`", () => {
    const problems = [...fieldSources, ...fieldMeanings].flatMap((fact) => {
      const fields = places.get(fact.schema);
      if (fields === undefined) return [`${fact.schema}.${fact.field}: names no schema or operation of the contract`];
      if (!fact.field.startsWith("(") && !fields.has(fact.field)) return [`${fact.schema}.${fact.field}: ${fact.schema} has no such field or parameter`];
      return [];
    });
    expect(problems).toEqual([]);
  });

  it("says where in a code source each fact stands: the file's path, and its lines where re-checked", () => {
    const problems = fieldSources
      .filter((fact) => ids.get(fact.source)?.kind === "code" && !/^[^\s#]+\.[a-z]+(#L\d+(-L\d+)?)?$/.test(fact.at))
      .map((fact) => `${fact.schema}.${fact.field} (${fact.source}): at ${fact.at}`);
    expect(problems).toEqual([]);
  });

  it("names the heading of a docs page under which each of its facts stands", () => {
    const problems = fieldSources
      .filter((fact) => ids.get(fact.source)?.kind === "docs" && (fact.at === "-" || fact.at.trim() === "" || /^\/|#L\d/.test(fact.at)))
      .map((fact) => `${fact.schema}.${fact.field} (${fact.source}): at ${fact.at} is not a heading of the page`);
    expect(problems).toEqual([]);
  });
});

describe("x-source in the contract", () => {
  const all = citations(bundle);

  it("is used, and is always a non-empty list of source ids", () => {
    expect(all.length).toBeGreaterThan(0);
    const malformed = all.filter(({ ids: list }) => !Array.isArray(list) || list.length === 0 || list.some((id) => typeof id !== "string"));
    expect(malformed.map((citation) => citation.pointer)).toEqual([]);
  });

  it("sits only where a fact of that source names the place", () => {
    expect(miscitations(bundle, factSources, [...fieldMeanings, ...fieldSources])).toEqual([]);
  });

  it("is caught where it cites a source for a place its facts do not name (planted fixture)", () => {
    const fixture = parse(readFileSync(path.join(import.meta.dirname, "fixtures", "miscitations.yaml"), "utf8")) as Json;
    const facts: FieldFact[] = [
      { schema: "ExportRequest", field: "task", fact: "the client sets task", source: "lib:export", at: "client.py#L1-L9" },
      { schema: "ExportRequest", field: "(object)", fact: "the export endpoint", source: "lib:export", at: "client.py#L1-L9" },
      { schema: "operation listThings", field: "starting_token", fact: "the loop starts at 0", source: "lib:export", at: "client.py#L10-L20" },
    ];
    const sources: FactSource[] = [{ id: "lib:export", kind: "code", origin: "a library", home: "owner/lib", version: "0".repeat(40), location: "-" }];
    expect(miscitations(fixture, sources, facts).sort()).toEqual([
      "/components/schemas/EditExportRequest/properties/task: no fact of lib:export names EditExportRequest.task",
      "/components/schemas/ExportRequest/properties/include_cols: no fact of lib:export names ExportRequest.include_cols",
      "/paths/~1other/get/parameters/0: no fact of lib:export names operation listOther and parameter starting_token",
      "/paths/~1things/get/parameters/1: unknown:id is not in reference/sources.tsv",
    ]);
  });
});
