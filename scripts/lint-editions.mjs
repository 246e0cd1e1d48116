// Lints the OpenAPI 3.0 edition (generated/openapi-3.0.yaml) the way `npm run lint` lints the
// bundle: Redocly with the rules of redocly.yaml, and Spectral with .spectral.yaml (OpenAPI,
// OWASP and house rules, warnings fail) and .spectral-examples.yaml. All must report nothing at all.
import { run } from "./lib/run.mjs";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { parse, stringify } from "yaml";
import { binDir, generatedDir, repoRoot } from "./lib/paths.mjs";
import { redoclyLint } from "./lib/redocly-lint.mjs";
import { bundleSpectralFunctions } from "./lib/spectral-functions.mjs";

const edition = path.join(generatedDir, "openapi-3.0.yaml");
let failed = false;

// Redocly: the same rules as redocly.yaml, minus its `apis` (which name the split source).
const base = parse(readFileSync(path.join(repoRoot, "redocly.yaml"), "utf8"));
const config = {
  telemetry: "off",
  extends: base.extends,
  rules: {
    ...base.rules,
    // 3.0's License object has no SPDX `identifier`; the 3.1 bundle carries one instead of a URL,
    // and the licence (proprietary) has no URL to give.
    "info-license-strict": "off",
  },
};
// Redocly's 3.0 example validator (its fork of Ajv in draft-04 mode) reads a discriminator's
// `mapping` as if it were a schema: ProjectFilter maps the tags `id` and `type`, so the mapping
// looks like a schema with an identifier and an invalid `type`, and validating any example that
// reaches ProjectFilter "errors" before it looks at the example. These four examples are the
// bundle's own, unchanged by the conversion, and `npm run lint` validates them there; only these
// pointers and only these two rules are ignored (Redocly's ignore file, beside its config).
const MAPPING_READ_AS_SCHEMA = {
  "no-invalid-schema-examples": ["#/components/schemas/ProjectFilter/schema", "#/components/schemas/ProjectCollectionParams/schema"],
  "no-invalid-media-type-examples": [
    "#/paths/~1projects~1paginated/post/requestBody/content/application~1json/schema",
    "#/paths/~1projects~1count/post/requestBody/content/application~1json/schema",
  ],
};
// A schema the bundle uses only as a map's key set (`propertyNames`) is referred to from
// `x-propertyNames` in the 3.0 edition (convert-3.0.mjs), where Redocly does not look for uses.
const KEY_SETS_ONLY = { "no-unused-components": ["#/components/schemas/RecommendedModelPurpose"] };
const scratch = mkdtempSync(path.join(os.tmpdir(), "service-api-lint-editions-"));
try {
  const configFile = path.join(scratch, "redocly.yaml");
  writeFileSync(configFile, stringify(config));
  writeFileSync(path.join(scratch, ".redocly.lint-ignore.yaml"), stringify({ [path.relative(scratch, edition)]: { ...MAPPING_READ_AS_SCHEMA, ...KEY_SETS_ONLY } }));
  if (!redoclyLint([edition, "--config", configFile], "redocly lint (3.0 edition)")) failed = true;
} finally {
  rmSync(scratch, { recursive: true, force: true });
}

// Spectral: the bundle's rulesets (its overrides name the 3.0 edition's pointers too), the example
// rules among them.
await bundleSpectralFunctions();
for (const ruleset of [".spectral.yaml", ".spectral-examples.yaml"]) {
  const spectral = run(path.join(binDir, "spectral"), ["lint", "--fail-severity=warn", "--ruleset", ruleset, path.relative(repoRoot, edition)], { check: false });
  process.stdout.write(spectral.stdout);
  process.stderr.write(spectral.stderr);
  console.log(`spectral lint, ${ruleset} (3.0 edition): ${spectral.status === 0 ? "clean" : `failed (exit ${spectral.status})`}`);
  if (spectral.status !== 0) failed = true;
}
process.exit(failed ? 1 : 0);
