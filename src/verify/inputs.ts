// Where verify finds the inputs an operation needs, derived from the contract rather than listed
// by hand:
// - a path parameter `{x}` after `/collection` takes the `x` (or `id`) of the items that
//   `GET /collection` lists, within the parameters already chosen (a project's runs give
//   `run_id`); the same listing serves `{x}` wherever else it appears, and a listing whose items
//   carry a field named `x` serves too;
// - a parameter with an enum, example or default takes that value;
// - a required query parameter takes its example, default or first enum member, or, when it is
//   named after a parameter that listings give (`run_ids`, `project_id`), values from them;
// - a required body is the media type's example, or the body's required fields from their own
//   examples, defaults or enums.
// What cannot be found is reported: the operation is skipped, naming the input it lacked.
import { parametersOf, resolveRef } from "../contract/openapi-document.js";
import type { ContractOperation, JsonObject, OpenApiDocument, OpenApiParameter } from "../validation/contract.js";

/** A listing whose items hold a value for a parameter. */
export interface ListingSource {
  readonly listing: ContractOperation;
  /** The item field that holds the value. */
  readonly field: string;
}

/** One input to find at run time, in order: each may depend on the ones before it. */
export interface Parameter {
  readonly name: string;
  readonly in: "path" | "query";
  /** A value known from the contract (enum, example, default), used when no listing gives one. */
  readonly fixed?: string | number | boolean;
  /** Listings that give values, tried in order. */
  readonly listings: readonly ListingSource[];
  /** For a query parameter named after another (`run_ids` ← `run_id`): the value goes in an array. */
  readonly array?: boolean;
  /** The parameter whose values are used, when it differs from `name`. */
  readonly valuesOf?: string;
  /** For an array: how many distinct values it must hold (`run_ids` compares at least two runs). */
  readonly minItems?: number;
}

export interface Inputs {
  /** Path parameters first (in path order), then the required query parameters that need discovery. */
  readonly parameters: readonly Parameter[];
  /** Required query parameters with a value from the contract. */
  readonly query: Readonly<Record<string, unknown>>;
  /** The request body to send, or undefined for none. */
  readonly body: unknown;
  /** Why the operation cannot be called, when the contract alone already says so. */
  readonly missing: string | undefined;
}


/** A value the contract itself gives for a schema or parameter: example, default, const, first enum member. */
function contractValue(document: OpenApiDocument, holder: { example?: unknown; examples?: unknown; schema?: JsonObject } | JsonObject | undefined): unknown {
  if (!holder) return undefined;
  const direct = holder as { example?: unknown; examples?: unknown; schema?: JsonObject };
  if (direct.example !== undefined) return direct.example;
  if (direct.examples && typeof direct.examples === "object" && !Array.isArray(direct.examples)) {
    const first = Object.values(direct.examples as Record<string, { value?: unknown }>)[0];
    if (first?.value !== undefined) return first.value;
  }
  const schema = resolveRef<JsonObject | undefined>(document, (direct.schema ?? holder) as JsonObject);
  if (!schema) return undefined;
  if (Array.isArray(schema.examples) && schema.examples.length > 0) return schema.examples[0];
  if (schema.default !== undefined && schema.default !== null) return schema.default;
  if (schema.const !== undefined) return schema.const;
  if (Array.isArray(schema.enum) && schema.enum.length > 0) return schema.enum[0];
  for (const key of ["allOf", "anyOf", "oneOf"]) {
    for (const member of (schema[key] as JsonObject[] | undefined) ?? []) {
      const value = contractValue(document, resolveRef<JsonObject>(document, member));
      if (value !== undefined && value !== null) return value;
    }
  }
  return undefined;
}

/** The 2xx JSON schema of an operation's answer. */
function successSchema(document: OpenApiDocument, operation: ContractOperation): JsonObject | undefined {
  const responses = operation.operation.responses ?? {};
  const key = Object.keys(responses).find((status) => /^2/.test(status));
  if (!key) return undefined;
  const response = resolveRef<{ content?: Record<string, { schema?: JsonObject }> }>(document, responses[key] as JsonObject);
  const schema = response?.content?.["application/json"]?.schema;
  return schema ? resolveRef<JsonObject>(document, schema) : undefined;
}

