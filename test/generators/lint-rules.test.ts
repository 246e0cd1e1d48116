// The generator rules in .spectral.yaml (item 2 of the generator issue) fire where they should and
// say how to fix what they find: one Spectral run over a fixture that breaks each rule once.
// (`npm run lint:spectral` proves they are quiet on the contract itself.)
import path from "node:path";
import { expect, it } from "vitest";
import { binDir, explain, generatorsDir, repoRoot, run } from "../support/generator-tools.js";
import { bundleSpectralFunctions } from "../../scripts/lib/spectral-functions.mjs";

interface SpectralResult {
  code: string;
  message: string;
  path: (string | number)[];
}

/** Spectral's JSON report of a fixture under the project's ruleset. */
async function lintFixture(name: string): Promise<SpectralResult[]> {
  const fixture = path.join(generatorsDir, "fixtures", name);
  await bundleSpectralFunctions();
  const linted = await run(path.join(binDir, "spectral"), ["lint", "--ruleset", path.join(repoRoot, ".spectral.yaml"), "--format", "json", "--quiet", fixture]);
  try {
    return JSON.parse(linted.stdout) as SpectralResult[];
  } catch {
    throw new Error(`spectral printed no JSON report\n${explain(linted)}`);
  }
}

it("each generator rule reports its fixture violation, with a message that says how to fix it", async () => {
  const results = await lintFixture("generator-rules-violations.yaml");
  const found = (code: string) => results.filter((result) => result.code === code).map((result) => result.path.join("."));

  // A body that merges two schemas inline is refused; one named schema wrapped alone (how the 3.0
  // edition keeps a default beside a $ref) is that schema.
  expect(found("body-schema-named").sort()).toEqual([
    "paths./things.get.responses.200.content.application/json.schema",
    "paths./things.post.requestBody.content.application/json.schema",
    "paths./things/{id}.put.requestBody.content.application/json.schema",
  ]);
  expect(found("enum-schema-named")).toEqual(["components.schemas.Thing.properties.colour"]);
  expect(found("schema-names-unique-ignoring-case")).toEqual(["components.schemas.THING"]);
  expect(found("operation-ids-unique-ignoring-case")).toEqual(["paths./things/{id}.get.operationId"]);
  expect(found("operation-id-not-reserved")).toEqual(["paths./things.post.operationId"]);
  expect(found("schema-name-identifier")).toEqual(["components.schemas.Body_get_thing_things__id__get"]);
  expect(found("schema-name-no-framework-artefact")).toEqual(["components.schemas.Body_get_thing_things__id__get"]);
  // What made oapi-codegen's client fail to compile: a schema named like a type it makes per operation.
  expect(found("schema-name-not-go-operation-type").sort()).toEqual(["components.schemas.GetThingResponse", "components.schemas.ReplaceThingParams"]);

  const ours = results.filter((result) => /^(body-schema-named|enum-schema-named|schema-names|operation-ids-unique|operation-id-not-reserved|schema-name-)/.test(result.code));
  for (const result of ours) expect(result.message, result.code).toMatch(/rename|move it|name this|give it|name the action/);
});

it("documentation-depth reports each missing description, enum explanation and example, and nothing documented", async () => {
  const results = await lintFixture("documentation-depth-violations.yaml");
  const depth = results.filter((result) => result.code === "documentation-depth");
  expect(depth.map((result) => result.path.join(".")).sort()).toEqual([
    "components.schemas.Level", // integer values explained but not named (x-enum-varnames)
    "components.schemas.Shade", // values not explained
    "components.schemas.Tone", // one value of two explained
    "components.schemas.Widget", // an object schema with no example
    "components.schemas.Widget.properties.name", // restates the name
    "components.schemas.Widget.properties.parts.items.properties.part_id", // no description, at depth
    "components.schemas.Widget.properties.size", // no description
    "paths./widgets.get.parameters.0", // a parameter with no example
  ]);
  for (const result of depth) expect(result.message).toMatch(/describe|explain|add (a|an) /);
});

