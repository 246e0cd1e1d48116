// Reads the reference facts about the live service (reference/operations.tsv and
// reference/schemas.tsv, described in reference/README.md) into plain objects for the tests.
import { readFileSync } from "node:fs";
import path from "node:path";
import { repoRoot } from "../../scripts/lib/paths.mjs";

// The facts are part of the repository, so a clone tests on its own.
const factsDir = path.join(repoRoot, "reference");

function readTable(name: string): Record<string, string>[] {
  const [header, ...rows] = readFileSync(path.join(factsDir, name), "utf8").split("\n").filter((line) => line.length > 0);
  const columns = header!.split("\t");
  return rows.map((row) => {
    const cells = row.split("\t");
    return Object.fromEntries(columns.map((column, i) => [column, cells[i] ?? ""]));
  });
}

export interface FactParameter {
  name: string;
  type: string;
  required: boolean;
  /** The declared default as JSON text, when there is one. */
  defaultJson?: string;
}

export interface FactOperation {
  group: string;
  name: string;
  method: string;
  path: string;
  /** undefined when the facts say `?` (unknown). */
  pathParams?: FactParameter[];
  queryParams?: FactParameter[];
  requestBody: string;
  response: string;
  deprecated: boolean;
  provenance: string;
}

/** Splits on commas that are not inside brackets or parentheses: `a:dict[str,int],b:int`. */
export function splitTopLevel(text: string, separator = ","): string[] {
  const parts: string[] = [];
  let depth = 0;
  let inQuote = false;
  let current = "";
  for (const char of text) {
    if (char === '"') inQuote = !inQuote;
    if (!inQuote && (char === "[" || char === "(" || char === "{")) depth++;
    if (!inQuote && (char === "]" || char === ")" || char === "}")) depth--;
    if (char === separator && depth === 0 && !inQuote) {
      parts.push(current);
      current = "";
    } else current += char;
  }
  parts.push(current);
  return parts;
}

function parseParameters(cell: string): FactParameter[] | undefined {
  if (cell === "?") return undefined;
  if (cell === "-" || cell === "") return [];
  return splitTopLevel(cell).map((entry) => {
    const colon = entry.indexOf(":");
    const name = entry.slice(0, colon);
    let rest = entry.slice(colon + 1);
    let defaultJson: string | undefined;
    const equals = rest.indexOf("=");
    if (equals !== -1) {
      defaultJson = rest.slice(equals + 1);
      rest = rest.slice(0, equals);
    }
    const required = rest.endsWith(":required");
    const type = required ? rest.slice(0, -":required".length) : rest;
    return defaultJson === undefined ? { name, type, required } : { name, type, required, defaultJson };
  });
}

export const factOperations: FactOperation[] = readTable("operations.tsv").map((row) => ({
  group: row.group!,
  name: row.operation!,
  method: row.method!,
  path: row.path!,
  pathParams: parseParameters(row.path_params!),
  queryParams: parseParameters(row.query_params!),
  requestBody: row.request_body!,
  response: row.response!,
  deprecated: row.deprecated === "yes",
  provenance: row.provenance!,
}));

export interface FactField {
  field: string;
  type: string;
  required: boolean;
  defaultJson: string;
  constraints: string;
  notes: string;
}

/** schema name → its rows; the `(object)` / `(whole)` header row comes first. */
export const factSchemas: Map<string, FactField[]> = new Map();
for (const row of readTable("schemas.tsv")) {
  const fields = factSchemas.get(row.schema!) ?? [];
  fields.push({
    field: row.field!,
    type: row.type!,
    required: row.required === "yes",
    defaultJson: row.default!,
    constraints: row.constraints!,
    notes: row.notes!,
  });
  factSchemas.set(row.schema!, fields);
}

export interface FactUnion {
  /** The schema holding the union, or `METHOD path` for an operation's own body. */
  schema: string;
  field: string;
  where: "value" | "items" | "values";
  /** The tag property. */
  property: string;
  /** tag value → member schema, in the reference's order. */
  mapping: [string, string][];
}

/** Every union the service dispatches by a tag (reference/unions.tsv). */
export const factUnions: FactUnion[] = readTable("unions.tsv").map((row) => ({
  schema: row.schema!,
  field: row.field!,
  where: row.where as FactUnion["where"],
  property: row.property!,
  mapping: row.mapping!.split(",").map((entry) => entry.split(":") as [string, string]),
}));

export interface FactExample {
  schema: string;
  /** A property name, or `(whole)` for an example of the whole schema. */
  field: string;
  value: unknown;
  /** `yes`, or why the example does not validate against the reference's own schema. */
  valid: string;
}

/** The reference's own examples (reference/examples.tsv). */
export const factExamples: FactExample[] = readTable("examples.tsv").map((row) => ({
  schema: row.schema!,
  field: row.field!,
  value: JSON.parse(row.example!),
  valid: row.valid!,
}));

/** The provenance the spec records for a facts row: seed, reference or inferred. */
export function expectedProvenance(cell: string): "seed" | "reference" | "inferred" {
  if (cell.startsWith("seed")) return "seed";
  if (cell.startsWith("inferred")) return "inferred";
  return "reference";
}

/** A source the contract's descriptions may cite in `x-source` (reference/sources.tsv). */
export interface FactSource {
  id: string;
  kind: string;
  origin: string;
  /** A code source's repository as `owner/name`, a page's site as its host (`-` for other kinds). */
  home: string;
  /** A code source's full commit, or the reference's release (`-` for other kinds). */
  version: string;
  /** A page's path on its site (`-` for code: its rows give the path). */
  location: string;
}

export const factSources: FactSource[] = readTable("sources.tsv").map((row) => ({
  id: row.id!,
  kind: row.kind!,
  origin: row.origin!,
  home: row.home!,
  version: row.version!,
  location: row.location!,
}));

/**
 * A fact about one place, with where it is stated: `schema` is a component schema (by either name)
 * or `operation <operationId>`, and `field` a property, a parameter's name, or a parenthesised topic
 * such as `(object)` or `(operation)` for the whole schema or operation.
 */
export interface FieldFact {
  schema: string;
  field: string;
  fact: string;
  /** A source id of sources.tsv, or `-` where a search found nothing. */
  source: string;
  /** Where in the source: `path#Lm-Ln` (or the path alone) for code, a heading for a page, the description for the reference. */
  at: string;
}

/** What the reference's own descriptions state (field-meanings.tsv). */
export const fieldMeanings: FieldFact[] = readTable("field-meanings.tsv").map((row) => ({ schema: row.schema!, field: row.field!, fact: row.meaning!, source: row.source!, at: row.at! }));

/** What the service's public docs and libraries state (field-sources.tsv). */
export const fieldSources: FieldFact[] = readTable("field-sources.tsv").map((row) => ({ schema: row.schema!, field: row.field!, fact: row.fact!, source: row.source!, at: row.at! }));
