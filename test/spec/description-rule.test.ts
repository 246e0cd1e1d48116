// The description-agrees-with-schema rule (.spectral.yaml) catches each kind of contradiction it
// exists for, and passes the same kind of clause where the schema agrees: one Spectral run with
// the project's ruleset over test/spec/fixtures/description-contradictions.yaml. (The lint test
// proves the contract itself has none.)
import path from "node:path";
import { expect, it } from "vitest";
import { binDir, explain, repoRoot, run } from "../support/generator-tools.js";
import { bundleSpectralFunctions } from "../../scripts/lib/spectral-functions.mjs";

interface SpectralResult {
  code: string;
  message: string;
  path: (string | number)[];
}

// The timeout is a hang guard, not a budget: one Spectral process takes 3 s quiet and more than
// vitest's default 5 s under load.
it("reports each contradiction of the fixture once, where it is, saying how to fix it, and nothing that agrees", async () => {
  const fixture = path.join(repoRoot, "test", "spec", "fixtures", "description-contradictions.yaml");
  await bundleSpectralFunctions();
  const linted = await run(path.join(binDir, "spectral"), ["lint", "--ruleset", path.join(repoRoot, ".spectral.yaml"), "--format", "json", "--quiet", fixture]);
  let results: SpectralResult[];
  try {
    results = JSON.parse(linted.stdout) as SpectralResult[];
  } catch {
    throw new Error(`spectral printed no JSON report\n${explain(linted)}`);
  }
  const found = results.filter((result) => result.code === "description-agrees-with-schema");
  const at = (result: SpectralResult) => result.path.join(".");

  expect(found.map((result) => `${at(result)} | ${/(default|null|absent|UUID|free-form|not a value)/.exec(result.message)?.[1]}`).sort()).toEqual([
    "components.schemas.Colour | not a value", // x-enumDescriptions explains `blue`, which the enum lacks
    "components.schemas.Thing.properties.wrong_default_different | default", // names 10, declares 5
    "components.schemas.Thing.properties.wrong_default_undeclared | default", // names 0.5, declares none
    "components.schemas.Thing.properties.wrong_enum_value | not a value", // `purple`
    "components.schemas.Thing.properties.wrong_free_form | free-form", // integer values
    "components.schemas.Thing.properties.wrong_null | null", // a plain string
    "components.schemas.Thing.properties.wrong_required_absent | absent", // required
    "components.schemas.Thing.properties.wrong_uuid | UUID", // no uuid format
    "paths./things.get.parameters.0 | absent", // a required parameter "omitted"
  ]);
  for (const result of found) expect(result.message).toMatch(/: (declare|drop|make|say|add|describe|name only)/);
}, 120_000);
