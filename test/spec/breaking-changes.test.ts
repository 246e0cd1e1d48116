// Table tests for the breaking-change rules (scripts/lib/breaking.mjs): each rule fires on the
// change it names, in the direction that breaks, and stays quiet on the mirror-image change that
// does not (widening a request, narrowing a response, adding optional things).
import { describe, expect, it } from "vitest";
import { RULES, allowsBreaking, findBreakingChanges, nextBreakingVersion } from "../../scripts/lib/breaking.mjs";

type Doc = Record<string, any>;
type Finding = { rule: string; severity: string; operation: string; where: string; message: string };

/** A small 3.1 document: one read and one write operation, shared schemas by $ref. */
function base(): Doc {
  return {
    openapi: "3.1.0",
    info: { title: "t", version: "1" },
    security: [{ ApiKeyHeader: [] }, { HttpBasic: [] }],
    paths: {
      "/things/{thing_id}": {
        get: {
          operationId: "getThing",
          parameters: [
            { name: "thing_id", in: "path", required: true, schema: { type: "string", format: "uuid" } },
            { name: "limit", in: "query", required: false, schema: { type: "integer", minimum: 1, maximum: 100 } },
          ],
          responses: {
            "200": { description: "ok", content: { "application/json": { schema: { $ref: "#/components/schemas/Thing" } } } },
            "404": { description: "missing" },
          },
        },
      },
      "/things": {
        post: {
          operationId: "createThing",
          requestBody: { required: true, content: { "application/json": { schema: { $ref: "#/components/schemas/ThingInput" } } } },
          responses: { "200": { description: "ok", content: { "application/json": { schema: { $ref: "#/components/schemas/Thing" } } } } },
        },
      },
      "/things/search": {
        post: {
          operationId: "searchThings",
          "x-idempotent": true,
          requestBody: { required: false, content: { "application/json": { schema: { type: "object", properties: { q: { type: "string" } } } } } },
          responses: { "200": { description: "ok", content: { "application/json": { schema: { type: "array", items: { $ref: "#/components/schemas/Thing" } } } } } },
        },
      },
      "/v1/healthcheck": { get: { operationId: "healthcheck", security: [], responses: { "200": { description: "ok" } } } },
    },
    components: {
      schemas: {
        Thing: {
          type: "object",
          required: ["id", "kind", "name"],
          properties: {
            id: { type: "string" },
            kind: { type: "string", enum: ["a", "b"] },
            name: { type: "string", maxLength: 50 },
            note: { anyOf: [{ type: "string" }, { type: "null" }] },
            parent: { anyOf: [{ $ref: "#/components/schemas/Thing" }, { type: "null" }] },
            tags: { type: "array", items: { type: "string" } },
            pet: { $ref: "#/components/schemas/PetOut" },
            pets: { type: "array", items: { oneOf: [{ $ref: "#/components/schemas/Cat" }, { $ref: "#/components/schemas/Dog" }] } },
          },
        },
        ThingInput: {
          type: "object",
          required: ["name"],
          properties: {
            name: { type: "string", maxLength: 50 },
            kind: { type: "string", enum: ["a", "b"], default: "a" },
            size: { type: ["number", "null"] },
            description: { type: "string" },
            pet: { $ref: "#/components/schemas/PetIn" },
            pets: { type: "array", items: { oneOf: [{ $ref: "#/components/schemas/Cat" }, { $ref: "#/components/schemas/Dog" }] } },
          },
        },
        // Tagged unions: `pet` tagged by `kind` in requests (PetIn) and answers (PetOut), `pets`
        // of the same members untagged.
        PetIn: tagged(),
        PetOut: tagged(),
        Cat: { type: "object", required: ["kind"], properties: { kind: { type: "string", const: "cat" }, lives: { type: "integer" } } },
        Dog: { type: "object", required: ["kind"], properties: { kind: { type: "string", const: "dog" }, barks: { type: "boolean" } } },
      },
    },
  };
}

/** A union of Cat and Dog told apart by `kind`. */
function tagged(): Doc {
  return {
    oneOf: [{ $ref: "#/components/schemas/Cat" }, { $ref: "#/components/schemas/Dog" }],
    discriminator: { propertyName: "kind", mapping: { cat: "#/components/schemas/Cat", dog: "#/components/schemas/Dog" } },
  };
}

type Row = [name: string, change: (d: Doc) => void, expected: { rule: string; where?: string } | null];
const thing = (d: Doc) => d.components.schemas.Thing;
const input = (d: Doc) => d.components.schemas.ThingInput;
const getThing = (d: Doc) => d.paths["/things/{thing_id}"].get;
const createThing = (d: Doc) => d.paths["/things"].post;
const petIn = (d: Doc) => d.components.schemas.PetIn;
const petOut = (d: Doc) => d.components.schemas.PetOut;

