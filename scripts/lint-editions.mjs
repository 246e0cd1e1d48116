// Lints the OpenAPI 3.0 edition (generated/openapi-3.0.yaml) the way `npm run lint` lints the
// bundle: Redocly with the rules of redocly.yaml, and Spectral with .spectral.yaml (OpenAPI,
// OWASP and house rules, warnings fail). Both must report nothing at all.
import { run } from "./lib/run.mjs";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { parse, stringify } from "yaml";
import { binDir, generatedDir, repoRoot } from "./lib/paths.mjs";
import { redoclyLint } from "./lib/redocly-lint.mjs";

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
const scratch = mkdtempSync(path.join(os.tmpdir(), "service-api-lint-editions-"));
try {
  const configFile = path.join(scratch, "redocly.yaml");
  writeFileSync(configFile, stringify(config));
  if (!redoclyLint([edition, "--config", configFile], "redocly lint (3.0 edition)")) failed = true;
} finally {
  rmSync(scratch, { recursive: true, force: true });
}

// Spectral: the bundle's ruleset; its overrides name the 3.0 edition's pointers too.
const spectral = run(path.join(binDir, "spectral"), ["lint", "--fail-severity=warn", "--ruleset", ".spectral.yaml", path.relative(repoRoot, edition)], { check: false });
process.stdout.write(spectral.stdout);
process.stderr.write(spectral.stderr);
console.log(`spectral lint (3.0 edition): ${spectral.status === 0 ? "clean" : `failed (exit ${spectral.status})`}`);
if (spectral.status !== 0) failed = true;
process.exit(failed ? 1 : 0);
