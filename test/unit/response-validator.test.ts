// The response validator on a small contract written for the purpose (each rule on its own), and
// on the real bundle (recursion through workflow steps, the shared error answers): what it
// reports, at which JSON path, in which words.
import { describe, expect, it } from "vitest";
import type { OpenApiDocument } from "../../src/validation/contract.js";
import { jsonPath } from "../../src/validation/json-path.js";
import { createResponseValidator, parseJsonBody } from "../../src/validation/response-validator.js";

const schemas = {
  Owner: { type: "object", required: ["id"], properties: { id: { type: "string", format: "uuid" }, email: { type: ["string", "null"], format: "email" } } },
  Cat: { type: "object", required: ["kind", "lives"], properties: { kind: { const: "cat" }, lives: { type: "integer", minimum: 0, maximum: 9 } } },
  Dog: { type: "object", required: ["kind", "good"], properties: { kind: { const: "dog" }, good: { type: "boolean" } } },
  Pet: { oneOf: [{ $ref: "#/components/schemas/Cat" }, { $ref: "#/components/schemas/Dog" }], discriminator: { propertyName: "kind", mapping: { cat: "#/components/schemas/Cat", dog: "#/components/schemas/Dog" } } },
  Node: { type: "object", required: ["name"], properties: { name: { type: "string" }, children: { type: "array", items: { $ref: "#/components/schemas/Node" } } } },
  Home: {
    type: "object",
    required: ["owner", "pets", "created_at", "size"],
    properties: {
      owner: { anyOf: [{ $ref: "#/components/schemas/Owner" }, { type: "null" }] },
      pets: { type: "array", items: { $ref: "#/components/schemas/Pet" } },
      created_at: { type: "string", format: "date-time" },
      size: { type: "string", enum: ["small", "large"] },
      rooms: { $ref: "#/components/schemas/Node" },
      "odd key": { type: "object", additionalProperties: false, properties: { a: { type: "integer" } } },
      either: { anyOf: [{ type: "string" }, { type: "integer" }] },
    },
  },
};

const json = (schema: unknown) => ({ content: { "application/json": { schema } } });
const document = {
  openapi: "3.1.0",
  paths: {
    "/homes/{home_id}": {
      get: {
        operationId: "getHome",
        responses: { "200": json({ $ref: "#/components/schemas/Home" }), "4XX": { $ref: "#/components/responses/Problem" } },
      },
    },
    "/files/{file_id}": { get: { operationId: "getFile", responses: { "200": { content: { "application/octet-stream": {} } }, "204": { description: "none" } } } },
  },
  components: { schemas, responses: { Problem: json({ type: "object", required: ["detail"], properties: { detail: { type: "string" } } }) } },
} as unknown as OpenApiDocument;

const good = {
  owner: { id: "3fa85f64-5717-4562-b3fc-2c963f66afa6", email: null },
  pets: [
    { kind: "cat", lives: 9 },
    { kind: "dog", good: true },
  ],
  created_at: "2026-03-05T14:32:10Z",
  size: "small",
  rooms: { name: "house", children: [{ name: "hall", children: [{ name: "cupboard" }] }] },
};

const validator = createResponseValidator(document);
const problemsOf = (body: unknown, status = 200, contentType: string | null = "application/json") =>
  validator.check({ operation: "GET /homes/{home_id}", status, contentType, body }).problems;

