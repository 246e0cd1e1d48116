// The schema validator that validate, verify and the testing entry share: any schema of the
// contract by JSON pointer, values as JSON carries them, the keywords the response tests do not
// reach, the formats the contract uses, and a contract left as it was found.
import { describe, expect, it } from "vitest";
import { contract, type OpenApiDocument } from "../../src/validation/contract.js";
import { createSchemaValidator } from "../../src/validation/schema-validator.js";

const schemas = {
  Tag: { type: "object", required: ["kind"], properties: { kind: { const: "tag" }, label: { type: "string" } }, additionalProperties: false },
  Note: { type: "object", required: ["kind"], properties: { kind: { const: "note" }, text: { type: "string" } } },
  Mark: { oneOf: [{ $ref: "#/components/schemas/Tag" }, { $ref: "#/components/schemas/Note" }] },
  Loose: { oneOf: [{ type: "object", properties: { a: { type: "integer" } } }, { type: "object", properties: { b: { type: "integer" } } }] },
  ById: { type: "object", propertyNames: { format: "uuid" }, additionalProperties: { type: "integer" } },
  Empty: { type: "object", propertyNames: false },
  Distinct: { type: "array", items: { type: "object" }, uniqueItems: true },
  Stamp: { type: "object", required: ["at"], properties: { at: { type: "string", format: "date-time" }, note: { type: "string" } } },
  // A property named like an annotation keyword is still a schema, and its reference is followed.
  Odd: { type: "object", properties: { example: { $ref: "#/components/schemas/Stamp" } } },
};
const document = {
  openapi: "3.1.0",
  paths: { "/marks": { get: { parameters: [{ name: "limit", in: "query", schema: { type: "integer", minimum: 1, maximum: 100 } }], responses: {} } } },
  components: { schemas },
} as unknown as OpenApiDocument;

const validator = createSchemaValidator(document);
const at = (name: keyof typeof schemas) => `#/components/schemas/${name}`;

describe("schema validator", () => {
  it("checks any schema by pointer, a parameter's too, with the path starting where the caller says", () => {
    expect(validator.validate("#/paths/~1marks/get/parameters/0/schema", 0, "query.limit")).toEqual([{ path: "query.limit", message: "must be >= 1" }]);
    expect(validator.validate("#/paths/~1marks/get/parameters/0/schema", 50, "query.limit")).toEqual([]);
    expect(() => validator.validate("#/components/schemas/Nothing", {})).toThrow("the contract holds no schema at #/components/schemas/Nothing");
  });

  it("takes a JavaScript value as JSON would send it: an undefined property is absent, a Date is its ISO string", () => {
    expect(validator.validate(at("Stamp"), { at: new Date(Date.UTC(2026, 2, 5, 14, 32, 10)), note: undefined })).toEqual([]);
    expect(validator.validate(at("Stamp"), { at: undefined })).toEqual([{ path: "$.at", message: "required property missing" }]);
    expect(validator.validate(at("Stamp"), undefined)).toEqual([{ path: "$", message: "no value, where the contract expects one" }]);
  });

  it("follows a reference under a property named like an annotation keyword", () => {
    expect(validator.validate(at("Odd"), { example: { at: "yesterday" } })).toEqual([{ path: "$.example.at", message: "not a valid date-time" }]);
  });

  it("explains a closed alternative's undeclared property through the alternative, not as a failed union", () => {
    expect(validator.validate(at("Mark"), { kind: "tag", label: "x", colour: "red" })).toEqual([{ path: "$.colour", message: "property not declared in the contract" }]);
  });

  it("says when a value fits more than one alternative of a oneOf", () => {
    expect(validator.validate(at("Loose"), { a: 1, b: 2 })).toEqual([{ path: "$", message: "matches more than one of the alternatives (object, object), but oneOf allows exactly one" }]);
  });

  it("reports a property name the contract refuses once, at the property, beside its value's own problem", () => {
    expect(validator.validate(at("ById"), { "3fa85f64-5717-4562-b3fc-2c963f66afa6": 1, "not-an-id": "x" })).toEqual([
      { path: '$["not-an-id"]', message: "property name not allowed by the contract" },
      { path: '$["not-an-id"]', message: "expected integer, got string" },
    ]);
  });

  it("reports each refused property name once, even where no name is allowed at all", () => {
    expect(validator.validate(at("Empty"), { a: 1, b: 2 })).toEqual([
      { path: "$.a", message: "property name not allowed by the contract" },
      { path: "$.b", message: "property name not allowed by the contract" },
    ]);
  });

  it("names two equal items of a uniqueItems array", () => {
    expect(validator.validate(at("Distinct"), [{ a: 1 }, { b: 2 }, { a: 1 }])).toEqual([{ path: "$", message: "items 0 and 2 are the same, but items must be unique" }]);
  });

  it("leaves the contract as it found it (no hidden properties written onto its objects)", () => {
    const names = (value: unknown, into: string[] = []): string[] => {
      if (value === null || typeof value !== "object") return into;
      into.push(Object.getOwnPropertyNames(value).join(","));
      for (const child of Object.values(value)) names(child, into);
      return into;
    };
    const before = names(contract.components);
    const real = createSchemaValidator();
    expect(real.validate("#/components/schemas/WorkflowsReadResponse", { workflows: [{ type: "workflow", name: 1, steps: [] }] }).length).toBeGreaterThan(0);
    expect(names(contract.components)).toEqual(before);
  });
});

// Every format the contract uses is either checked or known not to need a check: a format the
// spec starts using must be added to one side or the other, not pass unchecked unnoticed.
describe("the contract's formats", () => {
  const used = new Set<string>();
  (function walk(node: unknown, key?: string): void {
    if (key === "example" || key === "examples" || node === null || typeof node !== "object") return;
    const format = (node as { format?: unknown }).format;
    if (typeof format === "string") used.add(format);
    for (const [name, child] of Object.entries(node)) walk(child, name);
  })(contract);

  // What a value of each checked format must refuse.
  const CHECKED: Record<string, string> = { "date-time": "2026-03-05T14:32:10", uuid: "3fa85f64-5717-4562-b3fc", email: "a.example", uri: "acme.example/path" };
  // OpenAPI's `binary` and `password` are hints for tools (a file part, a field to mask), not
  // constraints; `http-date` is only on the Retry-After header, which the validator does not read.
  const ANNOTATIONS = ["binary", "password", "http-date"];

  it("uses only formats this test knows", () => {
    expect([...used].sort()).toEqual([...Object.keys(CHECKED), ...ANNOTATIONS].sort());
  });

  it.each(Object.entries(CHECKED))("checks %s", (format, bad) => {
    const formats = createSchemaValidator({ openapi: "3.1.0", paths: {}, components: { schemas: { Value: { type: "string", format } } } } as unknown as OpenApiDocument);
    expect(formats.validate("#/components/schemas/Value", bad)).toEqual([{ path: "$", message: `not a valid ${format}` }]);
  });
});
