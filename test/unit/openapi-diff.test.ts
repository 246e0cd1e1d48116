// The diff engine (src/contract/openapi-diff.ts) as verify's drift report reads it: every change, compatible
// ones too, with the kind the report names and the class a user of this client feels. The same
// change is breaking or compatible by the way data flows (a request must keep accepting what it
// did; a response must stay within what it promised), so each row has its mirror in the other
// direction. Also: schemas renamed through x-service-name and path parameter names are no change,
// and a change to a shared schema is one finding. The release check's reading of the same engine
// is tested in test/spec/breaking-changes.test.ts.
import { describe, expect, it } from "vitest";
import { diffDocuments } from "../../src/contract/openapi-diff.js";
import { driftOf } from "../../src/verify/drift.js";

const driftFindings = (before: unknown, after: unknown) => driftOf(before, after).findings;

type Doc = Record<string, any>;
const json = (schema: Doc) => ({ "application/json": { schema } });
const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });

/** One read and one write, a tagged union in the answer and an untagged one in the request. */
function base(): Doc {
  return {
    openapi: "3.1.0",
    info: { title: "t", version: "1" },
    paths: {
      "/things/{thing_id}": {
        get: {
          operationId: "getThing",
          parameters: [
            { name: "thing_id", in: "path", required: true, schema: { type: "string" } },
            { name: "view", in: "query", required: false, schema: { type: "string", enum: ["short", "full"] } },
            { name: "region", in: "query", required: true, schema: { type: "string" } },
          ],
          responses: { "200": { description: "ok", content: json(ref("Thing")) } },
        },
      },
      "/things": {
        post: {
          operationId: "createThing",
          requestBody: { required: true, content: json(ref("ThingInput")) },
          responses: { "201": { description: "created", content: json({ type: "object", properties: { id: { type: "string" } } }) } },
        },
      },
    },
    components: {
      schemas: {
        Thing: {
          type: "object",
          required: ["id", "kind", "shape"],
          properties: {
            id: { type: "string" },
            kind: { type: "string", enum: ["a", "b"] },
            note: { type: "string" },
            shape: ref("Shape"),
          },
        },
        Shape: { oneOf: [ref("Circle"), ref("Square")], discriminator: { propertyName: "form", mapping: { circle: "#/components/schemas/Circle", square: "#/components/schemas/Square" } } },
        Circle: { type: "object", required: ["form", "radius"], properties: { form: { const: "circle" }, radius: { type: "number" } } },
        Square: { type: "object", required: ["form", "side"], properties: { form: { const: "square" }, side: { type: "number" } } },
        Triangle: { type: "object", required: ["form", "base"], properties: { form: { const: "triangle" }, base: { type: "number" } } },
        ThingInput: {
          type: "object",
          required: ["name"],
          properties: {
            name: { type: "string" },
            kind: { type: "string", enum: ["a", "b"] },
            label: { type: "string" },
            match: { anyOf: [ref("ByName"), ref("ByTag")] },
          },
        },
        ByName: { type: "object", required: ["name"], properties: { name: { type: "string" } } },
        ByTag: { type: "object", required: ["tag"], properties: { tag: { type: "string" } } },
        ByDate: { type: "object", required: ["after"], properties: { after: { type: "string", format: "date" } } },
      },
    },
  };
}

const thing = (d: Doc) => d.components.schemas.Thing;
const input = (d: Doc) => d.components.schemas.ThingInput;
const getThing = (d: Doc) => d.paths["/things/{thing_id}"].get;