describe("response validator", () => {
  it("passes a body that matches, found by path template or operationId", () => {
    expect(problemsOf(good)).toEqual([]);
    expect(validator.check({ operation: "getHome", status: 200, contentType: "application/json; charset=utf-8", body: good })).toEqual({ operation: "GET /homes/{home_id}", operationId: "getHome", problems: [] });
  });

  it.each([
    ["a required property missing", { ...good, created_at: undefined }, [{ path: "$.created_at", message: "required property missing" }]],
    ["a wrong type", { ...good, size: 3 }, [{ path: "$.size", message: "expected string, got integer" }]],
    ["a value outside the enum", { ...good, size: "huge" }, [{ path: "$.size", message: 'not one of the declared values ("small", "large")' }]],
    ["a bad format", { ...good, created_at: "yesterday" }, [{ path: "$.created_at", message: "not a valid date-time" }]],
    ["nullable by type array: a number is neither", { ...good, owner: { ...good.owner, email: 5 } }, [{ path: "$.owner.email", message: "expected string or null, got integer" }]],
    ["anyOf [X, null]: X's own problem, not the union's", { ...good, owner: { email: null } }, [{ path: "$.owner.id", message: "required property missing" }]],
    ["anyOf [X, null]: something else entirely", { ...good, owner: "me" }, [{ path: "$.owner", message: "matches none of the alternatives: expected Owner or null, got string" }]],
    ["anyOf of scalars", { ...good, either: false }, [{ path: "$.either", message: "matches none of the alternatives: expected string or integer, got boolean" }]],
    ["discriminator picks the alternative", { ...good, pets: [good.pets[0], { kind: "dog", good: "yes" }] }, [{ path: "$.pets[1].good", message: "expected boolean, got string" }]],
    ["a limit", { ...good, pets: [{ kind: "cat", lives: 10 }] }, [{ path: "$.pets[0].lives", message: "must be <= 9" }]],
    ["a discriminator value that names no alternative", { ...good, pets: [{ kind: "fish" }] }, [{ path: "$.pets[0].kind", message: 'not one of the values the discriminator knows ("cat", "dog")' }]],
    ["a missing discriminator", { ...good, pets: [{ lives: 1 }] }, [{ path: "$.pets[0].kind", message: "required property missing (it says which alternative the value is)" }]],
    ["no alternative's shape", { ...good, pets: ["fish"] }, [{ path: "$.pets[0]", message: "matches none of the alternatives: expected Cat or Dog, got string" }]],
    ["recursion, three levels down", { ...good, rooms: { name: "house", children: [{ name: "hall", children: [{ children: [] }] }] } }, [{ path: "$.rooms.children[0].children[0].name", message: "required property missing" }]],
    ["an undeclared property where none may be, under an odd key", { ...good, "odd key": { a: 1, b: 2 } }, [{ path: '$["odd key"].b', message: "property not declared in the contract" }]],
  ])("reports %s", (_what, body, expected) => {
    expect(problemsOf(body)).toEqual(expected);
  });

  it("lists every problem, sorted by path", () => {
    expect(problemsOf({ ...good, size: 1, created_at: 2 }).map((p) => p.path)).toEqual(["$.created_at", "$.size"]);
  });

  it("checks the status and the content type before the body", () => {
    expect(problemsOf(good, 500)).toEqual([{ path: "$", message: "status 500 is not declared for this operation (declared: 200, 4XX)" }]);
    expect(problemsOf(good, 200, "text/html")).toEqual([{ path: "$", message: "content type text/html is not declared for status 200 (declared: application/json)" }]);
    expect(problemsOf(good, 200, null)).toEqual([{ path: "$", message: "no content type is not declared for status 200 (declared: application/json)" }]);
    expect(problemsOf(parseJsonBody("<html>"), 200)).toEqual([{ path: "$", message: "the body is not valid JSON, though the content type is application/json" }]);
  });

  it("uses a status range and a shared answer by reference", () => {
    expect(problemsOf({ detail: "no such home" }, 404)).toEqual([]);
    expect(problemsOf({ error: "no such home" }, 404)).toEqual([{ path: "$.detail", message: "required property missing" }]);
  });

  it("does not read files, and accepts an answer declared without a body", () => {
    expect(validator.check({ operation: "getFile", status: 200, contentType: "application/octet-stream", body: undefined }).problems).toEqual([]);
    expect(validator.check({ operation: "getFile", status: 204, contentType: null }).problems).toEqual([]);
    expect(validator.readsBody("application/octet-stream")).toBe(false);
    expect(validator.readsBody("application/problem+json")).toBe(true);
  });

  it("names an operation the contract does not have", () => {
    expect(validator.check({ operation: "GET /nowhere", status: 200, contentType: null }).problems).toEqual([{ path: "$", message: "the contract has no such operation" }]);
  });

  it("never quotes a value from the body", () => {
    const secret = "value-from-the-body-7f3a";
    const problems = problemsOf({ ...good, size: secret, created_at: secret, owner: secret, pets: [{ kind: secret }] });
    expect(problems.length).toBeGreaterThan(2);
    expect(JSON.stringify(problems)).not.toContain(secret);
  });
});

describe("the real contract", () => {
  const real = createResponseValidator();

  it("follows workflow steps into their nested steps", () => {
    const operation = real.operation("getWorkflows")!;
    expect(operation.key).toBe("POST /observe/projects/{project_id}/workflows");
    const step = (children: unknown[]) => ({ type: "workflow", input: "hi", name: "outer", steps: children });
    const bad = { workflows: [step([step([{ type: "llm", input: "x", output: "y", name: 42 }])])], limit: 1, starting_token: 0, next_starting_token: null };
    const problems = real.check({ operation: "getWorkflows", status: 200, contentType: "application/json", body: bad }).problems;
    expect(problems.length).toBeGreaterThan(0);
    expect(problems.some((p) => p.path.startsWith("$.workflows[0].steps[0].steps[0]"))).toBe(true);
  });

  it("checks a shared error answer (422) like any other", () => {
    expect(real.check({ operation: "getProject", status: 422, contentType: "application/json", body: { detail: [{ loc: ["path", "project_id"], msg: "bad", type: "x" }] } }).problems).toEqual([]);
    expect(real.check({ operation: "getProject", status: 422, contentType: "application/json", body: { detail: [{ msg: "bad" }] } }).problems.map((p) => p.path)).toContain("$.detail[0].loc");
  });
});

describe("JSON paths", () => {
  it.each([
    ["", {}, "$"],
    ["/projects/0/created_by_user", { projects: [{}] }, "$.projects[0].created_by_user"],
    ["/by_id/0", { by_id: { "0": 1 } }, '$.by_id["0"]'],
    ["/a~1b/c~0d", { "a/b": {} }, '$["a/b"]["c~d"]'],
  ])("%s → %s", (pointer, data, expected) => {
    expect(jsonPath(pointer, data)).toBe(expected);
  });
});
