// Compares two bundled OpenAPI 3.1 documents and lists the changes that break a client written
// against the old one. Direction-aware: a request must still accept everything it accepted
// (narrowing breaks, widening is fine); a response must stay within what it promised (widening
// breaks, narrowing is fine). Table-tested rule by rule in test/spec/breaking-changes.test.ts.
//
// Each finding: { rule, severity: "error" | "warning", operation: "METHOD /path", where, message }.
// Errors fail the check; warnings are printed (changes that break only careless clients).
import { operationsOf, resolveRef } from "../../src/openapi-document.js";

/** The rules, for documentation and the tests' coverage check. */
export const RULES = {
  "operation-removed": "an operation (method and path) is gone",
  "operation-id-changed": "an operation's operationId changed (generated clients name methods after it)",
  "path-parameter-renamed": "a path keeps its shape but a template parameter has a new name",
  "security-narrowed": "an operation accepts fewer credential schemes, or now needs one where it needed none",
  "parameter-added-required": "a new required parameter",
  "parameter-became-required": "an optional parameter became required",
  "parameter-removed": "a parameter is gone (servers may reject it; typed calls stop compiling)",
  "request-body-added-required": "a required request body where there was none",
  "request-body-became-required": "an optional request body became required",
  "request-media-type-removed": "a request content type is no longer accepted",
  "request-field-added-required": "a new required field in a request body",
  "request-field-became-required": "an optional request field became required",
  "request-field-removed": "a request field is gone",
  "request-type-narrowed": "a request value's type, format or limits accept less than before",
  "request-enum-value-removed": "a request enum no longer accepts a value",
  "response-removed": "a success response (2xx) is gone",
  "response-media-type-removed": "a success response no longer comes as a content type it did",
  "response-field-removed": "a response field is gone",
  "response-field-became-optional": "a response field that was always present may now be missing",
  "response-type-widened": "a response value may now have a type, format or range it could not have",
  "response-enum-value-added": "a response enum has a new value (clients that switch over it exhaustively must handle it)",
};

const SEVERITY = { "parameter-removed": "warning", "request-field-removed": "warning", "response-enum-value-added": "warning" };

/** @returns {{ rule: string, severity: string, operation: string, where: string, message: string }[]} */
export function findBreakingChanges(oldDoc, newDoc) {
  const findings = [];
  const report = (rule, operation, where, message) => {
    if (!(rule in RULES)) throw new Error(`unknown rule ${rule}`);
    findings.push({ rule, severity: SEVERITY[rule] ?? "error", operation, where, message });
  };
  const oldOps = operationsByShape(oldDoc);
  const newOps = operationsByShape(newDoc);
  for (const [shape, before] of oldOps) {
    const after = newOps.get(shape);
    const label = `${before.method.toUpperCase()} ${before.path}`;
    if (!after) {
      const movedTo = [...newOps.values()].find((op) => op.operation.operationId && op.operation.operationId === before.operation.operationId);
      report("operation-removed", label, "", movedTo ? `removed (operationId ${before.operation.operationId} is now ${movedTo.method.toUpperCase()} ${movedTo.path})` : "removed");
      continue;
    }
    compareOperation(oldDoc, newDoc, before, after, (rule, where, message) => report(rule, label, where, message));
  }
  return findings;
}

function operationsByShape(doc) {
  const byShape = new Map();
  for (const { method: upper, path, operation, pathItem } of operationsOf(doc)) {
    const method = upper.toLowerCase();
    // `/users/{id}` and `/users/{user_id}` are the same URL shape.
    const shape = `${method} ${path.replace(/\{[^}]+\}/g, "{}")}`;
    const parameters = [...(pathItem.parameters ?? []), ...(operation.parameters ?? [])].map((p) => deref(doc, p));
    byShape.set(shape, { method, path, operation, parameters });
  }
  return byShape;
}

