// Builds the smallest valid value for a schema of the bundle: required properties only, the first
// branch of a union, defaults and enum values where given. The contract test uses it to call
// every operation with parameters and bodies taken from the spec rather than listed by hand.
import { resolve, type Json } from "./bundle.js";

const FORMAT_SAMPLES: Record<string, string> = {
  uuid: "3fa85f64-5717-4562-b3fc-2c963f66afa6",
  "date-time": "2026-11-22T10:00:00Z",
  date: "2026-11-22",
  email: "ada@acme.example",
  uri: "https://acme.example/resource",
  url: "https://acme.example/resource",
};

export function sampleOf(schemaOrRef: unknown, depth = 0): unknown {
  if (depth > 12) throw new Error("sampleOf: schema nests deeper than 12 levels without an optional way out");
  const schema = resolve<Json>(schemaOrRef) ?? {};
  if ("default" in schema) return schema.default;
  if ("const" in schema) return schema.const;
  if (Array.isArray(schema.enum)) return schema.enum[0];
  if (Array.isArray(schema.examples) && schema.examples.length > 0) return schema.examples[0];
  for (const key of ["anyOf", "oneOf"] as const) {
    if (Array.isArray(schema[key])) {
      // A null branch is the shortest valid value; otherwise the first branch that can be built.
      const branches = schema[key] as Json[];
      if (branches.some((b) => resolve<Json>(b)?.type === "null")) return null;
      return sampleOf(branches[0], depth + 1);
    }
  }
  if (Array.isArray(schema.allOf)) return Object.assign({}, ...schema.allOf.map((part: unknown) => sampleOf(part, depth + 1)));
  const types: string[] = Array.isArray(schema.type) ? schema.type : schema.type ? [schema.type] : [];
  if (types.includes("null")) return null;
  switch (types[0]) {
    case "string":
      return sampleString(schema);
    case "integer":
      return Math.max(schema.minimum ?? 1, schema.exclusiveMinimum !== undefined ? schema.exclusiveMinimum + 1 : 1);
    case "number":
      return schema.minimum ?? 0.5;
    case "boolean":
      return true;
    case "array":
      return Array.from({ length: schema.minItems ?? 0 }, () => sampleOf(schema.items, depth + 1));
    case "object":
    case undefined: {
      const value: Json = {};
      for (const name of schema.required ?? []) value[name] = sampleOf(schema.properties?.[name] ?? {}, depth + 1);
      return value;
    }
    default:
      throw new Error(`sampleOf: no sample for type ${types[0]}`);
  }
}

function sampleString(schema: Json): string {
  if (schema.format && FORMAT_SAMPLES[schema.format]) return FORMAT_SAMPLES[schema.format]!;
  if (schema.contentMediaType) return "file contents";
  const length = Math.max(schema.minLength ?? 1, 1);
  if (schema.pattern) throw new Error(`sampleOf: write a sample for the pattern ${schema.pattern}`);
  return "x".repeat(Math.min(length, schema.maxLength ?? length));
}
