// Types of schema-diff.js (plain JavaScript, so that bare-Node scripts can load it too).

/** A neutral fact about one schema change; openapi-diff.js classes it by the way data flows. */
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
  | "default-changed";

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

/** Every change from `before` (in oldDoc) to `after` (in newDoc); names compared through `names`. */
export declare function schemaChanges(
  oldDoc: unknown,
  before: unknown,
  newDoc: unknown,
  after: unknown,
  names?: ReadonlyMap<string, string>,
  cache?: Map<string, SchemaChange[]>,
): SchemaChange[];

/** Each schema's `x-service-name` in any of `docs`, mapped to its name there. */
export declare function schemaNames(...docs: unknown[]): Map<string, string>;

/** A `$ref` to a component schema, as the name both documents agree on (undefined for any other ref). */
export declare function schemaName(ref: unknown, names: ReadonlyMap<string, string>): string | undefined;

/** `node` with its `$ref` followed; sibling keywords beside the `$ref` override the target's. */
export declare function deref<T = unknown>(doc: unknown, node: unknown): T;

/** A node's default as comparable JSON text (the text "None" on a nullable, non-string value read as null); undefined where it has none. */
export declare function defaultOf(doc: unknown, schema: unknown): string | undefined;

/** A format under the name every client reads it by (`uuid4` is `uuid`). */
export declare function canonicalFormat(format: string): string;