/** Property names of an object schema, through allOf/anyOf/oneOf. */
function propertyNames(document: OpenApiDocument, schema: JsonObject | undefined, depth = 0): Set<string> {
  const names = new Set<string>();
  if (!schema || depth > 4) return names;
  for (const name of Object.keys((schema.properties as JsonObject | undefined) ?? {})) names.add(name);
  for (const key of ["allOf", "anyOf", "oneOf"]) {
    for (const member of (schema[key] as JsonObject[] | undefined) ?? []) {
      for (const name of propertyNames(document, resolveRef<JsonObject>(document, member), depth + 1)) names.add(name);
    }
  }
  return names;
}

/** Where a listing keeps its items: the answer itself (an array), its `x-pagination` field, or its one array of objects. */
export function itemsField(document: OpenApiDocument, listing: ContractOperation): { field: string | undefined; item: JsonObject } | undefined {
  const schema = successSchema(document, listing);
  if (!schema) return undefined;
  if (schema.type === "array") return { field: undefined, item: resolveRef<JsonObject>(document, (schema.items ?? {}) as JsonObject) };
  const properties = (schema.properties as Record<string, JsonObject> | undefined) ?? {};
  const paged = (listing.operation["x-pagination"] as { items?: string } | undefined)?.items;
  const arrays = Object.entries(properties).filter(([, property]) => resolveRef<JsonObject>(document, property)?.type === "array");
  const chosen = paged !== undefined ? arrays.find(([name]) => name === paged) : arrays.length === 1 ? arrays[0] : undefined;
  if (!chosen) return undefined;
  const items = resolveRef<JsonObject>(document, chosen[1]).items as JsonObject | undefined;
  return items ? { field: chosen[0], item: resolveRef<JsonObject>(document, items) } : undefined;
}

/** The items of a listing's answer, as `itemsField` locates them. */
export function itemsOf(document: OpenApiDocument, listing: ContractOperation, body: unknown): unknown[] {
  const where = itemsField(document, listing);
  if (!where) return [];
  const list = where.field === undefined ? body : body !== null && typeof body === "object" ? (body as JsonObject)[where.field] : undefined;
  return Array.isArray(list) ? list : [];
}

const pathParameterNames = (path: string) => [...path.matchAll(/\{([^}]+)\}/g)].map((match) => match[1]!);

/** The literal segments of a path, without its parameters. */
const literals = (path: string) => path.split("/").filter((segment) => segment !== "" && !segment.startsWith("{"));

/** How many trailing literal segments two paths share ("…/feedback/templates" and "…/feedback/templates": 2). */
function sharedTail(a: string, b: string): number {
  const x = literals(a);
  const y = literals(b);
  let count = 0;
  while (count < x.length && count < y.length && x[x.length - 1 - count] === y[y.length - 1 - count]) count++;
  return count;
}

/**
 * The discovery rules over the whole contract: for a parameter of an operation, the listings that
 * give its values, best first. A listing may need parameters of its own; they are found the same
 * way when verify runs.
 */
export function discoveryRules(document: OpenApiDocument, readOnly: readonly ContractOperation[]): (name: string, self: ContractOperation) => ListingSource[] {
  const lists = readOnly.filter((operation) => operation.method === "GET" && operation.operation["x-side-effect"] === undefined && itemsField(document, operation) !== undefined);
  const byPath = new Map(lists.map((operation) => [operation.path, operation]));
  const fieldFor = (listing: ContractOperation, name: string): string | undefined => {
    const names = propertyNames(document, itemsField(document, listing)!.item);
    return names.has(name) ? name : names.has("id") ? "id" : undefined;
  };
  // Collection rule: `/a/{x}` anywhere in the contract makes `GET /a` a source of x.
  const collections = new Map<string, ListingSource[]>();
  for (const operation of readOnly) {
    for (const name of pathParameterNames(operation.path)) {
      const listing = byPath.get(operation.path.slice(0, operation.path.indexOf(`/{${name}}`)));
      const field = listing ? fieldFor(listing, name) : undefined;
      if (!listing || !field) continue;
      const known = collections.get(name) ?? [];
      if (!known.some((source) => source.listing === listing)) known.push({ listing, field });
      collections.set(name, known);
    }
  }
  return (name, self) => {
    const before = self.path.includes(`/{${name}}`) ? self.path.slice(0, self.path.indexOf(`/{${name}}`)) : self.path;
    // The listing right above the parameter in this very path, if there is one: nothing else.
    const own = byPath.get(before);
    if (own && own !== self) {
      const field = fieldFor(own, name);
      if (field) return [{ listing: own, field }];
    }
    // Otherwise the collections of that parameter elsewhere, those whose path ends like this one first
    // (`…/feedback/templates/{template_id}` takes feedback templates, not prompt templates).
    const elsewhere = (collections.get(name) ?? []).filter((source) => source.listing !== self);
    if (elsewhere.length > 0) {
      const score = (source: ListingSource) => sharedTail(source.listing.path, before);
      const best = Math.max(...elsewhere.map(score));
      return elsewhere.filter((source) => score(source) === best);
    }
    // Field rule: listings whose items carry a field of that very name (prompt rows carry `chain_id`).
    const carrying = lists.filter((listing) => listing !== self && propertyNames(document, itemsField(document, listing)!.item).has(name)).map((listing) => ({ listing, field: name }));
    if (carrying.length > 0) return carrying;
    // Naming rule: `{edit_id}` is the `id` of what a listing ending in `/edits` lists.
    const stem = /^(.+)_id$/.exec(name)?.[1];
    if (stem) {
      return lists
        .filter((listing) => listing !== self && [stem, `${stem}s`].includes(literals(listing.path).at(-1) ?? ""))
        .flatMap((listing) => (propertyNames(document, itemsField(document, listing)!.item).has("id") ? [{ listing, field: "id" }] : []));
    }
    return [];
  };
}

