// The invalid requests verify makes from the contract (src/verify/invalid-requests.ts): one per kind
// an operation has, none of a kind it lacks, each breaking one parameter of the valid request; and
// what each answer counts as.
import { describe, expect, it } from "vitest";
import { contract, contractOperations, type OpenApiDocument } from "../../src/validation/contract.js";
import { broken, invalidRequestsOf, judgeInvalid, outcomeOf, type InvalidRequest } from "../../src/verify/invalid-requests.js";

const operation = (document: OpenApiDocument, key: string) => contractOperations(document).find((each) => each.key === key)!;

describe("the invalid requests of the contract's operations", () => {
  it("GET /projects/{project_id}/users: a path id that is not a uuid, and a wrong type for its integer paging", () => {
    expect(invalidRequestsOf(contract, operation(contract, "GET /projects/{project_id}/users"))).toEqual([
      { kind: "wrong-type", in: "query", parameter: "starting_token", value: "not-a-number", what: "starting_token=not-a-number, where the contract says integer" },
      { kind: "not-a-uuid", in: "path", parameter: "project_id", value: "not-a-uuid", what: "project_id=not-a-uuid, where the contract says uuid" },
    ]);
  });

  it("GET /projects: a type outside its enum (the enum behind a $ref, with null allowed), and nothing else", () => {
    expect(invalidRequestsOf(contract, operation(contract, "GET /projects")).map((request) => [request.kind, request.parameter])).toEqual([["outside-enum", "type"]]);
  });

  it("an operation without parameters has none", () => {
    expect(invalidRequestsOf(contract, operation(contract, "GET /v1/healthcheck"))).toEqual([]);
  });
});

// The contract has no bounds or patterns on the parameters of its read-only operations; this
// document has one of each, and a required query parameter.
const bounded = {
  openapi: "3.1.0",
  info: { title: "bounds", version: "1" },
  paths: {
    "/things": {
      get: {
        operationId: "listThings",
        parameters: [
          { name: "limit", in: "query", schema: { type: "integer", minimum: 1, maximum: 100 } },
          { name: "code", in: "query", required: true, schema: { type: "string", pattern: "^[a-z]+$" } },
        ],
        responses: { "200": { description: "ok" } },
      },
    },
    "/codes": {
      get: { operationId: "listCodes", parameters: [{ name: "code", in: "query", schema: { anyOf: [{ type: "string", maxLength: 3 }, { type: "null" }] } }], responses: { "200": { description: "ok" } } },
    },
  },
} as unknown as OpenApiDocument;

describe("bounds, patterns and required parameters", () => {
  it("one request per kind: the first parameter that has it, below its minimum before above its maximum", () => {
    const requests = invalidRequestsOf(bounded, operation(bounded, "GET /things"));
    expect(requests.map((request) => [request.kind, request.parameter, request.value])).toEqual([
      ["missing-required", "code", undefined],
      ["wrong-type", "limit", "not-a-number"],
      ["outside-bounds", "limit", 0],
    ]);
    expect(requests[2]!.what).toBe("limit=0 is below its minimum 1");
  });

  it("a pattern and a maxLength are broken with a value that does not match, or one character too long", () => {
    const patterned = { ...bounded, paths: { "/things": { get: { operationId: "listThings", parameters: [{ name: "code", in: "query", schema: { type: "string", pattern: "^[a-z]+$" } }], responses: { "200": { description: "ok" } } } } } } as unknown as OpenApiDocument;
    const pattern = invalidRequestsOf(patterned, operation(patterned, "GET /things"));
    expect(pattern).toEqual([{ kind: "outside-bounds", in: "query", parameter: "code", value: "~", what: 'code="~" does not match its pattern ^[a-z]+$' }]);
    expect(invalidRequestsOf(bounded, operation(bounded, "GET /codes"))).toEqual([{ kind: "outside-bounds", in: "query", parameter: "code", value: "xxxx", what: "code is 4 characters long, over its maxLength 3" }]);
  });

  it("breaks only its own parameter of the valid request", () => {
    const [missing, wrong] = invalidRequestsOf(bounded, operation(bounded, "GET /things"));
    expect(broken(missing!, {}, { code: "abc", limit: 5 })).toEqual({ path: {}, query: { limit: 5 }, body: undefined });
    expect(broken(wrong!, {}, { code: "abc", limit: 5 })).toEqual({ path: {}, query: { code: "abc", limit: "not-a-number" }, body: undefined });
  });
});