function compareOperation(oldDoc, newDoc, before, after, report) {
  const a = before.operation;
  const b = after.operation;
  if (a.operationId && a.operationId !== b.operationId) {
    report("operation-id-changed", "operationId", `operationId ${a.operationId} is now ${b.operationId ?? "(none)"}`);
  }
  if (before.path !== after.path) report("path-parameter-renamed", "path", `path ${before.path} is now ${after.path}`);

  // Security: the alternatives a caller may use. Empty (or an empty requirement) means none needed.
  const schemesOf = (op, doc) => {
    const requirements = op.security ?? doc.security ?? [];
    if (requirements.length === 0 || requirements.some((r) => Object.keys(r).length === 0)) return null;
    return new Set(requirements.map((r) => Object.keys(r).sort().join("+")));
  };
  const oldSchemes = schemesOf(a, oldDoc);
  const newSchemes = schemesOf(b, newDoc);
  if (newSchemes && !oldSchemes) report("security-narrowed", "security", `now requires one of ${[...newSchemes].join(", ")}; it needed no credentials`);
  else if (newSchemes && oldSchemes) {
    const dropped = [...oldSchemes].filter((s) => !newSchemes.has(s));
    if (dropped.length > 0) report("security-narrowed", "security", `no longer accepts ${dropped.join(", ")}`);
  }

  // Parameters, matched by location and name; path parameters by position (their names may change).
  const key = (p, list) => (p.in === "path" ? `path#${list.filter((q) => q.in === "path").indexOf(p)}` : `${p.in}:${String(p.name).toLowerCase()}`);
  const oldParams = new Map(before.parameters.map((p) => [key(p, before.parameters), p]));
  const newParams = new Map(after.parameters.map((p) => [key(p, after.parameters), p]));
  for (const [k, p] of newParams) {
    const old = oldParams.get(k);
    const where = `${p.in} parameter ${p.name}`;
    if (!old) {
      if (p.required) report("parameter-added-required", where, "new required parameter");
    } else {
      if (p.required && !old.required) report("parameter-became-required", where, "was optional, now required");
      for (const problem of subsetProblems(oldDoc, old.schema, newDoc, p.schema, "request")) report(problem.rule, `${where}${problem.at}`, problem.message);
    }
  }
  for (const [k, p] of oldParams) {
    if (!newParams.has(k)) report("parameter-removed", `${p.in} parameter ${p.name}`, "removed");
  }

  // Request body.
  const oldBody = a.requestBody ? deref(oldDoc, a.requestBody) : undefined;
  const newBody = b.requestBody ? deref(newDoc, b.requestBody) : undefined;
  if (newBody) {
    if (!oldBody) {
      if (newBody.required) report("request-body-added-required", "request body", "a required body where there was none");
    } else {
      if (newBody.required && !oldBody.required) report("request-body-became-required", "request body", "was optional, now required");
      for (const [mediaType, media] of Object.entries(oldBody.content ?? {})) {
        const newMedia = newBody.content?.[mediaType];
        if (!newMedia) {
          report("request-media-type-removed", `request body ${mediaType}`, "no longer accepted");
          continue;
        }
        for (const problem of subsetProblems(oldDoc, media.schema, newDoc, newMedia.schema, "request")) {
          report(problem.rule, `request body ${mediaType}${problem.at}`, problem.message);
        }
      }
    }
  }

  // Success responses: what a client reads.
  for (const [status, rawOld] of Object.entries(a.responses ?? {})) {
    if (!/^2/.test(status)) continue;
    const rawNew = b.responses?.[status];
    if (!rawNew) {
      report("response-removed", `response ${status}`, "removed");
      continue;
    }
    const oldResponse = deref(oldDoc, rawOld);
    const newResponse = deref(newDoc, rawNew);
    for (const [mediaType, media] of Object.entries(oldResponse.content ?? {})) {
      const newMedia = newResponse.content?.[mediaType];
      if (!newMedia) {
        report("response-media-type-removed", `response ${status} ${mediaType}`, "no longer returned");
        continue;
      }
      for (const problem of subsetProblems(newDoc, newMedia.schema, oldDoc, media.schema, "response")) {
        report(problem.rule, `response ${status} ${mediaType}${problem.at}`, problem.message);
      }
    }
  }
}

/** `node` with its `$ref` followed; sibling keywords next to the `$ref` (3.1) override the target's. */
export function deref(doc, node) {
  if (!node || typeof node !== "object" || typeof node.$ref !== "string") return node;
  const { $ref, ...siblings } = node;
  return { ...resolveRef(doc, { $ref }), ...siblings };
}

/**
 * Ways a value valid for `inner` (in innerDoc) may be invalid for `outer` (in outerDoc).
 * direction "request": inner = old, outer = new. direction "response": inner = new, outer = old.
 * Named schema pairs are compared once per `cache` (recursive schemas end there).
 * @returns {{ rule: string, at: string, message: string }[]}
 */
export function subsetProblems(innerDoc, inner, outerDoc, outer, direction, at = "", cache = new Map()) {
  if (inner === undefined || outer === undefined) return [];
  if (inner?.$ref && outer?.$ref) {
    const named = `${direction}|${inner.$ref}|${outer.$ref}`;
    let relative = cache.get(named);
    if (!relative) {
      cache.set(named, []); // in progress: a cycle back to this pair adds nothing
      relative = compareSchemas(innerDoc, deref(innerDoc, inner), outerDoc, deref(outerDoc, outer), direction, "", cache);
      cache.set(named, relative);
    }
    return relative.map((problem) => ({ ...problem, at: at + problem.at }));
  }
  return compareSchemas(innerDoc, inner, outerDoc, outer, direction, at, cache);
}

