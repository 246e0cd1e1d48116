// Writes the OpenAPI 3.0.3 edition of the bundle, for generators that do not read 3.1 yet:
// generated/openapi-3.0.{json,yaml}. @apiture/openapi-down-convert does the standard rewrites
// (const → one-value enum, ["T", "null"] → nullable, examples → example, contentMediaType →
// format: binary, $ref siblings → allOf, licence identifier dropped); this script adds the ones it
// leaves out (anyOf/oneOf with a { type: "null" } member, info.summary, propertyNames kept as
// x-propertyNames) and then refuses to write an edition that still holds a 3.1-only construct.
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { Converter } from "@apiture/openapi-down-convert";
import { stringify } from "yaml";
import { hashBanner } from "./lib/banner.mjs";
import { resolvePointer, resolveRef } from "../src/contract/openapi-document.js";
import { walkObjects } from "./lib/walk-objects.mjs";
import { outDirFromArgs } from "./lib/paths.mjs";

/** The whole conversion; exported shape for the tests is the written file, not this function. */
function convertTo30(document) {
  const prepared = structuredClone(document);
  rewriteNullUnions(prepared);
  // 3.0 has no `propertyNames` (the converter drops it): keep what a map's keys are, UUIDs say, as
  // an extension a reader (and the description rule) still finds.
  walkObjects(prepared, (node, pointer) => {
    if (Object.hasOwn(node, "propertyNames") && !pointer.endsWith("/properties")) {
      node["x-propertyNames"] = node.propertyNames;
      delete node.propertyNames;
    }
  });
  // OpenAPI 3.0's Info object has no `summary`; the description already says more.
  if (prepared.info) delete prepared.info.summary;
  // allOfTransform keeps a $ref's siblings (here `default`) as `allOf: [$ref]` + siblings instead of
  // dropping them, which 3.0 would otherwise ignore next to a $ref.
  const converter = new Converter(prepared, { allOfTransform: true, verbose: false });
  const converted = converter.convert();
  // The converter only rewrites truthy `const`s; catch any falsy one it left (false, 0, "", null).
  walkObjects(converted, (node, pointer) => {
    if (Object.hasOwn(node, "const") && !pointer.endsWith("/properties")) {
      node.enum = [node.const];
      delete node.const;
    }
  });
  typeNullables(converted);
  return converted;
}

/**
 * 3.0 reads `nullable` only next to a `type` (both linters reject it elsewhere). For `allOf: [$ref]`
 * the type is the referenced schema's; for a union whose members share one type (or are integer
 * and number), that type, plus a null member. A mixed union (say string or object or null) has no single type: there
 * `nullable` moves onto a member with an inline type, which is 3.0.3's own reading (`nullable`
 * acts inside one schema object). kin-openapi reads it differently; see the README.
 */
function typeNullables(document) {
  walkObjects(document, (node, pointer) => {
    if (pointer.endsWith("/properties") || node.nullable !== true || node.type !== undefined) return;
    const members = node.allOf ?? node.anyOf ?? node.oneOf;
    if (!Array.isArray(members)) return;
    const types = new Set(members.map((member) => typeOf(document, member)));
    if (types.size === 2 && types.has("integer") && types.has("number")) types.delete("integer");
    // A nullable reference to a union (a tagged union of objects, say) cannot take null through
    // `nullable` beside the reference: validators still apply the union to null and refuse it.
    const toUnion = node.allOf?.length === 1 && isUnion(resolveRef(document, node.allOf[0]));
    if (types.size === 1 && !types.has(undefined) && !toUnion) {
      node.type = [...types][0];
      // A union also needs a member that takes null, or validators that apply anyOf/oneOf to null
      // (Spectral, ajv) reject it: 3.0.3's way to write "null" is a nullable schema of enum [null].
      if (!node.allOf) members.push({ type: node.type, nullable: true, enum: [null] });
      return;
    }
    if (node.allOf) {
      // A nullable reference to a union (of mixed types, such as a cell that is a string, number
      // or object, or of objects): 3.0 can only say "or null" as one more member of a union.
      if (node.allOf.length !== 1) throw new Error(`convert-3.0: ${pointer}: nullable allOf whose members have no single type (${[...types].join(", ")})`);
      node.anyOf = [node.allOf[0], { type: "object", nullable: true, enum: [null] }];
      delete node.allOf;
      delete node.nullable;
      return;
    }
    const inline = members.find((member) => typeof member.$ref !== "string" && typeof member.type === "string");
    if (inline) inline.nullable = true;
    else members.push({ type: [...types].find(Boolean) ?? "object", nullable: true, enum: [null] });
    delete node.nullable;
  });
}

