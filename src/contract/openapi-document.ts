// How an OpenAPI document is laid out, known in one place: the HTTP methods a path item may hold
// and what each promises, the rule that reads an operation's safety marks, the walk over its
// operations, and the way a JSON pointer or a `$ref` is resolved. The client (its retry defaults),
// its validators and testing entry, verify, the build scripts, Spectral's custom functions, the
// bench and the tests all read it from here.

/** The keys of a path item that hold an operation, in the order OpenAPI lists them (lower case). */
export const HTTP_METHODS: readonly string[] = /* @__PURE__ */ Object.freeze(["get", "put", "post", "delete", "options", "head", "patch", "trace"]);

const isMethod = (key: string) => HTTP_METHODS.includes(key);

/**
 * An operation's extensions, of which two decide whether it is safe to send: `x-idempotent: true`
 * on a POST that only reads, and `x-side-effect`, saying why a call has an effect its method does
 * not show.
 */
export type SafetyMarks = { readonly [mark: `x-${string}`]: unknown };

/** One operation met by `operationsOf`. */
export interface OperationEntry<Operation, PathItem> {
  /** "GET", "POST", … */
  readonly method: string;
  /** The path template, e.g. "/projects/{project_id}". */
  readonly path: string;
  readonly operation: Operation;
  readonly pathItem: PathItem;
}

// The nodes of a document as this module walks them: JSON read as it comes, each key looked up
// where the walk needs it (the callers name the shapes they expect).
type Node = any;

// What HTTP promises of a method, named as it is sent (in capitals): a safe one only asks; an
// idempotent one, sent twice, does what it does once. TRACE, which no operation of the contract
// uses, is given neither, so nothing is retried or called by verify on a method the client is
// never tested with. (Marked pure so that the client's bundle, which needs only the idempotent
// ones for its retry default, leaves the rest of this module out.)
const SAFE_METHODS = /* @__PURE__ */ new Set(["GET", "HEAD", "OPTIONS"]);
/** Methods HTTP defines as idempotent; a POST is safe to repeat only when the spec marks it `x-idempotent`. */
export const IDEMPOTENT_METHODS: ReadonlySet<string> = /* @__PURE__ */ new Set(["GET", "HEAD", "OPTIONS", "PUT", "DELETE"]);

/**
 * Whether an operation only reads, by its method (in capitals, as sent) and marks: a safe method, or a POST the spec
 * marks `x-idempotent: true` (a search or a count whose body carries nothing but the query).
 * `x-side-effect` (why a call has an effect its method does not show: an email sent, a reset link
 * issued) is left to each reader: the client never repeats such a call, and verify reports it as
 * skipped.
 */
export function readsOnly(method: string, marks: SafetyMarks): boolean {
  return SAFE_METHODS.has(method) || (method === "POST" && marks["x-idempotent"] === true);
}

/** Whether the client may send a call again after an attempt failed: never with a side effect. */
export function safeToRepeat(method: string, marks: SafetyMarks): boolean {
  return marks["x-side-effect"] === undefined && (IDEMPOTENT_METHODS.has(method) || readsOnly(method, marks));
}

/**
 * Every operation of `document`, in document order, as `{ method, path, operation, pathItem }`
 * with the method in capitals ("GET"). A path item that is a `$ref` is followed. The caller names
 * the shapes it reads operations and path items as; nothing checks them.
 */
export function* operationsOf<Operation = Record<string, unknown>, PathItem = Record<string, unknown>>(document: {
  readonly paths?: Readonly<Record<string, unknown>>;
}): Generator<OperationEntry<Operation, PathItem>, void, undefined> {
  for (const [path, item] of Object.entries(document.paths ?? {})) {
    const pathItem = resolveRef<PathItem>(document, item, `#/paths/${pointerSegment(path)}`);
    for (const [key, operation] of Object.entries<Operation>(pathItem ?? {})) {
      if (isMethod(key)) yield { method: key.toUpperCase(), path, operation, pathItem };
    }
  }
}