const rows: Row[] = [
  // operations
  ["operation removed", (d) => delete d.paths["/things"], { rule: "operation-removed" }],
  ["operation moved to another path", (d) => { d.paths["/items"] = d.paths["/things"]; delete d.paths["/things"]; }, { rule: "operation-removed" }],
  ["operation added", (d) => (d.paths["/others"] = { get: { operationId: "listOthers", responses: { "200": { description: "ok" } } } }), null],
  ["operationId renamed", (d) => (getThing(d).operationId = "fetchThing"), { rule: "operation-id-changed" }],
  ["summary and description reworded", (d) => Object.assign(getThing(d), { summary: "x", description: "y" }), null],
  ["path parameter renamed", (d) => {
    const item = d.paths["/things/{thing_id}"];
    item.get.parameters[0].name = "id";
    d.paths["/things/{id}"] = item;
    delete d.paths["/things/{thing_id}"];
  }, { rule: "path-parameter-renamed" }],
  // security
  ["a scheme dropped", (d) => (getThing(d).security = [{ ApiKeyHeader: [] }]), { rule: "security-narrowed" }],
  ["an unauthenticated operation now needs credentials", (d) => (d.paths["/v1/healthcheck"].get.security = [{ ApiKeyHeader: [] }]), { rule: "security-narrowed" }],
  ["a scheme added", (d) => (getThing(d).security = [{ ApiKeyHeader: [] }, { HttpBasic: [] }, { JwtBearer: [] }]), null],
  // parameters
  ["new required parameter", (d) => getThing(d).parameters.push({ name: "region", in: "query", required: true, schema: { type: "string" } }), { rule: "parameter-added-required" }],
  ["new optional parameter", (d) => getThing(d).parameters.push({ name: "region", in: "query", schema: { type: "string" } }), null],
  ["optional parameter becomes required", (d) => (getThing(d).parameters[1].required = true), { rule: "parameter-became-required" }],
  ["parameter removed (warning)", (d) => getThing(d).parameters.splice(1, 1), { rule: "parameter-removed" }],
  ["parameter type narrowed (number limit lowered)", (d) => (getThing(d).parameters[1].schema.maximum = 50), { rule: "request-type-narrowed", where: "query parameter limit" }],
  ["parameter limit raised (widened request)", (d) => (getThing(d).parameters[1].schema.maximum = 500), null],
  ["parameter integer → number (widened request)", (d) => (getThing(d).parameters[1].schema.type = "number"), null],
  ["request number → integer", (d) => (input(d).properties.size = { type: ["integer", "null"] }), { rule: "request-type-narrowed", where: "request body application/json.size" }],
  ["parameter format added", (d) => (getThing(d).parameters[1].schema = { type: "integer", minimum: 1, maximum: 100, format: "int32" }), { rule: "request-type-narrowed" }],
  ["parameter uuid4 for uuid (the same strings)", (d) => (d.paths["/things/{thing_id}"].get.parameters[0].schema = { type: "string", format: "uuid4" }), null],
  ["parameter default stated", (d) => (getThing(d).parameters[1].schema.default = 20), null],
  ["request field default changed", (d) => (input(d).properties.kind.default = "b"), { rule: "request-default-changed", where: "request body application/json.kind" }],
  ["request field default removed", (d) => { delete input(d).properties.kind.default; }, { rule: "request-default-removed", where: "request body application/json.kind" }],
  // request bodies
  ["request body added as required", (d) => (getThing(d).requestBody = { required: true, content: { "application/json": { schema: { type: "object" } } } }), { rule: "request-body-added-required" }],
  ["request body added as optional", (d) => (getThing(d).requestBody = { content: { "application/json": { schema: { type: "object" } } } }), null],
  ["request body becomes optional", (d) => { createThing(d).requestBody.required = false; }, null],
  ["request body becomes required", (d) => { d.paths["/things/search"].post.requestBody.required = true; }, { rule: "request-body-became-required" }],
  ["response change inside an array of items", (d) => (thing(d).properties.kind.enum = ["a", "b", "z"]), { rule: "response-enum-value-added", where: "response 200 application/json[].kind" }],
  ["request media type removed", (d) => {
    const body = createThing(d).requestBody;
    body.content = { "multipart/form-data": body.content["application/json"] };
  }, { rule: "request-media-type-removed" }],
  ["new required request field", (d) => { input(d).required.push("owner"); input(d).properties.owner = { type: "string" }; }, { rule: "request-field-added-required", where: "request body application/json.owner" }],
  ["optional request field becomes required", (d) => input(d).required.push("kind"), { rule: "request-field-became-required", where: "request body application/json.kind" }],
  ["new optional request field", (d) => (input(d).properties.owner = { type: "string" }), null],
  ["request field removed (warning)", (d) => delete input(d).properties.description, { rule: "request-field-removed" }],
  ["request field type narrowed", (d) => (input(d).properties.size = { type: "number" }), { rule: "request-type-narrowed", where: "request body application/json.size" }],
  ["request field type widened", (d) => (input(d).properties.name = { type: ["string", "null"], maxLength: 50 }), null],
  ["request string limit lowered", (d) => (input(d).properties.name.maxLength = 20), { rule: "request-type-narrowed" }],
  ["request pattern added", (d) => (input(d).properties.description.pattern = "^[a-z]+$"), { rule: "request-type-narrowed" }],
  ["request enum value removed", (d) => (input(d).properties.kind.enum = ["a"]), { rule: "request-enum-value-removed", where: "request body application/json.kind" }],
  ["request enum value added", (d) => (input(d).properties.kind.enum = ["a", "b", "c"]), null],
  ["request field becomes an enum", (d) => (input(d).properties.description.enum = ["x", "y"]), { rule: "request-type-narrowed" }],
  ["request additional properties forbidden", (d) => (input(d).additionalProperties = false), { rule: "request-type-narrowed" }],
  // tagged unions: the tag the service reads to choose the member
  ["request union gains a discriminator", (d) => (input(d).properties.pets.items.discriminator = tagged().discriminator), { rule: "request-discriminator-added", where: "request body application/json.pets[]" }],
  ["request union loses its discriminator", (d) => { delete petIn(d).discriminator; }, null],
  ["request union told apart by another property", (d) => (petIn(d).discriminator.propertyName = "species"), { rule: "request-discriminator-changed", where: "request body application/json.pet" }],
  ["request union's tag names another member", (d) => (petIn(d).discriminator.mapping.cat = "#/components/schemas/Dog"), { rule: "request-tag-retargeted", where: "request body application/json.pet" }],
  // responses
  ["success response removed", (d) => delete getThing(d).responses["200"], { rule: "response-removed" }],
  ["error response removed", (d) => delete getThing(d).responses["404"], null],
  ["response media type removed", (d) => (getThing(d).responses["200"].content = { "text/csv": { schema: { type: "string" } } }), { rule: "response-media-type-removed" }],
  ["response field removed", (d) => delete thing(d).properties.tags, { rule: "response-field-removed" }],
  ["response field added", (d) => (thing(d).properties.colour = { type: "string" }), null],
  ["response field becomes optional", (d) => (thing(d).required = ["id", "kind"]), { rule: "response-field-became-optional" }],
  ["response field becomes required", (d) => thing(d).required.push("tags"), null],
  ["response field becomes nullable", (d) => (thing(d).properties.id = { type: ["string", "null"] }), { rule: "response-type-widened" }],
  ["response field loses null", (d) => (thing(d).properties.note = { type: "string" }), null],
  ["response type changed", (d) => (thing(d).properties.tags.items = { type: "integer" }), { rule: "response-type-widened", where: "response 200 application/json.tags[]" }],
  ["response limit raised", (d) => (thing(d).properties.name.maxLength = 80), { rule: "response-type-widened" }],
  ["response limit lowered", (d) => (thing(d).properties.name.maxLength = 10), null],
  ["response enum value added (warning)", (d) => (thing(d).properties.kind.enum = ["a", "b", "c"]), { rule: "response-enum-value-added" }],
  ["response enum value removed", (d) => (thing(d).properties.kind.enum = ["a"]), null],
  ["response union gains a discriminator", (d) => (thing(d).properties.pets.items.discriminator = tagged().discriminator), null],
  ["response union loses its discriminator", (d) => { delete petOut(d).discriminator; }, { rule: "response-discriminator-removed", where: "response 200 application/json.pet" }],
  ["response union told apart by another property", (d) => (petOut(d).discriminator.propertyName = "species"), { rule: "response-discriminator-changed", where: "response 200 application/json.pet" }],
  ["response union's tag names another member", (d) => (petOut(d).discriminator.mapping.cat = "#/components/schemas/Dog"), { rule: "response-tag-retargeted", where: "response 200 application/json.pet" }],
  ["change deep inside a recursive schema", (d) => {
    d.components.schemas.Thing = structuredClone(thing(d));
    thing(d).properties.parent = { anyOf: [{ $ref: "#/components/schemas/Thing" }, { type: "null" }] };
    delete thing(d).properties.note;
  }, { rule: "response-field-removed" }],
];

