// Writes a bundle schema in the facts' own type notation (string(uuid)|null, list[T], dict[str,T],
// Name, enum(a,b), …) so a test can compare the spec with schemas.tsv and operations.tsv cell by cell.
import { canonicalFormat } from "../../src/contract/schema-diff.js";

type Schema = Record<string, unknown>;

export interface SignatureContext {
  /** Component name in the spec → the service's own name (for renamed framework artefacts). */
  serviceNames: Map<string, string>;
  /**
   * Components the service does not have: inline enums and unions that the spec names for the
   * sake of generators. A reference to one reads as the schema it names.
   */
  ownSchemas: Map<string, unknown>;
}

export function signatureOf(schema: unknown, context: SignatureContext): string {
  if (schema === true || schema === undefined) return "any";
  const node = schema as Schema;
  if (typeof node.$ref === "string") {
    const name = node.$ref.replace("#/components/schemas/", "");
    const own = context.ownSchemas.get(name);
    if (own !== undefined) return signatureOf(own, context);
    return context.serviceNames.get(name) ?? name;
  }
  for (const key of ["anyOf", "oneOf"] as const) {
    const branches = node[key];
    if (Array.isArray(branches)) return branches.map((branch) => signatureOf(branch, context)).join("|");
  }
  if ("const" in node) return `const(${String(node.const)})`;
  if (Array.isArray(node.enum)) {
    // Order carries no meaning in an enum (and a shared named enum has one order for all users).
    const values = node.enum.filter((value) => value !== null).map(String).sort();
    return `enum(${values.join(",")})` + (node.enum.includes(null) ? "|null" : "");
  }
  const types = Array.isArray(node.type) ? (node.type as string[]) : node.type ? [node.type as string] : [];
  if (types.length === 0) return "any";
  return types.map((type) => single(type, node, context)).join("|");
}

function single(type: string, node: Schema, context: SignatureContext): string {
  switch (type) {
    case "null":
      return "null";
    case "string":
      // OpenAPI 3.1 writes 3.0's `format: binary` as a content media type.
      if (node.contentMediaType === "application/octet-stream") return "string(binary)";
      return typeof node.format === "string" ? `string(${node.format})` : "string";
    case "array":
      return `list[${signatureOf(node.items, context)}]`;
    case "object": {
      if (node.properties && typeof node.properties === "object") {
        const fields = Object.entries(node.properties as Record<string, unknown>).map(
          ([name, value]) => `${name}:${signatureOf(value, context)}`,
        );
        return `object{${fields.join(",")}}`;
      }
      const extra = node.additionalProperties;
      if (extra === undefined || extra === true) return "object";
      return `dict[str,${signatureOf(extra, context)}]`;
    }
    default:
      return type;
  }
}

/** Puts a facts cell in the same notation, formats read as the diff engine reads them (uuid4 is uuid). */
export function normaliseFactType(type: string): string {
  return type
    .replace(/string\(([^)]+)\)/g, (_, format: string) => `string(${canonicalFormat(format)})`)
    .replace(/enum\(([^)]*)\)/g, (_, values: string) => `enum(${values.split(",").sort().join(",")})`);
}
