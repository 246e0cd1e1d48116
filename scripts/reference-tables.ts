// Writes the fact tables the catalogue test compares the contract with (reference/operations.tsv,
// schemas.tsv and unions.tsv, described in reference/README.md) from the scope's reference document
// (scripts/lib/scope-document.ts): each operation as the document the scope takes it from writes it
// (the client API document where it publishes it, else the release), and every schema those reach,
// a schema both documents' operations reach in the wider form of the two. The documents are the two
// named in reference/differences.json (`client`, `release`).
//
//   npm run reference-tables            rewrite the tables
//   npm run reference-tables -- --check  exit 1, naming the tables, where they are not what it writes
//
// What no document says stays as operations.tsv has it: each operation's group, catalogue name,
// provenance and the reference's own summary (the product brief's catalogue), and the rows of
// operations no document serves (inferred, or described by an older edition of the published
// types). A row added with only its group, operation, method, path and provenance gets every other
// cell from its document: parameters, bodies, answers, deprecation, and every field of every schema
// those reach.
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { HTTP_METHODS, parametersOf, resolveRef } from "../src/contract/openapi-document.js";
import { differenceRecord } from "../src/verify/differences.js";
import { repoRoot } from "./lib/paths.mjs";
import { closure, documentFiles, readDocuments, refsIn, scopeDocument, shapeOf } from "./lib/scope-document.js";

type Json = Record<string, any>;

const referenceDir = path.join(repoRoot, "reference");
const SCHEMA_REF = "#/components/schemas/";

function readTable(name: string): { columns: string[]; rows: Record<string, string>[] } {
  const [header, ...lines] = readFileSync(path.join(referenceDir, name), "utf8").split("\n").filter((line) => line.length > 0);
  const columns = header!.split("\t");
  return { columns, rows: lines.map((line) => Object.fromEntries(line.split("\t").map((cell, i) => [columns[i]!, cell]))) };
}

function writeTable(name: string, columns: string[], rows: Record<string, string>[]): string {
  return [columns.join("\t"), ...rows.map((row) => columns.map((column) => row[column] ?? "").join("\t"))].join("\n") + "\n";
}

/** The schema name a `$ref` points to. */
const refName = (ref: string) => ref.slice(SCHEMA_REF.length);


// ---- types, in the grammar of reference/README.md --------------------------------------------

const isNull = (node: Json) => node.type === "null";

function typeOf(node: Json | undefined): string {
  if (!node || Object.keys(node).filter((key) => key !== "title" && key !== "default").length === 0) return "any";
  if (node.$ref) return refName(node.$ref);
  const union = node.anyOf ?? node.oneOf;
  if (union) {
    // A format beside the union holds for whichever member is a string (JSON Schema applies it to the value).
    const withFormat = (member: Json) => (node.format && member.type === "string" && !member.format ? { ...member, format: node.format } : member);
    const members = (union as Json[]).filter((member) => !isNull(member)).map((member) => typeOf(withFormat(member)));
    return (union as Json[]).some(isNull) ? `${members.join("|")}|null` : members.join("|");
  }
  if (node.allOf?.length === 1) return typeOf(node.allOf[0]);
  if (node.const !== undefined) return `const(${node.const})`;
  if (node.enum) return `enum(${(node.enum as unknown[]).join(",")})`;
  switch (node.type) {
    case "array":
      return `list[${typeOf(node.items)}]`;
    case "object": {
      if (node.properties) {
        const fields = Object.entries(node.properties as Json).map(([name, field]) => `${name}:${typeOf(field)}`);
        return `object{${fields.join(",")}}`;
      }
      const values = node.additionalProperties;
      if (values && typeof values === "object" && Object.keys(values).length > 0) return `dict[str,${typeOf(values)}]`;
      return "object";
    }
    case "string":
      return node.format ? `string(${node.format})` : "string";
    case undefined:
      return "any";
    default:
      return node.type as string;
  }
}

const CONSTRAINTS = ["minLength", "maxLength", "pattern", "minimum", "exclusiveMinimum", "maximum", "exclusiveMaximum", "minItems", "maxItems", "format"] as const;

/** The constraints of a field or of a branch of its union, with the prefix of where they sit inside it. */
function constraintsOf(node: Json | undefined, prefix = ""): string[] {
  if (!node || node.$ref) return [];
  const own: string[] = [];
  for (const keyword of CONSTRAINTS) {
    if (node[keyword] === undefined) continue;
    // A format belongs to the type (`string(uuid4)`) except inside a map's keys, which have no type cell.
    if (keyword === "format" && prefix !== "keys.") continue;
    own.push(`${prefix}${keyword}=${node[keyword]}`);
  }
  const branches = ((node.anyOf ?? node.oneOf ?? []) as Json[]).flatMap((branch) => constraintsOf(branch, prefix));
  const inside = [
    ...constraintsOf(node.items, "items."),
    ...(node.additionalProperties && typeof node.additionalProperties === "object" ? constraintsOf(node.additionalProperties, "values.") : []),
    ...(node.propertyNames?.$ref ? [`keys=${refName(node.propertyNames.$ref)}`] : constraintsOf(node.propertyNames, "keys.")),
  ];
  return [...own, ...branches, ...(prefix === "" ? inside : [])];
}

