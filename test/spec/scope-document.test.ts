// The scope's reference document (scripts/lib/scope-document.ts): each operation from the document
// the scope takes it from, and the shared-component rule on the real schemas the two documents
// disagree about (CONTRIBUTING, "The scope").
import { describe, expect, it } from "vitest";
import { readDocuments, scopeDocument, shapeOf, widerSchema } from "../../scripts/lib/scope-document.js";

const documents = readDocuments();
const client = documents.client.components.schemas;
const release = documents.release.components.schemas;

describe("widerSchema: the wider form of a schema both documents reach", () => {
  it("keeps every enum value of either: ProjectType keeps training_inference, which the client document drops", () => {
    expect(client.ProjectType.enum).not.toContain("training_inference");
    expect(widerSchema(client.ProjectType, release.ProjectType).enum).toEqual(["prompt_evaluation", "llm_monitor", "protect", "gen_ai", "training_inference"]);
  });

  it("takes the client document's default, which cannot be widened: ProjectCreate.type defaults to gen_ai", () => {
    expect(release.ProjectCreate.properties.type.default).toBe("training_inference");
    expect(widerSchema(client.ProjectCreate, release.ProjectCreate).properties.type).toEqual({ $ref: "#/components/schemas/ProjectType", default: "gen_ai" });
  });

  it("keeps what either document has where they gain and lose values: TaskType has 18 and 0 to 17", () => {
    const wider = widerSchema(client.TaskType, release.TaskType);
    expect(client.TaskType.enum).toContain(18);
    expect(client.TaskType.enum).not.toContain(0);
    expect([...wider.enum].sort((a: number, b: number) => a - b)).toEqual([...Array(19).keys()]);
    expect(wider.type).toBe("integer");
  });

  it("is the client document's form where it only gains: AuthMethod", () => {
    expect(release.AuthMethod.enum.every((value: string) => client.AuthMethod.enum.includes(value))).toBe(true);
    expect(widerSchema(client.AuthMethod, release.AuthMethod)).toEqual(client.AuthMethod);
  });

  it("requires a field only where both require it: ColumnInfo.data_type, required by one of the two", () => {
    const onlyOne = [client.ColumnInfo.required ?? [], release.ColumnInfo.required ?? []].filter((required: string[]) => required.includes("data_type"));
    expect(onlyOne).toHaveLength(1);
    const wider = widerSchema(client.ColumnInfo, release.ColumnInfo);
    expect(wider.required ?? []).not.toContain("data_type");
    expect(Object.keys(wider.properties)).toContain("data_type");
    const both = (client.ColumnInfo.required as string[]).filter((name) => (release.ColumnInfo.required ?? []).includes(name));
    expect([...(wider.required ?? [])].sort()).toEqual(both.sort());
  });

  it("keeps a union member one document adds: BasePromptTemplateResponse.name may also be a Name", () => {
    expect(release.BasePromptTemplateResponse.properties.name.anyOf).toBeUndefined();
    const name = widerSchema(client.BasePromptTemplateResponse, release.BasePromptTemplateResponse).properties.name;
    expect(name.anyOf).toEqual([{ type: "string", minLength: 1 }, { $ref: "#/components/schemas/Name" }]);
  });

  it("keeps a field only one document has, and merges the union members and discriminator mappings of both", () => {
    const a = { type: "object", properties: { x: { oneOf: [{ $ref: "#/A" }], discriminator: { propertyName: "k", mapping: { a: "#/A" } } } } };
    const b = { type: "object", required: ["y"], properties: { x: { oneOf: [{ $ref: "#/B" }], discriminator: { propertyName: "k", mapping: { b: "#/B" } } }, y: { type: "string" } } };
    expect(widerSchema(a, b)).toEqual({
      type: "object",
      properties: { x: { oneOf: [{ $ref: "#/A" }, { $ref: "#/B" }], discriminator: { propertyName: "k", mapping: { a: "#/A", b: "#/B" } } }, y: { type: "string" } },
    });
  });

  it("takes the client document's word on a format or a type, and merges through items and map values", () => {
    expect(widerSchema({ type: "string", format: "uuid" }, { type: "string", format: "uuid4" })).toEqual({ type: "string", format: "uuid" });
    expect(widerSchema({ type: "integer" }, { type: "string" })).toEqual({ type: "integer" });
    expect(widerSchema({ type: "array", items: { enum: ["a"] } }, { type: "array", items: { enum: ["b"] } })).toEqual({ type: "array", items: { enum: ["a", "b"] } });
    expect(widerSchema({ type: "object", additionalProperties: { enum: ["a"] } }, { type: "object", additionalProperties: { enum: ["b"] } })).toEqual({ type: "object", additionalProperties: { enum: ["a", "b"] } });
  });
});

describe("scopeDocument", () => {
  const operations = [
    { method: "POST", path: "/projects" },
    { method: "POST", path: "/projects/{project_id}/runs" },
    { method: "GET", path: "/users/{user_id}/runs" },
    { method: "GET", path: "/integrations/databricks/clusters" },
  ];
  const scope = scopeDocument(documents, operations);

  it("takes an operation from the client document where it publishes it, else from the release, and leaves out one neither publishes", () => {
    expect(scope.sideOf.get(shapeOf("POST", "/projects"))).toBe("client");
    expect(scope.document.paths["/projects"].post).toEqual(documents.client.paths["/projects"].post);
    expect(documents.client.paths["/projects/{project_id}/runs"]?.post).toBeUndefined();
    expect(scope.sideOf.get(shapeOf("POST", "/projects/{id}/runs"))).toBe("release");
    expect(scope.document.paths["/projects/{project_id}/runs"].post).toEqual(documents.release.paths["/projects/{project_id}/runs"].post);
    expect(scope.sideOf.has(shapeOf("GET", "/integrations/databricks/clusters"))).toBe(false);
  });

  it("gives a schema both sides reach the wider form, and one side's schema that side's form", () => {
    const schemas = scope.document.components.schemas;
    expect(scope.reachedBy.get("ProjectType")).toEqual(new Set(["client", "release"]));
    expect(schemas.ProjectType).toEqual(widerSchema(client.ProjectType, release.ProjectType));
    expect(scope.reachedBy.get("ProjectCreate")).toEqual(new Set(["client"]));
    expect(schemas.ProjectCreate).toEqual(client.ProjectCreate);
    expect(scope.reachedBy.get("RunCreate")).toEqual(new Set(["release"]));
    expect(schemas.RunCreate).toEqual(release.RunCreate);
  });
});