// A read-only POST whose JSON body has a required field, an integer with bounds, a string enum
// behind a $ref (null allowed) and an array.
const searched = {
  openapi: "3.1.0",
  info: { title: "body", version: "1" },
  paths: {
    "/things/search": {
      post: {
        operationId: "searchThings",
        "x-idempotent": true,
        requestBody: { required: true, content: { "application/json": { schema: { $ref: "#/components/schemas/Search" } } } },
        responses: { "200": { description: "ok" } },
      },
    },
  },
  components: {
    schemas: {
      Order: { type: "string", enum: ["asc", "desc"] },
      Search: {
        type: "object",
        required: ["text"],
        properties: {
          text: { type: "string" },
          limit: { type: "integer", minimum: 1 },
          order: { anyOf: [{ $ref: "#/components/schemas/Order" }, { type: "null" }] },
          tags: { type: "array", items: { type: "string" } },
        },
      },
    },
  },
} as unknown as OpenApiDocument;

describe("the invalid bodies of a read-only POST", () => {
  const search = operation(searched, "POST /things/search");

  it("one per kind the body's top-level fields have, the first field in the schema's order that has it", () => {
    expect(invalidRequestsOf(searched, search, { text: "a" })).toEqual([
      { kind: "missing-required", in: "body", parameter: "text", what: "the required body field text left out" },
      { kind: "wrong-type", in: "body", parameter: "text", value: 0, what: "body field text=0, where the contract says string" },
      { kind: "outside-enum", in: "body", parameter: "order", value: "service-api-verify-not-a-member", what: "body field order=service-api-verify-not-a-member, which is none of its 2 enum values" },
      { kind: "outside-bounds", in: "body", parameter: "limit", value: 0, what: "body field limit=0 is below its minimum 1" },
    ]);
  });

  it("none without a body sent as an object, and no missing-required for a field the valid body lacks", () => {
    expect(invalidRequestsOf(searched, search)).toEqual([]);
    expect(invalidRequestsOf(searched, search, ["a"])).toEqual([]);
    expect(invalidRequestsOf(searched, search, { limit: 2 }).map((request) => request.kind)).not.toContain("missing-required");
  });

  it("breaks only its own field of the valid body, and leaves the valid body as it was", () => {
    const valid = { text: "a", limit: 5 };
    const [missing, , outside] = invalidRequestsOf(searched, search, valid);
    expect(broken(missing!, {}, {}, valid)).toEqual({ path: {}, query: {}, body: { limit: 5 } });
    expect(broken(outside!, {}, {}, valid).body).toEqual({ text: "a", limit: 5, order: "service-api-verify-not-a-member" });
    expect(valid).toEqual({ text: "a", limit: 5 });
  });
});

describe("what an answer to an invalid request counts as", () => {
  const uuid: InvalidRequest = { kind: "not-a-uuid", in: "path", parameter: "project_id", value: "not-a-uuid", what: "project_id=not-a-uuid" };
  const enumValue: InvalidRequest = { kind: "outside-enum", in: "query", parameter: "type", value: "x", what: "type=x" };
  it.each([
    [uuid, 400, "refused"],
    [uuid, 422, "refused"],
    [uuid, 404, "refused"],
    [enumValue, 404, "other"],
    [enumValue, 200, "accepted"],
    [enumValue, 204, "accepted"],
    [enumValue, 500, "server-error"],
    [enumValue, 503, "server-error"],
    [enumValue, 401, "inconclusive"],
    [enumValue, 403, "inconclusive"],
    [enumValue, null, "no-answer"],
  ] as const)("%o answered %s: %s", (request, status, outcome) => {
    expect(outcomeOf(request, status)).toBe(outcome);
  });

  it("a refusal and a refused credential make no finding; a 2xx is accepts-invalid and a 5xx a server error, each an error with its curl", () => {
    expect(judgeInvalid("GET /projects", enumValue, 422, "curl x")).toBeUndefined();
    expect(judgeInvalid("GET /projects", enumValue, 403, "curl x")).toBeUndefined();
    expect(judgeInvalid("GET /projects", enumValue, 200, "curl x")).toMatchObject({ kind: "accepts-invalid", severity: "error", invalid: "outside-enum", location: "/query/type", curl: "curl x" });
    expect(judgeInvalid("GET /projects", enumValue, 500, "curl x")).toMatchObject({ kind: "server-error", severity: "error", invalid: "outside-enum" });
    expect(judgeInvalid("GET /projects", enumValue, 404, "curl x")).toMatchObject({ kind: "status", severity: "warning" });
  });
});