type Expected = { kind: string | null; class: string; rule: string; where?: string };
const rows: [name: string, change: (d: Doc) => void, expected: Expected][] = [
  // operations
  ["operation removed", (d) => delete d.paths["/things"], { kind: "operation-removed", class: "breaking-for-callers", rule: "operation-removed" }],
  ["operation added", (d) => (d.paths["/others"] = { get: { responses: { "200": { description: "ok" } } } }), { kind: "operation-added", class: "compatible", rule: "operation-added" }],
  // parameters: callers send them
  ["required parameter added", (d) => getThing(d).parameters.push({ name: "tenant", in: "query", required: true, schema: { type: "string" } }), { kind: "parameter-changed", class: "breaking-for-callers", rule: "parameter-added-required" }],
  ["optional parameter added", (d) => getThing(d).parameters.push({ name: "tenant", in: "query", schema: { type: "string" } }), { kind: "parameter-changed", class: "compatible", rule: "parameter-added" }],
  ["parameter removed", (d) => getThing(d).parameters.splice(1, 1), { kind: "parameter-changed", class: "breaking-for-callers", rule: "parameter-removed" }],
  ["parameter made required", (d) => (getThing(d).parameters[1].required = true), { kind: "parameter-changed", class: "breaking-for-callers", rule: "parameter-became-required" }],
  ["parameter made optional", (d) => (getThing(d).parameters[2].required = false), { kind: "parameter-changed", class: "compatible", rule: "parameter-became-optional" }],
  ["parameter retyped", (d) => (getThing(d).parameters[2].schema = { type: "integer" }), { kind: "parameter-changed", class: "breaking-for-callers", rule: "request-type-narrowed", where: "query parameter region" }],
  ["parameter enum value dropped", (d) => (getThing(d).parameters[1].schema.enum = ["short"]), { kind: "enum-changed", class: "breaking-for-callers", rule: "request-enum-value-removed" }],
  ["parameter enum value added", (d) => getThing(d).parameters[1].schema.enum.push("raw"), { kind: "enum-changed", class: "compatible", rule: "request-enum-value-added" }],
  // request fields: callers send them
  ["request field added, optional", (d) => (input(d).properties.colour = { type: "string" }), { kind: "field-changed", class: "compatible", rule: "request-field-added", where: "request body application/json.colour" }],
  ["request field added, required", (d) => { input(d).properties.colour = { type: "string" }; input(d).required.push("colour"); }, { kind: "field-changed", class: "breaking-for-callers", rule: "request-field-added-required" }],
  ["request field removed", (d) => delete input(d).properties.label, { kind: "field-changed", class: "breaking-for-callers", rule: "request-field-removed" }],
  ["request field made required", (d) => input(d).required.push("label"), { kind: "field-changed", class: "breaking-for-callers", rule: "request-field-became-required", where: "request body application/json.label" }],
  ["request field made optional", (d) => (input(d).required = []), { kind: "field-changed", class: "compatible", rule: "request-field-became-optional" }],
  ["request field retyped", (d) => (input(d).properties.label = { type: "integer" }), { kind: "field-changed", class: "breaking-for-callers", rule: "request-type-narrowed" }],
  ["request field made nullable", (d) => (input(d).properties.label = { type: ["string", "null"] }), { kind: "field-changed", class: "compatible", rule: "request-type-widened" }],
  ["request enum value dropped", (d) => (input(d).properties.kind.enum = ["a"]), { kind: "enum-changed", class: "breaking-for-callers", rule: "request-enum-value-removed" }],
  ["request enum value added", (d) => input(d).properties.kind.enum.push("c"), { kind: "enum-changed", class: "compatible", rule: "request-enum-value-added" }],
  ["request union member removed", (d) => (input(d).properties.match = { anyOf: [ref("ByName")] }), { kind: "union-changed", class: "breaking-for-callers", rule: "request-type-narrowed" }],
  ["request union member added", (d) => input(d).properties.match.anyOf.push(ref("ByDate")), { kind: "union-changed", class: "compatible", rule: "request-type-widened" }],
  // response fields: readers read them
  ["response field added", (d) => (thing(d).properties.colour = { type: "string" }), { kind: "field-changed", class: "compatible", rule: "response-field-added" }],
  ["response field removed", (d) => delete thing(d).properties.note, { kind: "field-changed", class: "breaking-for-readers", rule: "response-field-removed", where: "response 200 application/json.note" }],
  ["response field made optional", (d) => (thing(d).required = ["id", "shape"]), { kind: "field-changed", class: "breaking-for-readers", rule: "response-field-became-optional" }],
  ["response field made required", (d) => thing(d).required.push("note"), { kind: "field-changed", class: "compatible", rule: "response-field-became-required" }],
  ["response field retyped", (d) => (thing(d).properties.note = { type: "integer" }), { kind: "field-changed", class: "breaking-for-readers", rule: "response-type-widened" }],
  ["response field made nullable", (d) => (thing(d).properties.note = { anyOf: [{ type: "string" }, { type: "null" }] }), { kind: "field-changed", class: "breaking-for-readers", rule: "response-type-widened" }],
  ["response enum value added", (d) => thing(d).properties.kind.enum.push("c"), { kind: "enum-changed", class: "breaking-for-readers", rule: "response-enum-value-added" }],
  ["response enum value dropped", (d) => (thing(d).properties.kind.enum = ["a"]), { kind: "enum-changed", class: "compatible", rule: "response-enum-value-removed" }],
  ["response union member added, with its tag", (d) => {
    d.components.schemas.Shape.oneOf.push(ref("Triangle"));
    d.components.schemas.Shape.discriminator.mapping.triangle = "#/components/schemas/Triangle";
  }, { kind: "union-changed", class: "breaking-for-readers", rule: "response-type-widened", where: "response 200 application/json.shape" }],
  ["response union member removed, with its tag", (d) => {
    d.components.schemas.Shape.oneOf.pop();
    delete d.components.schemas.Shape.discriminator.mapping.square;
  }, { kind: "union-changed", class: "compatible", rule: "response-type-narrowed" }],
  ["response union tag renamed", (d) => {
    const mapping = d.components.schemas.Shape.discriminator.mapping;
    mapping.round = mapping.circle;
    delete mapping.circle;
  }, { kind: "union-changed", class: "breaking-for-readers", rule: "response-type-widened" }],
  // what the release check alone weighs
  ["operationId renamed", (d) => (getThing(d).operationId = "fetchThing"), { kind: null, class: "breaking-for-callers", rule: "operation-id-changed" }],
];

