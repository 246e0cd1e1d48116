// Generator check for Go: Debian's kin-openapi (the library Go generators and validators such as
// oapi-codegen build on) loads the 3.0 edition, validates it (structure, references, unique
// operationIds, every example and default against its schema) and lists its operations, which
// must be exactly the bundle's. Built in GOPATH mode from Debian's packages: nothing is downloaded.
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, expect, it } from "vitest";
import { explain, generatedDir, generatorsDir, operationKeys, readEdition, run } from "../support/generator-tools.js";
import { goTool, missing } from "../support/system-tools.js";

const GOPATH = "/usr/share/gocode";
const scratch = mkdtempSync(path.join(os.tmpdir(), "service-api-generators-go-"));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

function goEnv(): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    GO111MODULE: "off",
    GOPATH,
    GOPROXY: "off",
    // Kept between runs (outside the repo) so a second build takes a second, not ten.
    GOCACHE: path.join(os.tmpdir(), "service-api-go-build-cache"),
  };
  delete env.GOFLAGS;
  return env;
}

it.skipIf(missing(goTool))("kin-openapi (Debian golang-github-getkin-kin-openapi-dev) loads and validates the 3.0 edition and finds every operation", async () => {
  const binary = path.join(scratch, "listoperations");
  const built = await run("go", ["build", "-o", binary, "."], { cwd: path.join(generatorsDir, "go", "listoperations"), env: goEnv() }).catch((error: Error) => {
    throw new Error(`${error.message}: install Go and kin-openapi with \`apt-get install -y golang-go golang-github-getkin-kin-openapi-dev\` (.ci/run does)`);
  });
  expect(built.status, explain(built)).toBe(0);

  const bundle = readEdition("openapi.json");
  const expected = operationKeys(bundle);
  const listed = await run(binary, ["-expect", String(expected.length), path.join(generatedDir, "openapi-3.0.json")]);
  expect(listed.status, explain(listed)).toBe(0);
  const report = JSON.parse(listed.stdout) as { openapi: string; count: number; liftedNullableUnions: number; operations: { method: string; path: string; operationId: string }[] };
  expect(report.openapi).toBe("3.0.3");
  expect(report.operations.map((op) => `${op.method} ${op.path} ${op.operationId}`).sort()).toEqual(expected);
  // The unions kin-openapi needs `nullable` on (see main.go): reported, and few.
  expect(report.liftedNullableUnions).toBeLessThan(50);
});