/** The `type` a schema (or the chain of $refs it starts) declares, if any. */
function typeOf(document, schema, seen = new Set()) {
  if (typeof schema?.$ref === "string") {
    if (seen.has(schema.$ref) || !schema.$ref.startsWith("#/")) return undefined;
    seen.add(schema.$ref);
    return typeOf(document, resolvePointer(document, schema.$ref), seen);
  }
  if (typeof schema?.type === "string") return schema.type;
  if (Array.isArray(schema?.allOf) && schema.allOf.length === 1) return typeOf(document, schema.allOf[0], seen);
  // A named union whose members all declare one type (a tagged union of objects) has that type.
  const members = schema?.oneOf ?? schema?.anyOf;
  if (Array.isArray(members) && members.length > 0) {
    const types = new Set(members.map((member) => typeOf(document, member, new Set(seen))));
    if (types.size === 1) return [...types][0];
  }
  return undefined;
}

/**
 * 3.1 writes "X or null" as anyOf/oneOf with a { type: "null" } member; 3.0 has no null type and
 * writes it as `nullable: true`. One remaining member is inlined (or wrapped in allOf when it is a
 * $ref, so its siblings survive); several stay an anyOf/oneOf with `nullable: true`.
 */
function rewriteNullUnions(document) {
  walkObjects(document, (node, pointer) => {
    if (pointer.endsWith("/properties")) return;
    for (const keyword of ["anyOf", "oneOf"]) {
      const members = node[keyword];
      if (!Array.isArray(members) || !members.some(isNullType)) continue;
      const rest = members.filter((member) => !isNullType(member));
      delete node[keyword];
      node.nullable = true;
      if (rest.length === 0) continue;
      if (rest.length > 1) {
        node[keyword] = rest;
        continue;
      }
      const [only] = rest;
      if (typeof only.$ref === "string" || Object.keys(only).some((key) => Object.hasOwn(node, key))) {
        node.allOf = [...(node.allOf ?? []), only];
      } else {
        Object.assign(node, only);
      }
    }
  });
}

function isUnion(schema) {
  return Array.isArray(schema?.oneOf) || Array.isArray(schema?.anyOf);
}

function isNullType(schema) {
  return schema && typeof schema === "object" && schema.type === "null" && Object.keys(schema).every((key) => key === "type" || key === "description" || key === "title");
}

/** Lists what a 3.0 reader would reject, with its JSON pointer. */
function find31Constructs(document) {
  const found = [];
  walkObjects(document, (node, pointer) => {
    if (Array.isArray(node.type)) found.push(`${pointer}: type array ${JSON.stringify(node.type)}`);
    if (node.type === "null") found.push(`${pointer}: type "null"`);
    for (const key of ["const", "$defs", "prefixItems", "unevaluatedProperties", "contentMediaType", "contentEncoding", "$schema", "$id", "$anchor", "$dynamicRef", "dependentRequired", "dependentSchemas", "if", "then", "else"]) {
      if (Object.hasOwn(node, key) && !pointer.endsWith("/properties")) found.push(`${pointer}: ${key}`);
    }
    for (const key of ["exclusiveMinimum", "exclusiveMaximum"]) {
      if (typeof node[key] === "number") found.push(`${pointer}: numeric ${key}`);
    }
    if (typeof node.$ref === "string" && Object.keys(node).length > 1) found.push(`${pointer}: $ref with siblings`);
  });
  if (document.webhooks) found.push("/webhooks");
  if (document.info?.summary !== undefined) found.push("/info/summary");
  if (document.info?.license?.identifier !== undefined) found.push("/info/license/identifier");
  return found;
}

const outDir = outDirFromArgs();
const source = JSON.parse(readFileSync(path.join(outDir, "openapi.json"), "utf8"));

const edition = convertTo30(source);
const leftovers = find31Constructs(edition);
if (leftovers.length > 0) {
  console.error(`convert-3.0: ${leftovers.length} construct(s) have no 3.0 form yet; teach scripts/convert-3.0.mjs to rewrite them:\n- ${leftovers.slice(0, 20).join("\n- ")}`);
  process.exit(1);
}
writeFileSync(path.join(outDir, "openapi-3.0.yaml"), hashBanner + stringify(edition, { lineWidth: 0, aliasDuplicateObjects: false }));
writeFileSync(path.join(outDir, "openapi-3.0.json"), JSON.stringify(edition, null, 2) + "\n");
console.log(`convert-3.0: OpenAPI ${edition.openapi} edition → ${path.relative(process.cwd(), outDir) || "."}/openapi-3.0.{yaml,json}`);
