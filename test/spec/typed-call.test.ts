// scripts/lib/typed-call.mjs writes the minimal typed call of an operation as source text, for
// the contract test (which compiles and runs all of them) and for docs' code samples. These pin
// the text itself: what goes in, how it is laid out, and that it stays free of casts.
import { describe, expect, it } from "vitest";
import { minimalInit, sourceOf, typedCall } from "../../scripts/lib/typed-call.mjs";
import { bundle, bundleOperations, operationById } from "../support/bundle.js";

describe("typedCall()", () => {
  it("writes a call without an init when the operation requires nothing", () => {
    expect(typedCall(bundle, operationById("healthcheck"))).toBe('await client.GET("/v1/healthcheck")');
    expect(typedCall(bundle, operationById("listUsers"))).toBe('await client.GET("/users")');
  });

  it("takes required query parameters, with the spec's example value, and leaves optional ones out", () => {
    expect(typedCall(bundle, operationById("generateSignupLink"))).toBe(
      'await client.POST("/signup_link", { params: { query: { user_email: "new.user@acme.example" } } })',
    );
  });

  it("takes only the required body properties (a project by its name)", () => {
    expect(typedCall(bundle, operationById("createProject"))).toBe('await client.POST("/projects", { body: { name: "my_first_project" } })');
  });

  it("gives a file field a Blob and breaks a long call one property per line", () => {
    expect(typedCall(bundle, operationById("uploadFile"))).toBe(
      [
        'await client.POST("/projects/{project_id}/upload_file", {',
        '  params: { path: { project_id: "3fa85f64-5717-4562-b3fc-2c963f66afa6" } },',
        "  body: {",
        '    file: new Blob(["input,output\\nhello,world\\n"], { type: "text/csv" }),',
        '    upload_metadata: "upload_metadata",',
        "  },",
        "})",
      ].join("\n"),
    );
  });

  it("uses the path parameters' examples (each id its own kind: a project's, a run's)", () => {
    const init = minimalInit(bundle, operationById("getAlertsForRun"));
    expect(init).toEqual({
      params: { path: { project_id: "3fa85f64-5717-4562-b3fc-2c963f66afa6", run_id: "b3e1c2d4-5f6a-4b7c-8d9e-0f1a2b3c4d5e", split: "training" } },
    });
  });

  it("writes one call per operation, with no cast and no any", () => {
    const calls = bundleOperations.map((operation) => typedCall(bundle, operation));
    expect(calls).toHaveLength(326);
    expect(new Set(calls).size).toBe(326);
    expect(calls.filter((call) => /\bas\s+[A-Za-z{[(]|\bany\b/.test(call))).toEqual([]);
  });

  it("client: names the variable that holds the client", () => {
    expect(typedCall(bundle, operationById("healthcheck"), { client: "api" })).toBe('await api.GET("/v1/healthcheck")');
  });
});

describe("sourceOf()", () => {
  it("keeps short values on one line and quotes keys that are not identifiers", () => {
    expect(sourceOf({ a: [1, "x", null, true], "b-c": {} })).toBe('{ a: [1, "x", null, true], "b-c": {} }');
  });
});
