// How two OpenAPI documents name the same schema. The contract renames the service's made-up names
// and keeps the service's own in `x-service-name`; the service's framework makes up a name where it
// writes one class twice or holds two classes of one name. The diff engine matches schemas, and
// the members of a union, through these names.
import { resolveRef } from "./openapi-document.js";

type Node = any;

const SCHEMAS = "#/components/schemas/";

/** Maps each schema's service name (`x-service-name`) in either document to its name there. */
export function schemaNames(...docs: unknown[]): Map<string, string> {
  const aliases = new Map<string, string>();
  for (const doc of docs) {
    for (const [name, schema] of Object.entries<Node>((doc as Node)?.components?.schemas ?? {})) {
      const serviceName = schema?.["x-service-name"];
      if (typeof serviceName === "string" && !aliases.has(serviceName)) aliases.set(serviceName, name);
    }
  }
  return aliases;
}

/** The component name a `$ref` points at, undefined for any other reference. */
function componentName(ref: unknown): string | undefined {
  if (typeof ref !== "string" || !ref.startsWith(SCHEMAS)) return undefined;
  return ref.slice(SCHEMAS.length).replace(/~1/g, "/").replace(/~0/g, "~");
}

/** A `$ref` to a component schema, as the name both documents agree on; undefined otherwise. */
export function schemaName(ref: unknown, names: ReadonlyMap<string, string>): string | undefined {
  const name = componentName(ref);
  return name === undefined ? undefined : (names.get(name) ?? name);
}

/**
 * The class a component's name stands for. The service's framework names a schema after its class,
 * and makes up another name in two cases: `<Class>-Input` and `<Class>-Output` where it writes one
 * class twice, as requests send it and as answers return it, and `<module>__<Class>` where two
 * modules hold a class of the same name. The contract's own names go by their `x-service-name`.
 */
function classOf(doc: unknown, ref: string): string {
  const serviceName = resolveRef<Node>(doc, { $ref: ref })?.["x-service-name"];
  const name = typeof serviceName === "string" ? serviceName : componentName(ref)!;
  return name.replace(/-(Input|Output)$/, "").replace(/^(?:[a-z0-9_]+__)+(?=[A-Z])/, "");
}

/**
 * The union members that changed only their name, each inner member's name mapped to its outer
 * member: a member unmatched by name on one side and the one member unmatched by name on the other
 * of the same class (`classOf`), where each side has only that one of the class (two would be a
 * guess). Such a member is the same schema, so what changed inside it can be read rather than
 * hidden behind "member removed" and "member added".
 */
export function renamedMembers(
  innerDoc: unknown,
  outerDoc: unknown,
  names: ReadonlyMap<string, string>,
  innerMembers: readonly Node[],
  outerMembers: readonly Node[],
): Map<string, Node> {
  const named = (members: readonly Node[]) => new Map(members.flatMap((v): [string, Node][] => (v?.$ref && schemaName(v.$ref, names) !== undefined ? [[schemaName(v.$ref, names)!, v]] : [])));
  const inner = named(innerMembers);
  const outer = named(outerMembers);
  const leftByClass = (side: Map<string, Node>, other: Map<string, Node>, doc: unknown) => {
    const byClass = new Map<string, [string, Node][]>();
    for (const [name, variant] of side) {
      if (other.has(name)) continue;
      const cls = classOf(doc, variant.$ref);
      byClass.set(cls, [...(byClass.get(cls) ?? []), [name, variant]]);
    }
    return byClass;
  };
  const outerLeft = leftByClass(outer, inner, outerDoc);
  const renamed = new Map<string, Node>();
  for (const [cls, left] of leftByClass(inner, outer, innerDoc)) {
    const candidates = outerLeft.get(cls);
    if (left.length === 1 && candidates?.length === 1) renamed.set(left[0]![0], candidates[0]![1]);
  }
  return renamed;
}

/**
 * The names of a named schema's union members, through the members that are named unions
 * themselves; empty for a schema that is no union.
 */
function memberNames(doc: unknown, ref: string, names: ReadonlyMap<string, string>, seen: ReadonlySet<string> = new Set()): string[] {
  if (seen.has(ref)) return [];
  const schema = resolveRef<Node>(doc, { $ref: ref });
  const members: Node[] = Array.isArray(schema?.anyOf) ? schema.anyOf : Array.isArray(schema?.oneOf) ? schema.oneOf : [];
  return members.flatMap((member): string[] => {
    if (typeof member?.$ref !== "string") return [];
    const name = schemaName(member.$ref, names);
    return name === undefined ? [] : [name, ...memberNames(doc, member.$ref, names, new Set([...seen, ref]))];
  });
}

/**
 * Whether the schema `inner` (a `$ref` of innerDoc) was replaced by `outer` (of outerDoc) at one
 * place: another name, of another class (`classOf`: a name the framework made up for the same
 * class is a rename, not a replacement), and neither a union that lists the other as a member (a
 * schema moved into a union beside others is the same schema there, not a replacement). A
 * replaced schema is compared with its replacement field by field.
 */
export function isReplacement(innerDoc: unknown, outerDoc: unknown, names: ReadonlyMap<string, string>, inner: Node, outer: Node): boolean {
  if (typeof inner?.$ref !== "string" || typeof outer?.$ref !== "string") return false;
  const innerName = schemaName(inner.$ref, names);
  const outerName = schemaName(outer.$ref, names);
  if (innerName === undefined || outerName === undefined || innerName === outerName) return false;
  if (classOf(innerDoc, inner.$ref) === classOf(outerDoc, outer.$ref)) return false;
  return !memberNames(outerDoc, outer.$ref, names).includes(innerName) && !memberNames(innerDoc, inner.$ref, names).includes(outerName);
}
