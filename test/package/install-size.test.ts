// What `npm i service-api` brings: the packed tarball installed into a fresh project with its
// dependencies, every file counted (scripts/lib/install-size.mjs), within the budget; and the
// report that says where the bytes are when it is not.
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, inject, it } from "vitest";
import { INSTALL_BUDGET, installReport, measureInstall } from "../../scripts/lib/install-size.mjs";
import { repoRoot } from "../../scripts/lib/paths.mjs";

const manifest = JSON.parse(readFileSync(path.join(repoRoot, "package.json"), "utf8"));

describe("install size", () => {
  it("a fresh install of the tarball stays within 6 MB, and brings the client, openapi-fetch and the JSON Schema engine only", () => {
    const measured = measureInstall([inject("packageTarball"), ...inject("packageDependencyTarballs")]);
    const report = installReport(measured);
    expect(measured.total, report.lines.join("\n")).toBeLessThanOrEqual(INSTALL_BUDGET);
    expect(report.ok).toBe(true);
    expect(measured.packages.map((p) => p.name).filter((name) => name !== "(npm's own files)").sort()).toEqual(["@cfworker/json-schema", "openapi-fetch", "openapi-typescript-helpers", "service-api"]);
  });

  it("depends on openapi-fetch and the validator only, the validator pinned exactly", () => {
    expect(Object.keys(manifest.dependencies).sort()).toEqual(["@cfworker/json-schema", "openapi-fetch"]);
    expect(manifest.dependencies["@cfworker/json-schema"]).toMatch(/^\d+\.\d+\.\d+$/);
  });

  it("the README states the budget this check enforces", () => {
    expect(readFileSync(path.join(repoRoot, "README.md"), "utf8")).toContain(`stays under ${INSTALL_BUDGET / 1_000_000} MB`);
  });

  it("over the budget, the report fails and names the biggest packages and files", () => {
    const measured = {
      total: 7_500_000,
      packages: [
        { name: "service-api", bytes: 7_000_000 },
        { name: "openapi-fetch", bytes: 500_000 },
      ],
      files: [{ path: "service-api/dist/openapi.dereferenced.json", bytes: 6_000_000 }],
    };
    const report = installReport(measured);
    expect(report.ok).toBe(false);
    expect(report.lines[0]).toBe("install size: 7.50 MB unpacked (2 packages, 1 files) / budget 6.00 MB: OVER by 1.50 MB");
    expect(report.lines).toContain("      7.00 MB  service-api");
    expect(report.lines).toContain("      6.00 MB  node_modules/service-api/dist/openapi.dereferenced.json");
    expect(installReport(measured, 8_000_000).ok).toBe(true);
  });
});
