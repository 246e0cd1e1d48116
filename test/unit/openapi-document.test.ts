// The one model of an OpenAPI document (src/contract/openapi-document.ts) that the client, its validators,
// the scripts, Spectral's functions and the tests share: its methods and what each promises,
// its walk, its pointers and its references.
import { describe, expect, it } from "vitest";
import { followRefs, HTTP_METHODS, IDEMPOTENT_METHODS, operationsOf, parametersOf, pointerKey, pointerSegment, readsOnly, resolvePointer, resolveRef } from "../../src/contract/openapi-document.js";

const document = {
  paths: {
    "/a/{id}": { parameters: [{ name: "id" }], summary: "not an operation", delete: { operationId: "dropA" }, get: { operationId: "getA" }, "x-note": {} },
    "/b": { $ref: "#/components/pathItems/B" },
  },
  components: {
    pathItems: { B: { post: { operationId: "postB" } } },
    schemas: {
      "a/b~c": { type: "string" },
      Alias: { $ref: "#/components/schemas/Target" },
      Target: { type: "object" },
      Loop: { $ref: "#/components/schemas/Loop" },
    },
  },
};

describe("operationsOf", () => {
  it("yields every operation in document order, method in capitals, and nothing else a path item holds", () => {
    expect([...operationsOf(document)].map(({ method, path, operation }) => `${method} ${path} ${String(operation.operationId)}`)).toEqual([
      "DELETE /a/{id} dropA",
      "GET /a/{id} getA",
      "POST /b postB",
    ]);
  });

  it("hands over the path item, its $ref followed, for the parameters it holds", () => {
    const entries = [...operationsOf(document)];
    expect(entries[0]!.pathItem).toBe(document.paths["/a/{id}"]);
    expect(entries[2]!.pathItem).toBe(document.components.pathItems.B);
  });

  it("walks a document without paths as one without operations", () => {
    expect([...operationsOf({})]).toEqual([]);
  });
});

describe("parametersOf", () => {
  const shared = {
    paths: {
      "/c/{id}": {
        parameters: [{ name: "id", in: "path" }, { $ref: "#/components/parameters/Limit" }],
        get: { parameters: [{ name: "limit", in: "query", required: true }, { name: "id", in: "header" }] },
        put: {},
      },
    },
    components: { parameters: { Limit: { name: "limit", in: "query" } } },
  };
  const [get, put] = [...operationsOf(shared)];

  it("gives the path item's shared parameters, then the operation's own, each where it lives", () => {
    expect(parametersOf(shared, put!)).toEqual([
      { parameter: { name: "id", in: "path" }, pointer: "#/paths/~1c~1{id}/parameters/0" },
      { parameter: { name: "limit", in: "query" }, pointer: "#/components/parameters/Limit" },
    ]);
  });

  it("lets the operation's own replace a shared one of the same name and location, and only that one", () => {
    expect(parametersOf(shared, get!)).toEqual([
      { parameter: { name: "id", in: "path" }, pointer: "#/paths/~1c~1{id}/parameters/0" },
      { parameter: { name: "limit", in: "query", required: true }, pointer: "#/paths/~1c~1{id}/get/parameters/0" },
      { parameter: { name: "id", in: "header" }, pointer: "#/paths/~1c~1{id}/get/parameters/1" },
    ]);
  });
});

describe("pointers", () => {
  it("escapes and unescapes `~` and `/` as RFC 6901 says, `~0` last on the way back", () => {
    expect(pointerSegment("a/b~c")).toBe("a~1b~0c");
    expect(pointerKey("a~1b~0c")).toBe("a/b~c");
    expect(pointerKey("~01")).toBe("~1");
  });

  it("resolvePointer finds a node by its escaped path, the whole document at #, and undefined where nothing is", () => {
    expect(resolvePointer(document, `#/components/schemas/${pointerSegment("a/b~c")}`)).toEqual({ type: "string" });
    expect(resolvePointer(document, "#")).toBe(document);
    expect(resolvePointer(document, "#/components/schemas/Missing")).toBeUndefined();
    expect(resolvePointer(document, "#/paths/~1b/$ref/deeper")).toBeUndefined();
    expect(resolvePointer(document, "other.yaml#/x")).toBeUndefined();
  });

  it("looks up places in data as well as in a document", () => {
    expect(resolvePointer({ runs: [{ id: 7 }] }, "#/runs/0/id")).toBe(7);
  });
});

describe("followRefs and resolveRef", () => {
  it("follow a chain to the first node that is not a reference and say where it lives", () => {
    expect(followRefs(document, { $ref: "#/components/schemas/Alias" }, "#/here")).toEqual({ node: { type: "object" }, pointer: "#/components/schemas/Target" });
    expect(resolveRef(document, { $ref: "#/components/schemas/Alias" })).toEqual({ type: "object" });
  });

  it("hand back a node that is no reference, and where it was said to be", () => {
    const node = { type: "integer" };
    expect(followRefs(document, node, "#/somewhere")).toEqual({ node, pointer: "#/somewhere" });
    expect(resolveRef(document, undefined)).toBeUndefined();
  });

  it("refuse a reference that leads nowhere, naming where it was met and what it points at", () => {
    expect(() => resolveRef(document, { $ref: "#/components/schemas/Missing" }, "#/paths/~1a/get")).toThrow(
      "the $ref at #/paths/~1a/get points at #/components/schemas/Missing, which the document does not hold",
    );
  });

  it("refuse a reference to another file", () => {
    expect(() => resolveRef(document, { $ref: "common.yaml#/X" })).toThrow('is common.yaml#/X: only local references ("#/…") are supported');
  });

  it("refuse a loop instead of going round it for ever", () => {
    expect(() => resolveRef(document, { $ref: "#/components/schemas/Loop" })).toThrow("goes round in a loop");
  });
});

describe("the methods", () => {
  it("are a list the code cannot change", () => {
    expect(Object.isFrozen(HTTP_METHODS)).toBe(true);
  });

  it("promise what HTTP says: a method that only reads, named as it is sent, may also be repeated", () => {
    for (const sent of HTTP_METHODS.map((method) => method.toUpperCase())) {
      if (readsOnly(sent, {})) expect(IDEMPOTENT_METHODS.has(sent), sent).toBe(true);
    }
    for (const method of IDEMPOTENT_METHODS) expect(HTTP_METHODS).toContain(method.toLowerCase());
  });

  it("know nothing of a method OpenAPI does not list", () => {
    expect([IDEMPOTENT_METHODS.has("CONNECT"), readsOnly("CONNECT", { "x-idempotent": true })]).toEqual([false, false]);
  });
});
