// Every sourced clause of the contract is traceable (CONTRIBUTING, "Every sentence true"): a node
// whose description states what a source says names it in `x-source`; each id is a row of
// reference/sources.tsv; and a property's citation points at a recorded fact about that very
// field (reference/field-meanings.tsv for the reference, reference/field-sources.tsv for the
// service's docs and libraries), so a citation cannot drift away from what it cites.
import { describe, expect, it } from "vitest";
import { bundle, serviceNames, type Json } from "../support/bundle.js";
import { factSources, fieldMeanings, fieldSources, type FieldFact } from "../support/facts.js";
import { walkObjects } from "../../scripts/lib/walk-objects.mjs";
import { pointerKey } from "../../src/openapi-document.js";

const KINDS = new Set(["reference", "brief", "docs", "code"]);
const ids = new Map(factSources.map((source) => [source.id, source]));

interface Citation {
  pointer: string;
  ids: unknown;
  /** The component schema and property the citation sits on, when it sits on one. */
  schema?: string;
  field?: string;
}

/** Every `x-source` in the bundle, with the component schema and property it sits on. */
function citations(): Citation[] {
  const found: Citation[] = [];
  walkObjects(bundle, (node: Json, pointer: string) => {
    if (!Object.hasOwn(node, "x-source")) return;
    const path = pointer.split("/").slice(1).map(pointerKey);
    const [top, group, schema] = path;
    const inSchema = top === "components" && group === "schemas";
    found.push({
      pointer,
      ids: node["x-source"],
      ...(inSchema ? { schema: schema! } : {}),
      ...(inSchema && path.length >= 5 && path[path.length - 2] === "properties" ? { field: path[path.length - 1]! } : {}),
    });
  });
  return found;
}

/** Does `facts` hold a fact of `source` about this place (the schema by either name, or `*`)? */
function recorded(facts: FieldFact[], source: string, schema: string, field: string | undefined): boolean {
  const names = new Set([schema, serviceNames.get(schema), field === undefined ? undefined : "*"]);
  return facts.some(
    (fact) => fact.source === source && names.has(fact.schema) && (field === undefined || fact.field === field || fact.field.startsWith("(")),
  );
}

describe("reference/sources.tsv", () => {
  it("names each source once, of a known kind, with a location of its kind's form", () => {
    const problems: string[] = [];
    const seen = new Set<string>();
    for (const source of factSources) {
      if (seen.has(source.id)) problems.push(`${source.id}: listed twice`);
      seen.add(source.id);
      if (!KINDS.has(source.kind)) problems.push(`${source.id}: kind ${source.kind} is not one of ${[...KINDS].join(", ")}`);
      if (source.origin.trim() === "") problems.push(`${source.id}: no origin`);
      if (source.kind === "docs" && !/^\/\S+$/.test(source.location)) problems.push(`${source.id}: a docs page's location is its path, e.g. /concepts/…`);
      if (source.kind === "code" && !/^\S+@[0-9a-f]{7,40}$/.test(source.location)) problems.push(`${source.id}: a file's location is path@commit`);
    }
    expect(problems).toEqual([]);
    expect(factSources.length).toBeGreaterThan(2);
  });

  it("is cited: every source is behind a recorded fact or an x-source", () => {
    const used = new Set([...fieldSources.map((fact) => fact.source), ...citations().flatMap((citation) => (Array.isArray(citation.ids) ? citation.ids : []))]);
    expect(factSources.map((source) => source.id).filter((id) => !used.has(id) && id !== "reference" && id !== "brief")).toEqual([]);
  });
});

describe("reference/field-sources.tsv", () => {
  it("gives every fact a source id of sources.tsv, or `-` for a search that found nothing", () => {
    const problems = fieldSources
      .filter((fact) => (fact.source === "-" ? !fact.fact.startsWith("searched, not found") : !ids.has(fact.source)))
      .map((fact) => `${fact.schema}.${fact.field}: source ${fact.source}`);
    expect(problems).toEqual([]);
  });
});

describe("x-source in the contract", () => {
  const all = citations();

  it("is used, and is always a non-empty list of source ids", () => {
    expect(all.length).toBeGreaterThan(0);
    const malformed = all.filter(({ ids: list }) => !Array.isArray(list) || list.length === 0 || list.some((id) => typeof id !== "string"));
    expect(malformed.map((citation) => citation.pointer)).toEqual([]);
  });

  it("cites only sources that exist in reference/sources.tsv", () => {
    const unknown = all.flatMap(({ pointer, ids: list }) => (Array.isArray(list) ? list : []).filter((id) => !ids.has(id)).map((id) => `${pointer}: ${String(id)}`));
    expect(unknown).toEqual([]);
  });

  it("points a schema's or property's citation at a fact recorded for that place", () => {
    const untraced: string[] = [];
    for (const { pointer, ids: list, schema, field } of all) {
      if (schema === undefined || !Array.isArray(list)) continue;
      for (const id of list as string[]) {
        const kind = ids.get(id)?.kind;
        if (kind === "reference" && !recorded(fieldMeanings, "reference", schema, field)) untraced.push(`${pointer}: reference/field-meanings.tsv has no row for ${schema}.${field ?? "(object)"}`);
        if ((kind === "docs" || kind === "code") && !recorded(fieldSources, id, schema, field)) untraced.push(`${pointer}: reference/field-sources.tsv has no fact of ${id} about ${schema}.${field ?? "(object)"} (or *)`);
      }
    }
    expect(untraced).toEqual([]);
  });
});
