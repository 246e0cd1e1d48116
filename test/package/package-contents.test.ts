// The tarballs' contents: the real `npm pack` lists pass, and the checker catches each kind of
// file that must not ship (so a passing check means something). The client's tarball holds the
// builds and the minified contract; the companion's the editions and nothing else.
import { readFileSync } from "node:fs";
import path from "node:path";
import { inject, describe, expect, it } from "vitest";
import { CONTRACT_PACKAGE_DIR } from "../../scripts/lib/contract-package.mjs";
import { CONTRACT_FILES, REQUIRED_FILES, checkContractContents, checkPackageContents } from "../../scripts/lib/package-contents.mjs";
import { repoRoot } from "../../scripts/lib/paths.mjs";
import { guides, readUserDoc, userDocs } from "../../scripts/lib/user-docs.mjs";
import { run } from "../../scripts/lib/run.mjs";

/** The files a tarball holds, as paths inside the package. */
function listed(tarball: string): string[] {
  return run("tar", ["-tzf", tarball]).stdout.split("\n").filter(Boolean).map((f) => f.replace(/^package\//, ""));
}

describe("package contents", () => {
  it("the packed tarball holds exactly what users need", () => {
    const files = listed(inject("packageTarball"));
    expect(checkPackageContents(files, (file) => readFileSync(path.join(repoRoot, file), "utf8"))).toEqual([]);
    expect(files.sort()).toEqual([...REQUIRED_FILES].sort());
  });

  it.each([
    ["test/unit/base-url.test.ts", "tests and benchmarks"],
    ["dist/client.test.js", "a test file"],
    ["openapi/openapi.yaml", "the spec's split sources"],
    ["src/index.ts", "sources and build scripts"],
    ["scripts/bundle.mjs", "sources and build scripts"],
    ["reference/operations.tsv", "the reference facts"],
    [".env", "a secret or credential file"],
    ["config/.env.production", "a secret or credential file"],
    ["deploy/server.pem", "a secret or credential file"],
    [".npmrc", "a secret or credential file"],
    ["service-api-0.1.0.tgz", "an install, build or report artefact"],
    ["dist/index.js.map", "a source map"],
    ["notes.txt", "not in the allowed list"],
    // The maintainers' guide stays in the repository; users get the README.
    ["CONTRIBUTING.md", "not in the allowed list"],
    ["generated/openapi.dereferenced.yaml", "belongs to service-api-contract"],
    // The editions users of the client do not load: the companion package's.
    ["generated/openapi.dereferenced.json", "belongs to service-api-contract"],
    ["generated/openapi.yaml", "belongs to service-api-contract"],
    ["generated/openapi.json", "belongs to service-api-contract"],
    ["dist/openapi.yaml", "belongs to service-api-contract"],
    ["openapi-3.0.json", "belongs to service-api-contract"],
  ])("refuses %s (%s)", (file, reason) => {
    const problems = checkPackageContents([...REQUIRED_FILES, file]);
    expect(problems).toHaveLength(1);
    expect(problems[0]).toContain(file);
    expect(problems[0]).toContain(reason);
  });

  it.each(["dist/index.d.cts", "README.md", "LICENSE", "dist/openapi.json", "dist/verify-report.schema.json"])("requires %s", (file) => {
    expect(checkPackageContents(REQUIRED_FILES.filter((f) => f !== file))).toEqual([`missing ${file}`]);
  });

  it("ships the user README and its guides, not the maintainers' guide", () => {
    const readme = readFileSync(path.join(repoRoot, "README.md"), "utf8");
    expect(readme).toContain("createServiceClient(");
    // A page a newcomer reads top-down; the reference is in the guides.
    expect(readme.split("\n").length).toBeLessThanOrEqual(350);
    expect(readme).toContain("CONTRIBUTING.md");
    expect(guides().length).toBeGreaterThan(5);
    for (const doc of userDocs()) {
      const text = readUserDoc(doc);
      for (const maintainersOnly of ["## Lint policy", "### Lint policy", "## Commands", "## Repository layout"]) expect(text, doc).not.toContain(maintainersOnly);
    }
    // The tarball must hold every guide (the real `npm pack` list is checked against this above).
    for (const guide of guides()) expect(REQUIRED_FILES).toContain(guide);
  });

  it.each([
    ["a private key", "-----BEGIN RSA PRIVATE KEY-----\nMIIE"],
    ["an npm token", `token=npm_${"a1B2".repeat(9)}`],
    ["a GitHub token", `ghp_${"x".repeat(36)}`],
    ["an AWS access key id", "AKIAIOSFODNN7EXAMPL3"],
    ["a signed JWT", "eyJhbGciOiJSUzI1NiJ9.eyJzdWIiOiJyZWFsLXVzZXIifQ.c2lnbmVkLWJ5LWEtcmVhbC1rZXk"],
  ])("finds %s in a shipped file", (what, text) => {
    expect(checkPackageContents(REQUIRED_FILES, (file) => (file === "dist/index.js" ? text : ""))).toEqual([
      `dist/index.js contains what looks like ${what}`,
    ]);
  });

  it("lets the spec's documented example JWT through", () => {
    const example = "eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiJleGFtcGxlIiwiZXhwIjo0MTAyNDQ0ODAwfQ.ZmFrZSBzaWduYXR1cmU";
    expect(checkPackageContents(REQUIRED_FILES, (file) => (file === "dist/openapi.json" ? `"access_token": "${example}"` : ""))).toEqual([]);
  });
});

describe("service-api-contract contents", () => {
  it("the packed tarball holds its manifest, README, licence and the five editions, nothing else", () => {
    const files = listed(inject("contractTarball"));
    expect(checkContractContents(files, (file) => readFileSync(path.join(CONTRACT_PACKAGE_DIR, file), "utf8"))).toEqual([]);
    expect(files.sort()).toEqual([...CONTRACT_FILES].sort());
  });

  it.each(["dist/index.js", "prepack.mjs", "generated/openapi.json"])("refuses %s", (file) => {
    expect(checkContractContents([...CONTRACT_FILES, file])).toEqual([`${file} must not ship in service-api-contract: it holds the editions and nothing else`]);
  });

  it.each(CONTRACT_FILES)("requires %s", (file) => {
    expect(checkContractContents(CONTRACT_FILES.filter((f) => f !== file))).toEqual([`missing ${file}`]);
  });

  it("finds a credential in an edition", () => {
    expect(checkContractContents(CONTRACT_FILES, (file) => (file === "openapi.yaml" ? "-----BEGIN RSA PRIVATE KEY-----" : ""))).toEqual(["openapi.yaml contains what looks like a private key"]);
  });
});
