// Spectral's example rules (.spectral-examples.yaml), which `npm run check` leaves to Redocly's
// for time: the contract's examples and defaults are valid against their schemas, and the ruleset
// is live (it reports a fixture's invalid example and default). Generators, the mock and the
// reference all hand these values to users.
import path from "node:path";
import { expect, it } from "vitest";
import { binDir, explain, generatorsDir, repoRoot, run } from "../support/generator-tools.js";

it("the contract's examples and defaults pass Spectral's example rules", async () => {
  const linted = await run("npm", ["run", "--silent", "lint:spectral:examples"], { timeoutMs: 300_000 });
  expect(linted.status, explain(linted)).toBe(0);
  expect(linted.stdout).toContain("No results with a severity of 'warn' or higher found");
});

it("the example ruleset reports an invalid example and an invalid default", async () => {
  const fixture = path.join(generatorsDir, "fixtures", "invalid-examples.yaml");
  const linted = await run(path.join(binDir, "spectral"), ["lint", "--ruleset", path.join(repoRoot, ".spectral-examples.yaml"), "--format", "json", "--quiet", fixture]);
  let results: { code: string; path: (string | number)[] }[];
  try {
    results = JSON.parse(linted.stdout) as typeof results;
  } catch {
    throw new Error(`spectral printed no JSON report\n${explain(linted)}`);
  }
  expect(results.map((result) => `${result.code} ${result.path.join(".")}`).sort()).toEqual([
    "oas3-valid-media-example paths./things.get.responses.200.content.application/json.example.size",
    "oas3-valid-schema-example components.schemas.Thing.properties.size.default",
  ]);
});
