// The editions other tools read besides the 3.1 bundle: the 3.0.3 edition (scripts/convert-3.0.mjs)
// and the dereferenced 3.1 edition (scripts/dereference.mjs; built and shipped, not committed).
// check-drift proves the committed files are what the scripts make; these tests prove the scripts
// make the right thing.
import { copyFileSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { dereference, recursiveSchemas } from "../../scripts/dereference.mjs";
import { explain, generatorsDir, operationKeys, readEdition, repoRoot, run } from "../support/generator-tools.js";

type Schema = Record<string, unknown> & { properties?: Record<string, Schema> };

const scratch = mkdtempSync(path.join(os.tmpdir(), "service-api-editions-"));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/** Every value of `key` anywhere in the tree, with its JSON pointer and the object holding it; data (examples) skipped. */
function findKey(value: unknown, key: string, pointer = ""): { pointer: string; value: unknown; parent: object }[] {
  if (Array.isArray(value)) return value.flatMap((item, index) => findKey(item, key, `${pointer}/${index}`));
  if (!value || typeof value !== "object") return [];
  return Object.entries(value).flatMap(([name, child]) => {
    if (name === "example" || name === "examples") return [];
    const at = `${pointer}/${name.replace(/~/g, "~0").replace(/\//g, "~1")}`;
    return [...(name === key ? [{ pointer: at, value: child, parent: value }] : []), ...findKey(child, key, at)];
  });
}

describe("the 3.0 edition (generated/openapi-3.0.json)", () => {
  it("rewrites each 3.1 construct into its 3.0 form (fixture)", async () => {
    copyFileSync(path.join(generatorsDir, "fixtures", "convert-3.1.json"), path.join(scratch, "openapi.json"));
    const converted = await run(process.execPath, ["--import", "tsx", path.join(repoRoot, "scripts", "convert-3.0.mjs"), "--out", scratch]);
    expect(converted.status, explain(converted)).toBe(0);
    const doc = JSON.parse(readFileSync(path.join(scratch, "openapi-3.0.json"), "utf8"));
    expect(doc.openapi).toBe("3.0.3");
    expect(doc.info.summary).toBeUndefined();
    expect(doc.info.license).toEqual({ name: "Proprietary" });
    const thing = doc.components.schemas.Thing.properties;
    expect(thing.nickname).toEqual({ type: "string", nullable: true });
    expect(thing.kind).toEqual({ type: "string", nullable: true, default: null, allOf: [{ $ref: "#/components/schemas/Kind" }] });
    expect(thing.container).toEqual({
      type: "object",
      nullable: true,
      anyOf: [{ $ref: "#/components/schemas/Box" }, { $ref: "#/components/schemas/Crate" }, { type: "object", nullable: true, enum: [null] }],
    });
    expect(thing.value).toEqual({ anyOf: [{ type: "string", nullable: true }, { type: "integer" }] });
    expect(thing.tag).toEqual({ type: "string", enum: ["thing"] });
    expect(thing.off).toEqual({ type: "boolean", enum: [false] });
    expect(thing.colour).toEqual({ type: "string", example: "red" });
    expect(thing.defaultKind).toEqual({ allOf: [{ $ref: "#/components/schemas/Kind" }], default: "a" });
    expect(thing.type).toEqual({ type: "string", description: "a property named like a keyword" });
    expect(thing.ratings).toEqual({ type: "object", additionalProperties: { type: "integer" }, "x-propertyNames": { type: "string", format: "uuid" } });
    expect(doc.components.schemas.Upload.properties.file).toEqual({ type: "string", format: "binary" });
  });

  it("has the bundle's operations and schemas and no 3.1-only construct", () => {
    const bundle = readEdition("openapi.json");
    const edition = readEdition("openapi-3.0.json");
    expect(edition.openapi).toBe("3.0.3");
    expect(operationKeys(edition)).toEqual(operationKeys(bundle));
    expect(Object.keys(edition.components.schemas).sort()).toEqual(Object.keys(bundle.components.schemas).sort());
    const problems = [
      ...findKey(edition, "type").filter(({ value }) => Array.isArray(value) || value === "null"),
      ...findKey(edition, "const").filter(({ pointer }) => !pointer.includes("/properties/const")),
      ...findKey(edition, "contentMediaType"),
      ...findKey(edition, "propertyNames"),
      ...findKey(edition, "$ref").filter(({ parent }) => Object.keys(parent).length > 1),
    ];
    expect(problems.map(({ pointer }) => pointer)).toEqual([]);
  });

  it("keeps every property of every schema", () => {
    const bundle = readEdition("openapi.json").components.schemas as Record<string, Schema>;
    const edition = readEdition("openapi-3.0.json").components.schemas as Record<string, Schema>;
    for (const [name, schema] of Object.entries(bundle)) {
      expect(Object.keys(edition[name]?.properties ?? {}), name).toEqual(Object.keys(schema.properties ?? {}));
    }
  });
});

describe("the dereferenced edition (generated/openapi.dereferenced.json)", () => {
  it("inlines every reference except those to recursive schemas, which keep their $ref and their definition", () => {
    const bundle = readEdition("openapi.json");
    const edition = readEdition("openapi.dereferenced.json");
    expect(edition.openapi).toBe(bundle.openapi);
    expect(operationKeys(edition)).toEqual(operationKeys(bundle));
    const recursive = recursiveSchemas(bundle);
    expect(recursive.has("WorkflowStep")).toBe(true);
    expect(Object.keys(edition.components.schemas).sort()).toEqual([...recursive].sort());
    const refs = new Set(findKey(edition, "$ref").map(({ value }) => value));
    expect([...refs].filter((ref) => typeof ref !== "string" || !recursive.has(ref.replace("#/components/schemas/", "")))).toEqual([]);
    const health = (edition.paths["/v1/healthcheck"]?.get as unknown as { responses: Record<string, { content: Record<string, { schema: unknown }> }> }).responses["200"];
    expect(health?.content["application/json"]?.schema).toEqual(bundle.components.schemas.HealthcheckResponse);
  });

  it("stops at cycles and lets a $ref's siblings win (fixture)", () => {
    const doc = {
      openapi: "3.1.0",
      paths: { "/n": { get: { responses: { "200": { $ref: "#/components/responses/Node" } } } } },
      components: {
        responses: { Node: { description: "a node", content: { "application/json": { schema: { $ref: "#/components/schemas/Node" } } } } },
        schemas: {
          Node: { type: "object", properties: { label: { $ref: "#/components/schemas/Label", default: "x" }, children: { type: "array", items: { $ref: "#/components/schemas/Node" } } } },
          Label: { type: "string", description: "a label" },
        },
      },
    };
    const result = dereference(doc);
    expect(result.paths["/n"].get.responses["200"]).toEqual({ description: "a node", content: { "application/json": { schema: { $ref: "#/components/schemas/Node" } } } });
    expect(result.components).toEqual({
      schemas: { Node: { type: "object", properties: { label: { type: "string", description: "a label", default: "x" }, children: { type: "array", items: { $ref: "#/components/schemas/Node" } } } } },
    });
  });
});