describe("each change, by the way data flows", () => {
  it.each(rows)("%s", (_name, change, expected) => {
    const after = base();
    change(after);
    const changes = diffDocuments(base(), after);
    // A tag renamed is lost under one name and gained under the other: two facts, one place and kind.
    expect(changes.map(({ kind, class: cls, rule }) => ({ kind, class: cls, rule }))).toEqual([{ kind: expected.kind, class: expected.class, rule: expected.rule }]);
    if (expected.where) expect(changes[0]!.where).toBe(expected.where);
  });

  it("members moved into a named union of their own are the same union", () => {
    const after = base();
    after.components.schemas.Match = { anyOf: [ref("ByName"), ref("ByTag")] };
    input(after).properties.match = ref("Match");
    expect(diffDocuments(base(), after)).toEqual([]);
    after.components.schemas.Match.anyOf.pop();
    expect(diffDocuments(base(), after).map((c) => [c.kind, c.class, c.message])).toEqual([["union-changed", "breaking-for-callers", "union no longer has member ByTag"]]);
  });

  it("an identical document has no changes", () => {
    expect(diffDocuments(base(), base())).toEqual([]);
  });

  it("an extension or a $comment beside a union annotates it: no change to the union or its tag", () => {
    const nullable = (d: Doc, extra: Doc) => {
      thing(d).properties.shape = { description: "The shape, or null.", ...extra, anyOf: [ref("Shape"), { type: "null" }] };
      return d;
    };
    expect(diffDocuments(nullable(base(), {}), nullable(base(), { "x-source": ["a-source"], $comment: "cited" }))).toEqual([]);
    expect(diffDocuments(nullable(base(), { "x-source": ["a-source"] }), nullable(base(), {}))).toEqual([]);
  });
});

