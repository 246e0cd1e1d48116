// Types of openapi-document.js (plain JavaScript, so that bare-Node scripts can load it too).
// test/unit/openapi-document.test.ts checks that every export the code has is declared here.

/** The keys of a path item that hold an operation, in the order OpenAPI lists them (lower case). */
export declare const HTTP_METHODS: readonly string[];

/**
 * An operation's extensions, of which two decide whether it is safe to send: `x-idempotent: true`
 * on a POST that only reads, and `x-side-effect`, saying why a call has an effect its method does
 * not show.
 */
export type SafetyMarks = { readonly [mark: `x-${string}`]: unknown };

/** Methods HTTP defines as idempotent, in capitals as sent; a POST never is, whatever the spec marks. */
export declare const IDEMPOTENT_METHODS: ReadonlySet<string>;

/** Whether an operation only reads (its method in capitals, as sent): a safe method, or a POST marked `x-idempotent`. Side effects are the reader's to weigh. */
export declare function readsOnly(method: string, marks: SafetyMarks): boolean;

/** Whether the client may send a call again after an attempt failed: never with a side effect. */
export declare function safeToRepeat(method: string, marks: SafetyMarks): boolean;

/** One operation met by `operationsOf`. */
export interface OperationEntry<Operation, PathItem> {
  /** "GET", "POST", … */
  readonly method: string;
  /** The path template, e.g. "/projects/{project_id}". */
  readonly path: string;
  readonly operation: Operation;
  readonly pathItem: PathItem;
}

/**
 * Every operation of `document`, in document order, its path item's `$ref` followed. The caller
 * names the shapes it reads operations and path items as; nothing checks them.
 */
export declare function operationsOf<Operation = Record<string, unknown>, PathItem = Record<string, unknown>>(document: {
  readonly paths?: Readonly<Record<string, unknown>>;
}): Generator<OperationEntry<Operation, PathItem>, void, undefined>;

/**
 * The parameters that apply to an operation: its path item's shared ones, then its own (which
 * replace a shared one of the same name and location), `$ref`s followed, each with its pointer.
 */
export declare function parametersOf<Parameter = Record<string, unknown>>(
  document: unknown,
  entry: { readonly method: string; readonly path: string; readonly operation: { readonly parameters?: readonly unknown[] }; readonly pathItem: { readonly parameters?: readonly unknown[] } | undefined },
): { parameter: Parameter; pointer: string }[];

/** One key written as a JSON pointer segment (RFC 6901). */
export declare function pointerSegment(key: string): string;

/** The key a JSON pointer segment stands for (RFC 6901). */
export declare function pointerKey(segment: string): string;

/** The value at a local pointer ("#/a/b", "#" for the whole), or undefined where it leads nowhere. */
export declare function resolvePointer(document: unknown, pointer: string): unknown;

/**
 * Follows the chain of `$ref`s from `node` (found at `pointer`) to the first node that is not a
 * reference, and where that node lives. Throws on a reference that is not local, leads nowhere or
 * loops.
 */
export declare function followRefs(document: unknown, node: unknown, pointer?: string): { node: unknown; pointer: string };

/** `node` with its chain of `$ref`s followed; the caller names the shape it expects. */
export declare function resolveRef<T = unknown>(document: unknown, node: unknown, pointer?: string): T;
