// The testing entry's request check reads the parameters a path item shares with all its
// operations, as the service does, and not only each operation's own.
import { describe, expect, it } from "vitest";
import { createRequestChecker } from "../../src/testing/request-check.js";
import { contractOperations, type OpenApiDocument } from "../../src/validation/contract.js";
import { createSchemaValidator } from "../../src/validation/schema-validator.js";

const document = {
  openapi: "3.1.0",
  info: { title: "t", version: "1" },
  paths: {
    "/things/{thing_id}": {
      parameters: [
        { name: "thing_id", in: "path", required: true, schema: { type: "integer" } },
        { name: "view", in: "query", required: true, schema: { enum: ["short", "full"] } },
      ],
      get: { responses: { "200": { description: "ok" } } },
      delete: {
        // The operation's own `view` replaces the shared one: optional here.
        parameters: [{ name: "view", in: "query", schema: { type: "string" } }],
        responses: { "204": { description: "gone" } },
      },
    },
  },
  // The check asks the client's policy table which credentials an operation takes (the default,
  // for a path the contract lacks) and the document how each is sent.
  components: { securitySchemes: { ApiKeyHeader: { type: "apiKey", in: "header", name: "Service-API-Key" } } },
} as unknown as OpenApiDocument;

const read = createRequestChecker(document, createSchemaValidator(document));
const [get, remove] = contractOperations(document);
const sent = (query: string) => ({ url: new URL(`https://api.acme.example/things/7${query}`), headers: new Headers({ "service-api-key": "unit-key" }), bytes: undefined });

describe("the request check with a path item's shared parameters", () => {
  it("refuses a missing shared query parameter and a shared path parameter of the wrong type, as a 422", async () => {
    const refused = await read(get!, { thing_id: "seven" }, sent(""));
    expect(refused.refusal?.status).toBe(422);
    expect(refused.refusal?.detail).toEqual([
      { loc: ["path", "thing_id"], msg: "expected integer, got string", type: "value_error" },
      { loc: ["query", "view"], msg: "required parameter missing", type: "missing" },
    ]);
  });

  it("reads shared parameters into the handler's params, typed by their schemas", async () => {
    const accepted = await read(get!, { thing_id: "7" }, sent("?view=full"));
    expect(accepted.refusal).toBeUndefined();
    expect(accepted.params).toEqual({ path: { thing_id: 7 }, query: { view: "full" } });
  });

  it("lets an operation's own parameter replace the shared one of the same name", async () => {
    const accepted = await read(remove!, { thing_id: "7" }, sent(""));
    expect(accepted.refusal).toBeUndefined();
    expect((await read(remove!, { thing_id: "7" }, sent("?view=anything"))).params.query).toEqual({ view: "anything" });
  });
});
