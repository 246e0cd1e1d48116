// The types on the compilers users have: the oldest TypeScript the package supports compiles a
// consumer (app/typescript/consumer.ts) of `service-api`, `service-api/schema`,
// `service-api/validate` and `service-api/testing` from the packed tarball, and the repository's TypeScript compiles it with
// the strictest flags users turn on, with no Node types. Older compilers are pinned in the
// runtimes cache (tools.ts).
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, inject, it } from "vitest";
import { runAsync } from "../../scripts/lib/run.mjs";
import { ensurePackage } from "../../scripts/lib/runtimes.mjs";
import { typeCheck } from "../support/user-code.js";
import { TOOL_PACKAGES } from "./tools.js";

const project = (name: string) => path.join(inject("runtimesApp"), "typescript", name);

/** `tsc -p` of a pinned TypeScript: its exit status and what it printed. */
async function compileWith(tool: keyof typeof TOOL_PACKAGES, tsconfig: string) {
  const { name, version } = TOOL_PACKAGES[tool];
  const tsc = path.join(ensurePackage(name, version).packageDir, "bin", "tsc");
  const { status, stdout, stderr } = await runAsync(process.execPath, [tsc, "-p", project(tsconfig), "--pretty", "false"], { cwd: project("") });
  return { status, output: `${stdout}${stderr}`, version };
}

describe("the oldest TypeScript", () => {
  it(`${TOOL_PACKAGES.typescriptFloor.version} compiles a consumer (skipLibCheck, as most projects have it)`, async () => {
    const { status, output } = await compileWith("typescriptFloor", "tsconfig.floor.json");
    expect(output).toBe("");
    expect(status).toBe(0);
  });

  it(`${TOOL_PACKAGES.typescriptFullCheck.version} compiles it checking every declaration too (skipLibCheck: false)`, async () => {
    const { status, output } = await compileWith("typescriptFullCheck", "tsconfig.full-check.json");
    expect(output).toBe("");
    expect(status).toBe(0);
  });

  it(`${TOOL_PACKAGES.typescriptBeforeFullCheck.version} does not, and only because of openapi-fetch's declarations, never ours`, async () => {
    const { status, output } = await compileWith("typescriptBeforeFullCheck", "tsconfig.full-check.json");
    expect(status).not.toBe(0);
    const files = new Set(output.split("\n").flatMap((line) => /^(\S+)\(\d+,\d+\): error/.exec(line)?.[1] ?? []));
    expect([...files].sort()).toEqual(["../node_modules/openapi-fetch/dist/index.d.mts", "../node_modules/openapi-typescript-helpers/dist/index.d.mts"]);
  });
});

describe("the strictest flags (exactOptionalPropertyTypes, noUncheckedIndexedAccess, noPropertyAccessFromIndexSignature, lib ES2022 + DOM, no Node types)", () => {
  it("compile the consumer, and refuse `undefined` for an unset option exactly on the lines noted as failing today", async () => {
    const { diagnostics, output } = await typeCheck(project("tsconfig.strictest.json"));
    const optional = project("optional-undefined.ts");
    expect(diagnostics.filter((d) => d.file !== optional), output).toEqual([]);
    const lines = readFileSync(optional, "utf8").split("\n");
    const failing = [...new Set(diagnostics.map((d) => d.line))].sort((a, b) => a - b);
    const noted = lines.flatMap((line, index) => (line.includes("// fails today:") ? [index + 1] : []));
    expect(noted.length).toBeGreaterThan(0);
    // A noted line that compiles now is fixed (drop its note); an unnoted one that fails is new.
    expect(failing.map((line) => `${line}: ${lines[line - 1]!.trim()}`), output).toEqual(noted.map((line) => `${line}: ${lines[line - 1]!.trim()}`));
  });
});
