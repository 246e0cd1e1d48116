// The values of an operation's path and query parameters, found by calling the listings inputs.ts
// names for each: the first parameter's candidates are tried in turn, so a later parameter may
// need another value of an earlier one. A listing's own inputs are found the same way, to a depth.
import type { ContractOperation, OpenApiDocument } from "../validation/contract.js";
import { itemsOf, type Inputs, type ListingSource, type Parameter } from "./inputs.js";
import type { Answer, Value } from "./send.js";

type Bindings = Readonly<Record<string, Value>>;
/** Arrays that must hold several distinct values, by parameter name (see `Parameter.minItems`). */
type Lists = Readonly<Record<string, readonly Value[]>>;
export type Resolved = { readonly path: Record<string, Value>; readonly query: Record<string, unknown>; readonly bindings: Bindings } | { readonly missing: string };

/** How many of a listing's items are tried before an input counts as missing. */
const CANDIDATES = 3;
/** How deep listings may depend on listings (projects → runs → rows → …). */
const MAX_DEPTH = 6;

/** What resolving needs of the runner: the document, each operation's inputs, and its shared calls. */
export interface InputSources {
  readonly document: OpenApiDocument;
  readonly inputs: (operation: ContractOperation) => Inputs;
  readonly call: (operation: ContractOperation, path: Record<string, Value>, query: Record<string, unknown>, body: unknown) => Promise<Answer>;
}

/** Values for `source`'s field from its listing, within `bindings`; or why there are none. */
async function valuesFrom(sources: InputSources, source: ListingSource, bindings: Bindings, stack: readonly string[]): Promise<Value[] | string> {
  const resolved = await resolveInputs(sources, source.listing, bindings, stack);
  if ("missing" in resolved) return `${source.listing.key} cannot be called (${resolved.missing})`;
  const answer = await sources.call(source.listing, resolved.path, resolved.query, sources.inputs(source.listing).body);
  if (answer.failure) return `${source.listing.key} got no answer`;
  if (answer.status === null || answer.status < 200 || answer.status > 299) return `${source.listing.key} answered HTTP ${answer.status}`;
  const values: Value[] = [];
  for (const item of itemsOf(sources.document, source.listing, answer.body)) {
    const value = item !== null && typeof item === "object" ? (item as Record<string, unknown>)[source.field] : undefined;
    if ((typeof value === "string" && value !== "") || typeof value === "number" || typeof value === "boolean") {
      if (!values.includes(value)) values.push(value);
    }
    if (values.length >= CANDIDATES) break;
  }
  return values.length > 0 ? values : `${source.listing.key} listed no ${source.field === "id" ? "items" : `items with ${source.field}`}`;
}

/** One operation's parameters, its fixed query, and the listings already on the way to it. */
interface Binding {
  readonly parameters: readonly Parameter[];
  readonly query: Readonly<Record<string, unknown>>;
  readonly stack: readonly string[];
}

/** The call's path and query once every parameter has a value. */
function callOf(binding: Binding, bindings: Bindings, lists: Lists): Resolved {
  const path: Record<string, Value> = {};
  const foundQuery: Record<string, unknown> = { ...binding.query };
  for (const parameter of binding.parameters) {
    const value = bindings[parameter.valuesOf ?? parameter.name]!;
    if (parameter.in === "path") path[parameter.name] = value;
    else foundQuery[parameter.name] = parameter.array ? (lists[parameter.name] ?? [value]) : value;
  }
  return { path, query: foundQuery, bindings };
}

/** Values for parameter `index` and the ones after it, each candidate of this one tried in turn. */
async function bindFrom(sources: InputSources, binding: Binding, index: number, bindings: Bindings, lists: Lists = {}): Promise<Resolved> {
  if (index === binding.parameters.length) return callOf(binding, bindings, lists);
  const parameter = binding.parameters[index]!;
  const name = parameter.valuesOf ?? parameter.name;
  let candidates: Value[] = [];
  let why = "";
  if (bindings[name] !== undefined) candidates = [bindings[name]!];
  else {
    for (const source of parameter.listings) {
      if (binding.stack.includes(source.listing.key)) continue; // a listing that needs this very value
      const values = await valuesFrom(sources, source, bindings, binding.stack);
      if (typeof values !== "string") {
        candidates = values;
        break;
      }
      why ||= values;
    }
    if (candidates.length === 0 && parameter.fixed !== undefined) candidates = [parameter.fixed];
  }
  if (candidates.length === 0) return { missing: `no value for ${parameter.name}${why ? `: ${why}` : ""}` };
  if (parameter.minItems !== undefined) {
    if (candidates.length < parameter.minItems) {
      return { missing: `${parameter.name} takes at least ${parameter.minItems} distinct values; found ${candidates.length}${why ? ` (${why})` : ""}` };
    }
    return bindFrom(sources, binding, index + 1, { ...bindings, [name]: candidates[0]! }, { ...lists, [parameter.name]: candidates.slice(0, parameter.minItems) });
  }
  let last: Resolved = { missing: `no value for ${parameter.name}` };
  for (const candidate of candidates) {
    last = await bindFrom(sources, binding, index + 1, { ...bindings, [name]: candidate }, lists);
    if (!("missing" in last)) return last;
  }
  return last;
}

/** The inputs of `operation`, each found in turn; a later input may need another value of an earlier one. */
export async function resolveInputs(sources: InputSources, operation: ContractOperation, preset: Bindings, stack: readonly string[]): Promise<Resolved> {
  const { parameters, query, missing } = sources.inputs(operation);
  if (missing) return { missing };
  if (stack.length > MAX_DEPTH) return { missing: "its inputs depend on too many listings" };
  return bindFrom(sources, { parameters, query, stack: [...stack, operation.key] }, 0, preset);
}