/** The tagged union at a field: the field itself, its items or its map values, minus null. */
function taggedUnionOf(node: Json): { where: "value" | "items" | "values"; union: Json } | undefined {
  const plain = (candidate: Json | undefined): Json | undefined => {
    if (!candidate) return undefined;
    if (candidate.discriminator) return candidate;
    const nonNull = ((candidate.anyOf ?? []) as Json[]).filter((member) => !isNull(member));
    return nonNull.length === 1 && nonNull[0]!.discriminator ? nonNull[0] : undefined;
  };
  const strip = (candidate: Json): Json => {
    const nonNull = ((candidate.anyOf ?? []) as Json[]).filter((member) => !isNull(member));
    return nonNull.length === 1 ? nonNull[0]! : candidate;
  };
  const value = plain(node);
  if (value) return { where: "value", union: value };
  const bare = strip(node);
  const items = plain(bare.items);
  if (items) return { where: "items", union: items };
  const values = typeof bare.additionalProperties === "object" ? plain(bare.additionalProperties) : undefined;
  if (values) return { where: "values", union: values };
  return undefined;
}

const mappingOf = (union: Json) => Object.entries(union.discriminator.mapping as Record<string, string>).map(([tag, ref]) => `${tag}:${refName(ref)}`).join(",");

function notesOf(node: Json): string {
  const notes: string[] = [];
  const tagged = taggedUnionOf(node);
  if (tagged) notes.push(`discriminator=${tagged.union.discriminator.propertyName};mapping=${mappingOf(tagged.union)}`);
  if (node.writeOnly || ((node.anyOf ?? []) as Json[]).some((branch) => branch.writeOnly)) notes.push("writeOnly");
  if (node.contentMediaType) notes.push(`contentMediaType=${node.contentMediaType}`);
  return notes.join(";");
}

// ---- the operations --------------------------------------------------------------------------

const operationsTable = readTable("operations.tsv");
const scope = scopeDocument(readDocuments(), operationsTable.rows.map((row) => ({ method: row.method!, path: row.path! })));
const reference = scope.document;
const schemas = reference.components.schemas as Json;
const scopeOperations = new Map(
  Object.entries(reference.paths as Json).flatMap(([at, item]) => Object.entries(item as Json).filter(([method]) => HTTP_METHODS.includes(method)).map(([method, operation]) => [shapeOf(method, at), { method: method.toUpperCase(), path: at, operation, pathItem: item }] as const)),
);
const reached = new Set<string>();
const operationUnions: Record<string, string>[] = [];

function parameterCell(parameters: Json[]): string {
  if (parameters.length === 0) return "-";
  return parameters
    .map((parameter) => {
      const required = parameter.required ? ":required" : "";
      const fallback = parameter.schema?.default === undefined ? "" : `=${JSON.stringify(parameter.schema.default)}`;
      return `${parameter.name}:${typeOf(parameter.schema)}${required}${fallback}`;
    })
    .join(",");
}

function bodyCell(operation: Json): string {
  const body = operation.requestBody ? resolveRef<Json>(reference, operation.requestBody) : undefined;
  if (!body) return "-";
  const [media, content] = Object.entries(body.content as Json)[0]!;
  refsIn(content.schema, reached);
  const shown = media === "application/json" ? typeOf(content.schema) : `${typeOf(content.schema)} (${media})`;
  return body.required ? shown : `${shown} [optional]`;
}

function responseCell(key: string, operation: Json): string {
  // Every answer's schemas are reached (the validation error's too); the cell names the success's.
  for (const answer of Object.values(operation.responses as Json)) refsIn(resolveRef<Json>(reference, answer).content, reached);
  const status = Object.keys(operation.responses).find((code) => code.startsWith("2"))!;
  const response = resolveRef<Json>(reference, operation.responses[status]);
  const schema = response.content?.["application/json"]?.schema;
  if (status === "204") return "- [204]";
  if (!schema) return "(200 no body)";
  if (schema.discriminator) operationUnions.push({ schema: key, field: "(response 200)", where: "value", property: schema.discriminator.propertyName, mapping: mappingOf(schema) });
  return typeOf(schema);
}