function compareSchemas(innerDoc, inner, outerDoc, outer, direction, at, cache) {
  const seen = cache;
  const problems = [];
  const a = deref(innerDoc, inner);
  const b = deref(outerDoc, outer);
  const rule = (kind) => (direction === "request" ? `request-${kind === "enum" ? "enum-value-removed" : "type-narrowed"}` : `response-${kind === "enum" ? "enum-value-added" : "type-widened"}`);
  const say = (kind, message) => problems.push({ rule: rule(kind), at, message: phrase(direction, message) });

  if (isAny(b)) return problems;
  // Unions: every variant of the inner schema must fit the outer; a value fits a union when it
  // fits one of its variants (the variant that fits best is reported).
  const innerVariants = variantsOf(a);
  if (innerVariants.length > 1) {
    for (const variant of innerVariants) problems.push(...subsetProblems(innerDoc, variant, outerDoc, outer, direction, at, seen));
    return problems;
  }
  // A tagged union dispatches by its tag: a value whose tag names a member is compared with that
  // member alone (the best-fitting member by count could be another kind altogether).
  const tag = b.discriminator?.propertyName;
  const tagValues = tag && a.properties?.[tag] ? valuesOf(deref(innerDoc, a.properties[tag])) : undefined;
  const member = tagValues?.length === 1 ? b.discriminator.mapping?.[String(tagValues[0])] : undefined;
  if (member) return subsetProblems(innerDoc, inner, outerDoc, { $ref: member }, direction, at, seen);
  const outerVariants = variantsOf(b);
  if (outerVariants.length > 1) {
    let best;
    for (const variant of outerVariants) {
      const found = subsetProblems(innerDoc, inner, outerDoc, variant, direction, at, seen);
      if (found.length === 0) return problems;
      const sameType = sameTypes(typesOf(a), typesOf(deref(outerDoc, variant)));
      if (!best || (sameType && !best.sameType) || (sameType === best.sameType && found.length < best.found.length)) best = { found, sameType };
    }
    return best.found;
  }
  if (isAny(a)) {
    say("type", `any value (${describeTypes(typesOf(b))} now)`);
    return problems;
  }

  const aTypes = typesOf(a);
  const bTypes = typesOf(b);
  const missing = [...aTypes].filter((t) => !(bTypes.has(t) || (t === "integer" && bTypes.has("number"))));
  if (missing.length > 0) say("type", `type ${describeTypes(aTypes)} → ${describeTypes(bTypes)}`);

  // Enumerations (enum or const).
  const aValues = valuesOf(a);
  const bValues = valuesOf(b);
  if (bValues) {
    if (!aValues) say("type", `any ${describeTypes(aTypes)} → only ${bValues.map(show).join(", ")}`);
    else {
      const outside = aValues.filter((v) => !bValues.some((w) => JSON.stringify(w) === JSON.stringify(v)));
      if (outside.length > 0) {
        problems.push({
          rule: rule("enum"),
          at,
          message: direction === "request" ? `no longer accepts ${outside.map(show).join(", ")}` : `may now be ${outside.map(show).join(", ")}`,
        });
      }
    }
  }

  // Limits and formats, where both sides hold values of a shared type.
  const shared = (t) => aTypes.has(t) && bTypes.has(t);
  const numeric = shared("number") || shared("integer") || (aTypes.has("integer") && bTypes.has("number"));
  const lower = (name, enabled) => enabled && b[name] !== undefined && !(a[name] !== undefined && a[name] >= b[name]) && say("type", `${name} ${a[name] ?? "none"} → ${b[name]}`);
  const upper = (name, enabled) => enabled && b[name] !== undefined && !(a[name] !== undefined && a[name] <= b[name]) && say("type", `${name} ${a[name] ?? "none"} → ${b[name]}`);
  lower("minimum", numeric);
  lower("exclusiveMinimum", numeric);
  upper("maximum", numeric);
  upper("exclusiveMaximum", numeric);
  lower("minLength", shared("string"));
  upper("maxLength", shared("string"));
  lower("minItems", shared("array"));
  upper("maxItems", shared("array"));
  if (shared("string") && b.pattern !== undefined && a.pattern !== b.pattern) say("type", `pattern ${a.pattern ?? "none"} → ${b.pattern}`);
  if (b.format !== undefined && a.format !== b.format) say("type", `format ${a.format ?? "none"} → ${b.format}`);

  if (shared("array") && a.items && b.items) {
    problems.push(...subsetProblems(innerDoc, a.items, outerDoc, b.items, direction, `${at}[]`, seen));
  }

  if (shared("object")) {
    const aProps = a.properties ?? {};
    const bProps = b.properties ?? {};
    const aRequired = new Set(a.required ?? []);
    const bRequired = new Set(b.required ?? []);
    for (const name of bRequired) {
      if (aRequired.has(name)) continue;
      if (direction === "request") {
        problems.push(
          name in aProps
            ? { rule: "request-field-became-required", at: `${at}.${name}`, message: "was optional, now required" }
            : { rule: "request-field-added-required", at: `${at}.${name}`, message: "new required field" },
        );
      } else if (name in aProps) {
        problems.push({ rule: "response-field-became-optional", at: `${at}.${name}`, message: "was always present, now optional" });
      }
    }
    for (const [name, schema] of Object.entries(aProps)) {
      if (name in bProps) problems.push(...subsetProblems(innerDoc, schema, outerDoc, bProps[name], direction, `${at}.${name}`, seen));
      else if (direction === "request") problems.push({ rule: "request-field-removed", at: `${at}.${name}`, message: "removed" });
    }
    if (direction === "response") {
      for (const name of Object.keys(bProps)) {
        if (!(name in aProps)) problems.push({ rule: "response-field-removed", at: `${at}.${name}`, message: "removed" });
      }
    }
    const aExtra = a.additionalProperties;
    const bExtra = b.additionalProperties;
    if (bExtra === false && aExtra !== false) say("type", "additional properties no longer allowed");
    else if (aExtra && bExtra && typeof aExtra === "object" && typeof bExtra === "object") {
      problems.push(...subsetProblems(innerDoc, aExtra, outerDoc, bExtra, direction, `${at}{}`, seen));
    }
  }
  return problems;
}

