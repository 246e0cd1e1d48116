// The companion package service-api-contract, installed from its packed tarball into a fresh
// project: each export resolves, for `import` and `require`, to the edition generated/ holds (a
// YAML edition byte for byte, a JSON edition as the same value, minified); and it carries the
// client's version.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { parse } from "yaml";
import { CONTRACT_EDITIONS, CONTRACT_PACKAGE_DIR } from "../../scripts/lib/contract-package.mjs";
import { installOffline } from "../../scripts/lib/pack.mjs";
import { generatedDir, repoRoot } from "../../scripts/lib/paths.mjs";
import { run } from "../../scripts/lib/run.mjs";

let project: string;
beforeAll(() => {
  project = mkdtempSync(path.join(os.tmpdir(), "service-api-contract-consumer-"));
  writeFileSync(path.join(project, "package.json"), JSON.stringify({ name: "contract-consumer", version: "1.0.0", private: true, type: "module" }));
  installOffline(project, [inject("contractTarball")]);
});
afterAll(() => rmSync(project, { recursive: true, force: true }));

/** Runs an ES module in the consumer project; what it prints, parsed. */
function inProject(source: string): unknown {
  return JSON.parse(run(process.execPath, ["--input-type=module", "-e", source], { cwd: project }).stdout);
}

describe("service-api-contract, installed", () => {
  it("resolves every edition, from ES modules and CommonJS, to generated/'s: YAML byte for byte, JSON minified", () => {
    const resolved = inProject(`
      import { createRequire } from "node:module";
      import { fileURLToPath } from "node:url";
      const require = createRequire(import.meta.url);
      const names = ${JSON.stringify(CONTRACT_EDITIONS)};
      console.log(JSON.stringify(names.map((name) => [fileURLToPath(import.meta.resolve("service-api-contract/" + name)), require.resolve("service-api-contract/" + name)])));
    `) as [string, string][];
    expect(resolved).toHaveLength(CONTRACT_EDITIONS.length);
    resolved.forEach(([fromImport, fromRequire], index) => {
      const name = CONTRACT_EDITIONS[index]!;
      expect(fromRequire).toBe(fromImport);
      expect(path.basename(fromImport)).toBe(name);
      const shipped = readFileSync(fromImport, "utf8");
      const generated = readFileSync(path.join(generatedDir, name), "utf8");
      if (name.endsWith(".yaml")) {
        expect(shipped === generated, name).toBe(true);
        return;
      }
      expect(JSON.parse(shipped), name).toEqual(JSON.parse(generated));
      expect(shipped.split("\n"), `${name} is one line`).toEqual([JSON.stringify(JSON.parse(shipped)), ""]);
      expect(shipped.length, name).toBeLessThan(generated.length);
    });
  });

  it("imports the JSON editions as modules, and each YAML edition is its JSON twin", () => {
    const versions = inProject(`
      import spec from "service-api-contract/openapi.json" with { type: "json" };
      import down from "service-api-contract/openapi-3.0.json" with { type: "json" };
      import flat from "service-api-contract/openapi.dereferenced.json" with { type: "json" };
      console.log(JSON.stringify([spec.openapi, down.openapi, flat.openapi]));
    `);
    expect(versions).toEqual(["3.1.0", "3.0.3", "3.1.0"]);
    const edition = (name: string) => readFileSync(path.join(project, "node_modules", "service-api-contract", name), "utf8");
    expect(parse(edition("openapi.yaml"), { maxAliasCount: -1 })).toEqual(JSON.parse(edition("openapi.json")));
    expect(parse(edition("openapi-3.0.yaml"), { maxAliasCount: -1 })).toEqual(JSON.parse(edition("openapi-3.0.json")));
  });

  it("has the client's version, and refuses what it does not export", () => {
    const manifest = JSON.parse(readFileSync(path.join(project, "node_modules", "service-api-contract", "package.json"), "utf8"));
    expect(manifest.version).toBe(JSON.parse(readFileSync(path.join(repoRoot, "package.json"), "utf8")).version);
    expect(JSON.parse(readFileSync(path.join(CONTRACT_PACKAGE_DIR, "package.json"), "utf8")).version).toBe(manifest.version);
    expect(inProject(`
      try { import.meta.resolve("service-api-contract/README.md"); console.log(JSON.stringify("resolved")); }
      catch (error) { console.log(JSON.stringify(error.code)); }
    `)).toBe("ERR_PACKAGE_PATH_NOT_EXPORTED");
  });
});
