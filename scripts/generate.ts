// Derives the client's inputs from the bundle: the TypeScript types (openapi-typescript) and the
// per-operation policy table. Runs under tsx so that it reads the client's own rules
// (src/client/policy-defaults.ts): the table states only what differs from those defaults, so the two can
// never disagree about, say, which methods are safe to retry.
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import openapiTS, { astToString, type OpenAPI3, type SchemaObject, type TransformNodeOptions } from "openapi-typescript";
import ts from "typescript";
import { isJsonMediaType } from "../src/contract/media-type.js";
import { DEFAULT_SECURITY, retrySafeByDefault, type PolicyOverride, type SecurityScheme } from "../src/client/policy-defaults.js";
import { slashBanner } from "./lib/banner.mjs";
import { IDEMPOTENT_METHODS, operationsOf, resolvePointer, resolveRef, safeToRepeat } from "../src/contract/openapi-document.js";
import { outDirFromArgs } from "./lib/paths.mjs";

type Json = Record<string, any>;

const SCHEMA_PREFIX = "#/components/schemas/";
const BINARY = "application/octet-stream";

// Placed under the banner of schema.d.ts, so a reader of the types knows the deliberate choices.
const TYPES_NOTE = `// Inputs are typed as the API requires them: a request property the service defaults is
// optional, and a file field of a multipart body is a Blob (or File) or a Uint8Array. Every
// optional property also takes \`undefined\` (as "not given"), for code compiled with
// exactOptionalPropertyTypes.
`;

const outDir = outDirFromArgs();
const document: Json = JSON.parse(readFileSync(path.join(outDir, "openapi.json"), "utf8"));

const requestSchemas = schemasReachedByRequests(document);
const ast = await openapiTS(document as OpenAPI3, {
  alphabetize: false,
  exportType: false,
  // `export type ProjectDB = components["schemas"]["ProjectDB"]`, for every schema.
  rootTypes: true,
  rootTypesNoSchemaPrefix: true,
  rootTypesKeepCasing: true,
  transform: typeFileFields,
  transformProperty: optionalWhenDefaulted,
});
writeFileSync(path.join(outDir, "schema.d.ts"), slashBanner + TYPES_NOTE + astToString(ast.map(undefinedWhereOptional)));

const overrides = policyOverrides(document);
writeFileSync(path.join(outDir, "operations.ts"), renderPolicies(overrides));
console.log(`generate: schema.d.ts and operations.ts (${Object.keys(overrides).length} operations differ from the defaults)`);

/**
 * Schemas a request can contain (bodies and parameters, followed through $refs). A property of
 * theirs that the service defaults is optional for the caller; openapi-typescript would otherwise
 * make it required (its `defaultNonNullable`, right for answers, where the service fills it in).
 */
function schemasReachedByRequests(doc: Json): Set<string> {
  const reached = new Set<string>();
  const pending: unknown[] = [];
  for (const { operation, pathItem } of operationsOf<Json, Json>(doc)) pending.push(operation.requestBody, operation.parameters, pathItem.parameters);
  while (pending.length > 0) {
    const node = pending.pop();
    if (!node || typeof node !== "object") continue;
    const ref = (node as Json).$ref;
    if (typeof ref === "string") {
      const target = ref.startsWith(SCHEMA_PREFIX) ? ref.slice(SCHEMA_PREFIX.length) : undefined;
      if (target !== undefined) {
        if (reached.has(target)) continue;
        reached.add(target);
      }
      pending.push(resolvePointer(doc, ref));
      continue;
    }
    pending.push(...Object.values(node));
  }
  return reached;
}


/** The component schema a node belongs to, from openapi-typescript's path (`#/components/schemas/X/...`). */
function owningSchema(options: TransformNodeOptions): string | undefined {
  const pathText = options.path ?? "";
  if (!pathText.startsWith(SCHEMA_PREFIX)) return undefined;
  return pathText.slice(SCHEMA_PREFIX.length).split("/")[0];
}

function inRequest(options: TransformNodeOptions): boolean {
  const owner = owningSchema(options);
  return owner !== undefined ? requestSchemas.has(owner) : /\/requestBody\b/.test(options.path ?? "");
}

function optionalWhenDefaulted(property: ts.PropertySignature, schema: SchemaObject, options: TransformNodeOptions) {
  if (property.questionToken || !inRequest(options) || typeof schema !== "object" || !("default" in schema)) return undefined;
  // Required in the spec stays required: only a property the spec leaves optional gets here with
  // no question mark, and then only because it has a default.
  const owner = owningSchema(options);
  const name = (options.path ?? "").split("/").pop()!;
  const required: string[] = (owner && (resolvePointer(document, SCHEMA_PREFIX + owner) as Json)?.required) ?? [];
  if (required.includes(name)) return undefined;
  return ts.factory.updatePropertySignature(property, property.modifiers, property.name, ts.factory.createToken(ts.SyntaxKind.QuestionToken), property.type);
}

/**
 * `name?: T` becomes `name?: T | undefined` everywhere in the types: under exactOptionalPropertyTypes
 * a caller may then pass `undefined` for an optional parameter or field it has not got, as the
 * client (and JSON) treat it as absent. openapi-typescript 7.13 has no option for it (its issue
 * #2457 asks for one), and its `transformProperty` reaches schema properties only, not parameters,
 * so this walks the finished tree. `?: never` (no parameters of a kind, no request body) stays as
 * it is: openapi-fetch reads it as "absent", and a union with undefined would make it a value.
 */
