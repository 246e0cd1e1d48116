// A union of enums, folded into one enum for the verdict pass (issue 48). The JSON Schema library
// weighs every alternative of an `anyOf` or `oneOf`, even after one matched; a union whose members
// each only list values of one scalar type accepts exactly the values of one enum, which is
// checked in one pass. `Permission.action` (an `anyOf` of eight action enums) is such a union,
// and it is checked for every permission of every user answer.
//
// The fold is exact, and only applies where it is: each member, its `$ref`s followed, has an
// `enum` (or a `const`) and nothing else that asserts, nor anything beside a `$ref` on the way; each value is a string, a number, a
// boolean or null, all of one type, and of the member's declared `type` where it has one. Then
// the union accepts a value exactly when one (`anyOf`), or exactly one (`oneOf`), member lists it.
// Keywords that only annotate (a title, a description, an example) do not stand in the way; any
// other keyword does, `format` included (the library asserts formats). Only the verdict uses the
// folded schema: a value that fails is explained through the contract's own (json-schema.ts).

/** Keywords that say something about a schema but never reject a value. */
const ANNOTATIONS = new Set(["title", "description", "default", "examples", "example", "deprecated", "readOnly", "writeOnly", "$comment", "externalDocs"]);
const UNIONS = ["anyOf", "oneOf"] as const;

type Scalar = string | number | boolean | null;
type ScalarType = "string" | "number" | "boolean" | "null";

/** A value's type for this rule (integers are numbers), or undefined for an array or object. */
function scalarType(value: unknown): ScalarType | undefined {
  if (value === null) return "null";
  const type = typeof value;
  if (type === "number") return Number.isFinite(value) ? "number" : undefined;
  return type === "string" || type === "boolean" ? type : undefined;
}

/** Whether `value` has the declared JSON Schema `type`. */
function hasDeclaredType(value: Scalar, type: unknown): boolean {
  if (type === "integer") return Number.isInteger(value);
  return type === scalarType(value);
}

/** Where a `$ref` leads ("#/components/schemas/Name" → that schema), or undefined where it leads nowhere. */
export type LookUp = (ref: string) => unknown;

// More hops than any real contract chains; past it the references go round in a loop.
const MOST_HOPS = 32;

/**
 * The values an enum-only member accepts, and their one type; undefined where the member is not
 * enum-only. A `$ref` is followed hop by hop, and only where nothing beside it asserts: in JSON
 * Schema 2020-12 a keyword next to a `$ref` applies too.
 */
function enumOnly(member: unknown, lookUp: LookUp, hops = 0): { values: Scalar[]; type: ScalarType } | undefined {
  if (member === null || typeof member !== "object" || Array.isArray(member)) return undefined;
  const schema = member as Record<string, unknown>;
  const asserting = Object.keys(schema).filter((key) => !ANNOTATIONS.has(key) && !key.startsWith("x-"));
  if ("$ref" in schema) {
    const only = asserting.length === 1 && typeof schema.$ref === "string";
    return only && hops < MOST_HOPS ? enumOnly(lookUp(schema.$ref as string), lookUp, hops + 1) : undefined;
  }
  if (!asserting.every((key) => key === "enum" || key === "const" || key === "type")) return undefined;
  if ("enum" in schema === "const" in schema) return undefined;
  const listed = "enum" in schema ? schema.enum : [schema.const];
  if (!Array.isArray(listed) || listed.length === 0) return undefined;
  const type = scalarType(listed[0]);
  if (type === undefined) return undefined;
  const declared = schema.type;
  if ("type" in schema && typeof declared !== "string") return undefined;
  const fits = (value: unknown) => scalarType(value) === type && (declared === undefined || hasDeclaredType(value as Scalar, declared));
  return listed.every(fits) ? { values: listed as Scalar[], type } : undefined;
}

/**
 * The values a union holder's `keyword` ("anyOf" or "oneOf") accepts, when every member is
 * enum-only and of one type; undefined otherwise.
 */
function foldedValues(members: unknown, keyword: "anyOf" | "oneOf", lookUp: LookUp): Scalar[] | undefined {
  if (!Array.isArray(members) || members.length === 0) return undefined;
  const each = members.map((member) => enumOnly(member, lookUp));
  if (!each.every((m) => m !== undefined && m.type === each[0]!.type)) return undefined;
  // How many members list each value (a member that lists one twice counts once).
  const listedBy = new Map<Scalar, number>();
  for (const member of each as { values: Scalar[] }[]) for (const value of new Set(member.values)) listedBy.set(value, (listedBy.get(value) ?? 0) + 1);
  const values = [...listedBy].filter(([, count]) => keyword === "anyOf" || count === 1).map(([value]) => value);
  return values.length > 0 ? values : undefined;
}

/**
 * `schema` with its union of enums folded into one `enum`, or undefined where the rule does not
 * apply to it (no such union, or the schema states an `enum` or `const` of its own).
 */
export function foldUnion(schema: Record<string, unknown>, lookUp: LookUp): Record<string, unknown> | undefined {
  if ("enum" in schema || "const" in schema) return undefined;
  for (const keyword of UNIONS) {
    const values = foldedValues(schema[keyword], keyword, lookUp);
    if (values === undefined) continue;
    const { [keyword]: _union, ...rest } = schema;
    return { ...rest, enum: values };
  }
  return undefined;
}