const operationRows = operationsTable.rows.map((row) => {
  const key = `${row.method} ${row.path}`;
  const entry = scopeOperations.get(shapeOf(row.method!, row.path!));
  // In neither document: the row keeps what the brief or an older source says of it.
  if (!entry) return row;
  const parameters = parametersOf<Json>(reference, entry).map(({ parameter }) => parameter);
  for (const parameter of parameters) refsIn(parameter.schema, reached);
  return {
    ...row,
    path_params: parameterCell(parameters.filter((parameter) => parameter.in === "path")),
    query_params: parameterCell(parameters.filter((parameter) => parameter.in === "query")),
    request_body: bodyCell(entry.operation),
    response: responseCell(key, entry.operation),
    deprecated: entry.operation.deprecated ? "yes" : "no",
  };
});

// ---- the schemas the operations reach ---------------------------------------------------------

for (const name of closure(reached, schemas)) reached.add(name);
const byLowerCase = (a: string, b: string) => (a.toLowerCase() < b.toLowerCase() ? -1 : a.toLowerCase() > b.toLowerCase() ? 1 : 0);
const names = [...reached].sort(byLowerCase);

const schemaRows: Record<string, string>[] = [];
const unionRows: Record<string, string>[] = [];
for (const name of names) {
  const schema = schemas[name] as Json;
  if (schema.type !== "object" || !schema.properties) {
    schemaRows.push({ schema: name, field: "(whole)", type: typeOf(schema), required: "", default: "", constraints: constraintsOf(schema).join(";"), notes: notesOf(schema) });
    continue;
  }
  const closed = schema.additionalProperties === false ? "additionalProperties=false" : "";
  schemaRows.push({ schema: name, field: "(object)", type: "object", required: "", default: "", constraints: "", notes: closed });
  const required = new Set(schema.required as string[] | undefined);
  for (const field of Object.keys(schema.properties).sort(byLowerCase)) {
    const node = schema.properties[field] as Json;
    schemaRows.push({
      schema: name,
      field,
      type: typeOf(node),
      required: required.has(field) ? "yes" : "no",
      default: node.default === undefined ? "" : JSON.stringify(node.default),
      constraints: constraintsOf(node).join(";"),
      notes: notesOf(node),
    });
    const tagged = taggedUnionOf(node);
    if (tagged) unionRows.push({ schema: name, field, where: tagged.where, property: tagged.union.discriminator.propertyName, mapping: mappingOf(tagged.union) });
  }
}

/** How the members of a union declare its tag: `const`, `+default`, `+required` or `+optional`. */
function memberTags(row: Record<string, string>): string {
  const forms = row.mapping!.split(",").map((entry) => {
    const member = entry.slice(entry.indexOf(":") + 1);
    const tag = schemas[member].properties?.[row.property!] as Json | undefined;
    const form = [tag?.const === undefined ? "enum" : "const", ...(tag?.default === undefined ? [] : ["default"]), (schemas[member].required ?? []).includes(row.property) ? "required" : "optional"].join("+");
    return [member, form] as const;
  });
  return forms.every(([, form]) => form === forms[0]![1]) ? `all=${forms[0]![1]}` : forms.map(([member, form]) => `${member}=${form}`).join(",");
}
// The unions in fields by their schema's name, then those that are an operation's own answer.
const unions = [...unionRows, ...operationUnions].map((row) => ({ ...row, member_tag: memberTags(row) }));

const tables = {
  "operations.tsv": writeTable("operations.tsv", operationsTable.columns, operationRows),
  "schemas.tsv": writeTable("schemas.tsv", ["schema", "field", "type", "required", "default", "constraints", "notes"], schemaRows),
  "unions.tsv": writeTable("unions.tsv", ["schema", "field", "where", "property", "mapping", "member_tag"], unions),
};

if (process.argv.includes("--check")) {
  const stale = Object.entries(tables).filter(([name, text]) => readFileSync(path.join(referenceDir, name), "utf8") !== text).map(([name]) => name);
  if (stale.length > 0) {
    console.error(`reference tables differ from what the scope's document gives: ${stale.join(", ")} (run npm run reference-tables)`);
    process.exitCode = 1;
  }
} else {
  for (const [name, text] of Object.entries(tables)) writeFileSync(path.join(referenceDir, name), text);
  const files = documentFiles(differenceRecord);
  const taken = (side: string) => [...scope.sideOf.values()].filter((from) => from === side).length;
  const shared = [...scope.reachedBy.values()].filter((sides) => sides.size === 2).length;
  console.log(
    `reference tables: ${operationRows.length} operations (${taken("client")} from ${files.client}, ${taken("release")} from ${files.release}, ${operationRows.length - scope.sideOf.size} from neither), ${names.length} schemas (${shared} reached from both), ${unions.length} tagged unions`,
  );
}