function phrase(direction, message) {
  return direction === "request" ? `accepts less: ${message}` : `may now return more: ${message}`;
}

function isAny(schema) {
  if (schema === true || schema === undefined) return true;
  if (!schema || typeof schema !== "object") return false;
  return ![
    "type", "enum", "const", "anyOf", "oneOf", "allOf", "properties", "items", "required",
    "minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum", "minLength", "maxLength", "pattern", "format",
    "minItems", "maxItems", "additionalProperties", "not",
  ].some((k) => k in schema);
}

/** anyOf/oneOf variants, with `type: [a, b]` split into one variant per type. */
function variantsOf(schema) {
  if (!schema || typeof schema !== "object") return [schema];
  const union = schema.anyOf ?? schema.oneOf;
  if (Array.isArray(union)) {
    const { anyOf, oneOf, ...rest } = schema;
    // Keywords beside anyOf apply to every variant; only annotations are kept apart here.
    const shared = Object.fromEntries(Object.entries(rest).filter(([k]) => !["description", "title", "default", "example", "examples"].includes(k)));
    return union.map((variant) => (Object.keys(shared).length ? { ...shared, ...variant } : variant));
  }
  if (Array.isArray(schema.type) && schema.type.length > 1) return schema.type.map((type) => ({ ...schema, type }));
  return [schema];
}

function typesOf(schema) {
  if (Array.isArray(schema.type)) return new Set(schema.type);
  if (typeof schema.type === "string") return new Set([schema.type]);
  const values = valuesOf(schema);
  if (values) return new Set(values.map(jsonType));
  if (schema.properties || schema.additionalProperties !== undefined) return new Set(["object"]);
  if (schema.items) return new Set(["array"]);
  return new Set(["null", "boolean", "object", "array", "number", "string"]);
}

function valuesOf(schema) {
  if ("const" in schema) return [schema.const];
  if (Array.isArray(schema.enum)) return schema.enum;
  return undefined;
}

function jsonType(value) {
  if (value === null) return "null";
  if (Array.isArray(value)) return "array";
  if (Number.isInteger(value)) return "integer";
  return typeof value;
}

// Versions: semver, as the README's "Versioning" section applies it.
function parseVersion(v) {
  return v.split(".").map(Number);
}
export function compareVersions(x, y) {
  const [a, b] = [parseVersion(x), parseVersion(y)];
  return a[0] - b[0] || a[1] - b[1] || a[2] - b[2];
}
/** Semver: a breaking change needs a new major; while 0.x, a new minor (0.0.x: any new version). */
export function allowsBreaking(from, to) {
  const [a, b] = [parseVersion(from), parseVersion(to)];
  if (a[0] > 0) return b[0] > a[0];
  if (a[1] > 0) return b[0] > 0 || b[1] > a[1];
  return compareVersions(to, from) > 0;
}
export function nextBreakingVersion(from) {
  const [major, minor, patch] = parseVersion(from);
  if (major > 0) return `${major + 1}.0.0`;
  if (minor > 0) return `0.${minor + 1}.0`;
  return `0.0.${patch + 1}`;
}

const sameTypes = (x, y) => x.size === y.size && [...x].every((t) => y.has(t));
const describeTypes = (types) => [...types].join(" | ");
const show = (value) => JSON.stringify(value);