/**
 * The parameters that apply to an operation met by `operationsOf`: those its path item shares,
 * then its own, where one of its own replaces a shared one of the same name and location (as
 * OpenAPI has it). Each comes with its `$ref` followed and the pointer it lives at.
 */
export function parametersOf<Parameter = Record<string, unknown>>(
  document: Node,
  { method, path, operation, pathItem }: { readonly method: string; readonly path: string; readonly operation: { readonly parameters?: readonly unknown[] }; readonly pathItem: { readonly parameters?: readonly unknown[] } | undefined },
): { parameter: Parameter; pointer: string }[] {
  const at = followRefs(document, document.paths?.[path] ?? pathItem, `#/paths/${pointerSegment(path)}`).pointer;
  const shared = (pathItem?.parameters ?? []).map((entry, index) => followRefs(document, entry, `${at}/parameters/${index}`));
  const own = (operation.parameters ?? []).map((entry, index) => followRefs(document, entry, `${at}/${method.toLowerCase()}/parameters/${index}`));
  const slot = ({ node }: { node: Node }) => `${node.in}\u0000${node.name}`;
  const replaced = new Set(own.map(slot));
  return [...shared.filter((entry) => !replaced.has(slot(entry))), ...own].map(({ node, pointer }) => ({ parameter: node as Parameter, pointer }));
}

/** One key written as a JSON pointer segment (RFC 6901): `~` and `/` escaped. */
export function pointerSegment(key: string): string {
  return key.replace(/~/g, "~0").replace(/\//g, "~1");
}

/** The key a JSON pointer segment stands for (RFC 6901). */
export function pointerKey(segment: string): string {
  return segment.replace(/~1/g, "/").replace(/~0/g, "~");
}

/**
 * The value at a local pointer ("#/components/schemas/Name", or "#" for the whole), or undefined
 * where it leads nowhere. Lenient on purpose: it also looks up places in data, where a missing
 * value is an answer; `followRefs` is the strict way to follow a reference.
 */
export function resolvePointer(document: unknown, pointer: string): unknown {
  if (!pointer.startsWith("#")) return undefined;
  let node: Node = document;
  for (const segment of pointer.slice(1).split("/").slice(1)) {
    if (node === null || typeof node !== "object") return undefined;
    node = node[pointerKey(segment)];
  }
  return node;
}

// More hops than any real document chains; past it the references go round in a loop.
const MOST_HOPS = 32;

/**
 * Follows the chain of `$ref`s that starts at `node` (found at `pointer`) to the first node that
 * is not a reference, and says where that node lives. Siblings of a `$ref` are not merged. A
 * reference that is not local, leads nowhere or loops is an error naming it: a contract with one
 * is broken, and an undefined passed on would only fail later, further from the cause.
 */
export function followRefs(document: unknown, node: unknown, pointer = "#"): { node: unknown; pointer: string } {
  let current: Node = node;
  let at = pointer;
  for (let hops = 0; isReference(current); hops++) {
    const ref = current.$ref;
    if (hops === MOST_HOPS) throw new Error(`the $ref at ${pointer} goes round in a loop (${ref} after ${MOST_HOPS} hops)`);
    if (!ref.startsWith("#")) throw new Error(`the $ref at ${at} is ${ref}: only local references ("#/…") are supported`);
    const target = resolvePointer(document, ref);
    if (target === undefined) throw new Error(`the $ref at ${at} points at ${ref}, which the document does not hold`);
    current = target;
    at = ref;
  }
  return { node: current, pointer: at };
}

/** `node` with its chain of `$ref`s followed (see `followRefs`). */
export function resolveRef<T = unknown>(document: unknown, node: unknown, pointer = "#"): T {
  return followRefs(document, node, pointer).node as T;
}

function isReference(node: Node): node is { $ref: string } {
  return node !== null && typeof node === "object" && typeof node.$ref === "string";
}
