// The packed tarball in four consumer shapes (see README.md): each installs it into a temporary
// project, type-checks where it is TypeScript, and calls the Prism mock through the client.
import { spawnSync } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { build } from "esbuild";
import { describe, expect, inject, it } from "vitest";
import { installConsumer, run, typecheck } from "../support/consumer-projects.js";

function callMock(dir: string, file: string) {
  const stdout = run(process.execPath, [file], { cwd: dir, env: { MOCK_URL: inject("prismUrl") } });
  return JSON.parse(stdout.trim().split("\n").at(-1)!);
}

const expected = {
  health: "ok",
  signupUrl: expect.stringMatching(/^https:\/\/console\.acme\.example\/signup\?token=/),
  invalidStatus: 422,
  derived: "https://api.acme.example",
};

describe("consumers of the packed tarball", { timeout: 120_000 }, () => {
  it("ESM JavaScript: import, and the bundle as JSON", () => {
    const dir = installConsumer("esm-js");
    expect(callMock(dir, "index.js")).toEqual({ ...expected, specVersion: "3.1.0" });
  });

  it("CommonJS JavaScript: require, and the bundle as JSON", () => {
    const dir = installConsumer("cjs-js");
    expect(callMock(dir, "index.js")).toEqual({ ...expected, specVersion: "3.1.0" });
  });

  it("TypeScript, moduleResolution NodeNext: compiles with tsc and runs in Node", () => {
    const dir = installConsumer("ts-nodenext");
    typecheck(dir); // emits out/index.js
    expect(callMock(dir, "out/index.js")).toEqual(expected);
  });

  it("TypeScript, moduleResolution Bundler: type-checks, bundles with esbuild, runs", async () => {
    const dir = installConsumer("ts-bundler");
    typecheck(dir);
    await build({ absWorkingDir: dir, entryPoints: ["index.ts"], bundle: true, platform: "node", format: "esm", target: "node20", outfile: "out/index.mjs", logLevel: "silent" });
    expect(callMock(dir, "out/index.mjs")).toEqual(expected);
  });

  it("the installed bin verifies the mock, and service-api/validate loads in ESM and CommonJS", () => {
    const mock = inject("prismUrl");
    const dir = installConsumer("esm-js");
    const verify = spawnSync("npx", ["--offline", "service-api", "verify", "--base-url", mock, "--mock"], {
      cwd: dir,
      encoding: "utf8",
      env: { ...process.env, NO_UPDATE_NOTIFIER: "1", SERVICE_API_KEY: "consumer-key" },
    });
    expect(verify.stderr.replace(/^npm warn.*\n/gm, "")).toBe("");
    expect(verify.status).toBe(0);
    expect(verify.stdout).toMatch(/^verify: \d+ of \d+ read-only operations checked \(\d+% coverage; the contract has \d+ operations\): \d+ passed, 0 failed, \d+ skipped$/m);
    expect(verify.stdout).toMatch(/^auth probes \(no credential\): (\d+) operations, \1 calls refused, 0 accepted$/m);
    const drift = { projects: true, problems: [{ path: "$.message", message: "expected string, got integer" }] };
    expect(callMock(dir, "validate.js")).toEqual(drift);
    expect(callMock(installConsumer("cjs-js"), "validate.js")).toEqual(drift);
  });

  it("the type checks are real: a consumer with a type error fails tsc", () => {
    const dir = installConsumer("ts-nodenext");
    const source = path.join(dir, "index.ts");
    writeFileSync(source, readFileSync(source, "utf8").replace("const signupUrl: string = link.signup_url;", "const signupUrl: number = link.signup_url;"));
    expect(() => typecheck(dir)).toThrow(/Type 'string' is not assignable to type 'number'/);
  });
});