describe("the contract's names", () => {
  /** `base()` as the service names it: Circle under its service name, the path parameter renamed. */
  function serviceNamed(): Doc {
    const d = base();
    const schemas = d.components.schemas;
    schemas.Body_circle = schemas.Circle;
    delete schemas.Circle;
    schemas.Shape.oneOf[0] = { $ref: "#/components/schemas/Body_circle" };
    schemas.Shape.discriminator.mapping.circle = "#/components/schemas/Body_circle";
    d.paths["/things/{id}"] = d.paths["/things/{thing_id}"];
    delete d.paths["/things/{thing_id}"];
    d.paths["/things/{id}"].get.parameters[0].name = "id";
    return d;
  }
  const contract = () => {
    const d = base();
    d.components.schemas.Circle["x-service-name"] = "Body_circle";
    return d;
  };

  it("a schema renamed in the contract is matched through its x-service-name, a path whatever its parameters are called", () => {
    expect(driftFindings(contract(), serviceNamed())).toEqual([]);
  });

  it("without the x-service-name, the same union reads as a member gone and another come, its tag naming the other", () => {
    const findings = driftFindings(base(), serviceNamed());
    expect(findings.map((f) => [f.kind, f.class, f.rule, f.message])).toEqual([
      ["union-changed", "breaking-for-readers", "response-tag-retargeted", 'Shape: tag "circle" now names Body_circle, not Circle; union no longer has member Circle'],
      ["union-changed", "breaking-for-readers", "response-type-widened", "Shape: union now has member Body_circle"],
    ]);
  });

  it("a changed path parameter name is the release check's concern only", () => {
    const changes = diffDocuments(contract(), serviceNamed());
    expect(changes.map((c) => [c.rule, c.kind])).toEqual([["path-parameter-renamed", null]]);
  });

  it("names the place in the contract's words, and an added operation in the deployment's", () => {
    const after = serviceNamed();
    after.components.schemas.Body_circle.properties.radius = { type: "string" };
    after.paths["/things/{id}/parts"] = { get: { responses: { "200": { description: "ok" } } } };
    expect(driftFindings(contract(), after)).toEqual([
      {
        operation: "GET /things/{thing_id}",
        kind: "field-changed",
        severity: "error",
        class: "breaking-for-readers",
        message: "Circle.radius: type number → string",
        rule: "response-type-widened",
        advice: "handle the new type or value",
        location: "#/components/schemas/Circle",
      },
      {
        operation: "GET /things/{id}/parts",
        kind: "operation-added",
        severity: "warning",
        class: "compatible",
        rule: "operation-added",
        message: "the deployment's document has 1 operation the contract lacks: 1 under other groups ((no tag) 1)",
      },
    ]);
  });
});

describe("drift findings", () => {
  it("tell a change to a schema several operations share once, with every operation it reaches and what to do", () => {
    const before = base();
    before.paths["/things/{thing_id}"].put = { requestBody: { content: json(ref("ThingInput")) }, responses: { "204": { description: "done" } } };
    const after = structuredClone(before);
    input(after).required.push("label");
    expect(driftFindings(before, after)).toEqual([
      {
        operation: "PUT /things/{thing_id}",
        kind: "field-changed",
        severity: "error",
        class: "breaking-for-callers",
        message: "ThingInput.label: was optional, now required",
        rule: "request-field-became-required",
        operations: ["PUT /things/{thing_id}", "POST /things"],
        advice: "send it in every call",
        location: "#/components/schemas/ThingInput",
      },
    ]);
  });

  it("are errors when they break this client's users and warnings when compatible", () => {
    const after = base();
    thing(after).properties.colour = { type: "string" };
    delete thing(after).properties.note;
    expect(driftFindings(base(), after).map((f) => [f.class, f.severity])).toEqual([["breaking-for-readers", "error"], ["compatible", "warning"]]);
  });
});
