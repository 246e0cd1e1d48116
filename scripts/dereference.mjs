// Writes the dereferenced 3.1 edition, generated/openapi.dereferenced.json, for tools that cannot
// follow $ref: every local reference is replaced by a copy of what it points to, except references
// to recursive schemas (a workflow step holds steps, a span holds spans), which no finite document
// can inline. Those stay `$ref: "#/components/schemas/<Name>"`, and their targets stay in
// components (themselves dereferenced the same way), so the edition is still self-contained.
import { readFileSync, renameSync, writeFileSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { resolveRef } from "../src/contract/openapi-document.js";
import { outDirFromArgs } from "./lib/paths.mjs";

const SCHEMA_PREFIX = "#/components/schemas/";

/** Names of schemas that reach themselves through $refs (members of a reference cycle). */
export function recursiveSchemas(document) {
  const schemas = document.components?.schemas ?? {};
  const edges = new Map(Object.keys(schemas).map((name) => [name, new Set()]));
  for (const [name, schema] of Object.entries(schemas)) collectSchemaRefs(schema, edges.get(name));
  const recursive = new Set();
  for (const start of edges.keys()) {
    // Depth-first search from start's neighbours; start is recursive if it comes back to itself.
    const stack = [...edges.get(start)];
    const seen = new Set();
    while (stack.length > 0) {
      const name = stack.pop();
      if (name === start) {
        recursive.add(start);
        break;
      }
      if (seen.has(name)) continue;
      seen.add(name);
      stack.push(...(edges.get(name) ?? []));
    }
  }
  return recursive;
}

function collectSchemaRefs(value, into) {
  if (Array.isArray(value)) return value.forEach((item) => collectSchemaRefs(item, into));
  if (!value || typeof value !== "object") return;
  if (typeof value.$ref === "string" && value.$ref.startsWith(SCHEMA_PREFIX)) into.add(value.$ref.slice(SCHEMA_PREFIX.length));
  for (const [key, child] of Object.entries(value)) if (key !== "example" && key !== "examples") collectSchemaRefs(child, into);
}

export function dereference(document) {
  const keep = recursiveSchemas(document);
  const inline = (value, trail) => {
    if (Array.isArray(value)) return value.map((item) => inline(item, trail));
    if (!value || typeof value !== "object") return value;
    if (typeof value.$ref === "string") {
      const { $ref, ...siblings } = value;
      const name = $ref.startsWith(SCHEMA_PREFIX) ? $ref.slice(SCHEMA_PREFIX.length) : undefined;
      if (name !== undefined && keep.has(name)) return { $ref, ...inline(siblings, trail) };
      if (trail.includes($ref)) throw new Error(`dereference: unexpected cycle through ${$ref}`);
      // In 3.1 a $ref's siblings apply together with the target; here they are only annotations
      // and defaults (description, default), so the sibling wins over the target's own value.
      return { ...inline(resolveRef(document, { $ref }), [...trail, $ref]), ...inline(siblings, trail) };
    }
    return Object.fromEntries(Object.entries(value).map(([key, child]) => [key, inline(child, trail)]));
  };
  const result = inline(document, []);
  // Only the recursive schemas are still referred to; the rest would be dead weight.
  result.components.schemas = Object.fromEntries(Object.entries(result.components.schemas).filter(([name]) => keep.has(name)));
  for (const section of ["responses", "headers", "parameters", "examples", "requestBodies"]) delete result.components[section];
  return result;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const outDir = outDirFromArgs();
  const source = JSON.parse(readFileSync(path.join(outDir, "openapi.json"), "utf8"));
  const edition = dereference(source);
  // Written beside and renamed into place: the edition is rebuilt on demand (packing, tests) while
  // other processes may be reading it, and 18 MB is not written in one go.
  const target = path.join(outDir, "openapi.dereferenced.json");
  const partial = `${target}.${process.pid}.partial`;
  writeFileSync(partial, JSON.stringify(edition, null, 2) + "\n");
  renameSync(partial, target);
  const kept = Object.keys(edition.components.schemas);
  console.log(`dereference: ${kept.length} recursive schema(s) keep their $ref (${kept.join(", ")}) → ${path.relative(process.cwd(), outDir) || "."}/openapi.dereferenced.json`);
}