export type DiscoveryRules = ReturnType<typeof discoveryRules>;

function asScalar(value: unknown): string | number | boolean | undefined {
  return typeof value === "string" || typeof value === "number" || typeof value === "boolean" ? value : undefined;
}

/** The inputs of one operation. */
export function inputsOf(document: OpenApiDocument, operation: ContractOperation, rules: DiscoveryRules): Inputs {
  const declared = parametersOf<OpenApiParameter>(document, operation).map(({ parameter }) => parameter);
  const parameters: Parameter[] = [];
  const query: Record<string, unknown> = {};
  let missing: string | undefined;
  for (const name of pathParameterNames(operation.path)) {
    const parameter = declared.find((p) => p.in === "path" && p.name === name);
    const fixed = asScalar(contractValue(document, parameter));
    const listings = rules(name, operation);
    if (listings.length === 0 && fixed === undefined) missing ??= `no listing gives path parameter ${name}, and the contract has no example, default or enum for it`;
    parameters.push({ name, in: "path", fixed, listings });
  }
  for (const parameter of declared.filter((p) => p.in === "query" && p.required)) {
    const value = contractValue(document, parameter);
    const schema = resolveRef<JsonObject>(document, parameter.schema ?? {});
    const isArray = schema?.type === "array";
    // An identifier's example names nothing in the deployment: a listing's ids come first.
    const identifier = resolveRef<JsonObject>(document, ((isArray ? schema.items : schema) ?? {}) as JsonObject)?.format === "uuid";
    const valuesOf = isArray && parameter.name.endsWith("s") ? parameter.name.slice(0, -1) : parameter.name;
    const listings = value === undefined || identifier ? rules(valuesOf, operation) : [];
    if (listings.length === 0 && value !== undefined) {
      query[parameter.name] = isArray && !Array.isArray(value) ? [value] : value;
      continue;
    }
    if (listings.length === 0) {
      missing ??= `required query parameter ${parameter.name} has no example, default or enum in the contract, and no listing gives it`;
      continue;
    }
    const minItems = isArray && typeof schema.minItems === "number" && schema.minItems > 1 ? schema.minItems : undefined;
    parameters.push({ name: parameter.name, in: "query", listings, array: isArray, valuesOf, ...(minItems ? { minItems } : {}) });
  }
  let body: unknown;
  const requestBody = operation.operation.requestBody ? resolveRef<{ required?: boolean; content?: Record<string, { schema?: JsonObject; example?: unknown; examples?: unknown }> }>(document, operation.operation.requestBody as JsonObject) : undefined;
  if (requestBody?.required) {
    const media = requestBody.content?.["application/json"];
    const example = media ? contractValue(document, { example: media.example, examples: media.examples }) : undefined;
    if (example !== undefined) body = example;
    else if (!media?.schema) missing ??= "its request body is not JSON";
    else {
      const schema = resolveRef<JsonObject>(document, media.schema);
      const built: JsonObject = {};
      for (const field of (schema.required as string[] | undefined) ?? []) {
        const value = contractValue(document, resolveRef<JsonObject>(document, ((schema.properties as JsonObject | undefined)?.[field] ?? {}) as JsonObject));
        if (value === undefined) missing ??= `required request body field ${field} has no example, default or enum in the contract`;
        else built[field] = value;
      }
      body = built;
    }
  }
  return { parameters, query, body, missing };
}