describe("breaking-change rules", () => {
  it.each(rows)("%s", (_name, change, expected) => {
    const before = base();
    const after = base();
    change(after);
    const findings: Finding[] = findBreakingChanges(before, after);
    if (expected === null) {
      expect(findings).toEqual([]);
    } else {
      expect(findings.map((f) => f.rule)).toContain(expected.rule);
      // Only the rule the row names (a change is reported once per place it shows).
      expect(new Set(findings.map((f) => f.rule))).toEqual(new Set([expected.rule]));
      if (expected.where) expect(findings.filter((f) => f.rule === expected.rule).map((f) => f.where)).toContain(expected.where);
    }
  });

  it("every rule has a row that triggers it", () => {
    const covered = new Set(rows.filter(([, , e]) => e).map(([, , e]) => e!.rule));
    expect(Object.keys(RULES).filter((rule) => !covered.has(rule))).toEqual([]);
  });

  it("warnings are only the soft rules: what a server may ignore, a new enum value, a changed default", () => {
    const soft = rows.filter(([, , e]) => e).map(([, change, e]) => {
      const after = base();
      change(after);
      return findBreakingChanges(base(), after).find((f: Finding) => f.rule === e!.rule)!;
    });
    expect([...new Set(soft.filter((f) => f.severity === "warning").map((f) => f.rule))].sort()).toEqual(
      ["parameter-removed", "request-default-changed", "request-default-removed", "request-field-removed", "response-enum-value-added"],
    );
  });

  it("reports a moved operation with its new place", () => {
    const after = base();
    after.paths["/items"] = after.paths["/things"];
    delete after.paths["/things"];
    expect(findBreakingChanges(base(), after)).toEqual([
      { rule: "operation-removed", severity: "error", operation: "POST /things", where: "", message: "removed (operationId createThing is now POST /items)" },
    ]);
  });

  it("a tagged union compares each member with the member its tag names", () => {
    // Shapes nest shapes, like workflow steps; each member's tag was optional and becomes required.
    // Counting problems alone would match the old group with the new dot (fewer nested findings).
    const kinds = ["group", "dot", "line", "box"];
    const refs = kinds.map((kind) => ({ $ref: `#/components/schemas/${kind}` }));
    const shapes = (tagged: boolean): Doc => {
      const member = (kind: string, extra: Doc) => ({
        type: "object",
        required: tagged ? ["kind"] : [],
        properties: { kind: { type: "string", const: kind, default: kind }, ...extra },
      });
      const nested = tagged ? { $ref: "#/components/schemas/Shape" } : { anyOf: refs };
      return {
        Shape: tagged
          ? { oneOf: refs, discriminator: { propertyName: "kind", mapping: Object.fromEntries(kinds.map((kind, i) => [kind, refs[i]!.$ref])) } }
          : { anyOf: refs },
        group: member("group", { shapes: { type: "array", items: nested } }),
        dot: member("dot", {}),
        line: member("line", {}),
        box: member("box", {}),
      };
    };
    const before = base();
    const after = base();
    Object.assign(before.components.schemas, shapes(false));
    Object.assign(after.components.schemas, shapes(true));
    for (const doc of [before, after]) input(doc).properties.shape = { $ref: "#/components/schemas/Shape" };
    const findings: Finding[] = findBreakingChanges(before, after);
    // The union is now told apart by its tag, at each depth, and every member requires it.
    expect(new Set(findings.map((f) => f.rule))).toEqual(new Set(["request-field-became-required", "request-discriminator-added"]));
    const required = findings.filter((f) => f.rule === "request-field-became-required");
    for (const finding of required) expect(finding.where).toMatch(/^request body application\/json\.shape(\.shapes\[\])*\.kind$/);
    expect(required.map((f) => f.where)).toContain("request body application/json.shape.kind");
    const tagged = findings.filter((f) => f.rule === "request-discriminator-added");
    for (const finding of tagged) expect(finding).toMatchObject({ message: 'now tagged by "kind"', where: expect.stringMatching(/^request body application\/json\.shape(\.shapes\[\])*$/) });
    expect(tagged.map((f) => f.where)).toContain("request body application/json.shape");
  });

  it("an identical document has no findings", () => {
    expect(findBreakingChanges(base(), base())).toEqual([]);
  });
});

describe("which versions may break", () => {
  it.each([
    ["0.1.0", "0.1.1", false],
    ["0.1.0", "0.2.0", true],
    ["0.1.0", "1.0.0", true],
    ["0.0.3", "0.0.4", true],
    ["1.4.2", "1.5.0", false],
    ["1.4.2", "2.0.0", true],
    ["1.4.2", "1.4.2", false],
  ])("%s → %s: %s", (from, to, allowed) => {
    expect(allowsBreaking(from, to)).toBe(allowed);
  });
  it.each([
    ["0.1.0", "0.2.0"],
    ["1.4.2", "2.0.0"],
    ["0.0.3", "0.0.4"],
  ])("after %s the next breaking release is %s", (from, next) => {
    expect(nextBreakingVersion(from)).toBe(next);
  });
});