function undefinedWhereOptional<T extends ts.Node>(root: T): T {
  const visit = (node: ts.Node): ts.Node => {
    const visited = ts.visitEachChild(node, visit, undefined);
    if (!ts.isPropertySignature(visited) || !visited.questionToken || !visited.type) return visited;
    const type = visited.type;
    const members = ts.isUnionTypeNode(type) ? type.types : [type];
    if (members.some((member) => member.kind === ts.SyntaxKind.UndefinedKeyword || member.kind === ts.SyntaxKind.NeverKeyword)) return visited;
    const undefinedType = ts.factory.createKeywordTypeNode(ts.SyntaxKind.UndefinedKeyword);
    const widened = ts.factory.createUnionTypeNode([...members, undefinedType]);
    return ts.factory.updatePropertySignature(visited, visited.modifiers, visited.name, visited.questionToken, widened);
  };
  return ts.visitNode(root, visit) as T;
}

/** A file field of a request (multipart) is typed as the bytes a caller has: a Blob (or File) or a Uint8Array. */
function typeFileFields(schema: SchemaObject, options: TransformNodeOptions) {
  if (typeof schema !== "object" || (schema as Json).contentMediaType !== BINARY || !inRequest(options)) return undefined;
  return ts.factory.createUnionTypeNode([ts.factory.createTypeReferenceNode("Blob"), ts.factory.createTypeReferenceNode("Uint8Array")]);
}

function policyOverrides(doc: Json): Record<string, PolicyOverride> {
  const table: Record<string, PolicyOverride> = {};
  for (const { method, path: route, operation, pathItem } of operationsOf<Json, Json>(doc)) {
    const override: { -readonly [K in keyof PolicyOverride]: PolicyOverride[K] } = {};
    const security = securityOf(doc, operation, `${method} ${route}`);
    if (JSON.stringify(security) !== JSON.stringify(DEFAULT_SECURITY)) {
      override.operationId = operation.operationId;
      override.security = security;
    }
    // The table lists only what differs from the client's default, which goes by the method and,
    // for a POST, the path.
    const retrySafe = safeToRepeat(method, operation);
    if (retrySafe !== retrySafeByDefault(method, route, IDEMPOTENT_METHODS)) override.retrySafe = retrySafe;
    if (operation["x-pagination"]?.items) override.pageItems = operation["x-pagination"].items;
    const body = resolveRef<Json>(doc, operation.requestBody);
    const mediaTypes = Object.keys(body?.content ?? {});
    if (mediaTypes.includes("multipart/form-data")) {
      override.body = "multipart";
      override.files = fileFields(doc, body.content["multipart/form-data"].schema);
    } else if (mediaTypes.includes("application/x-www-form-urlencoded")) override.body = "form";
    const arrays = [...(pathItem.parameters ?? []), ...(operation.parameters ?? [])]
      .map((parameter: Json) => resolveRef<Json>(doc, parameter))
      .filter((parameter: Json) => parameter.in === "query" && typesOf(resolveRef<Json>(doc, parameter.schema)).includes("array"))
      .map((parameter: Json) => parameter.name as string);
    if (arrays.length > 0) override.arrayQuery = arrays;
    const answers = Object.entries(operation.responses ?? {})
      .filter(([status]) => status.startsWith("2"))
      .flatMap(([, answer]) => Object.keys(resolveRef<Json>(doc, answer)?.content ?? {}));
    if (answers.length > 0 && !answers.some(isJsonMediaType)) override.answer = "file";
    if (Object.keys(override).length > 0) table[`${method} ${route}`] = override;
  }
  return table;
}

function securityOf(doc: Json, operation: Json, key: string): SecurityScheme[] {
  const requirements: Json[] = operation.security ?? doc.security ?? [];
  return requirements.map((requirement) => {
    const names = Object.keys(requirement);
    if (names.length !== 1) {
      throw new Error(`${key}: each security requirement must name one scheme (the service takes exactly one credential per request), got ${JSON.stringify(requirement)}`);
    }
    return names[0] as SecurityScheme;
  });
}


function typesOf(schema: Json | undefined): string[] {
  if (!schema) return [];
  if (Array.isArray(schema.type)) return schema.type;
  if (typeof schema.type === "string") return [schema.type];
  return [...(schema.anyOf ?? []), ...(schema.oneOf ?? [])].flatMap((branch: Json) => typesOf(resolveRef<Json>(document, branch)));
}

function fileFields(doc: Json, schemaOrRef: Json): string[] {
  const schema = resolveRef<Json>(doc, schemaOrRef);
  return Object.entries((schema?.properties ?? {}) as Json)
    .filter(([, property]) => resolveRef<Json>(doc, property)?.contentMediaType === BINARY)
    .map(([name]) => name);
}

function renderPolicies(table: Record<string, PolicyOverride>): string {
  const entries = Object.keys(table)
    .sort()
    .map((key) => `  ${JSON.stringify(key)}: ${renderValue(table[key]!)},`)
    .join("\n");
  return `${slashBanner}import type { PolicyOverride } from "../src/client/policy-defaults.js";

/**
 * The operations whose policy differs from the client's defaults (src/client/policy-defaults.ts): any of the
 * three credentials, retried only when the method is idempotent or the POST only reads by its path,
 * a JSON body, no pagination.
 * Keyed by "METHOD /path" as the spec writes it.
 */
export const policyOverrides = {
${entries}
} as const satisfies Readonly<Record<string, PolicyOverride>>;
`;
}

function renderValue(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(renderValue).join(", ")}]`;
  if (value && typeof value === "object") {
    return `{ ${Object.entries(value)
      .map(([key, item]) => `${key}: ${renderValue(item)}`)
      .join(", ")} }`;
  }
  return JSON.stringify(value);
}

