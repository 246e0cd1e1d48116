// The types on the compilers users have: the oldest TypeScript the package supports compiles a
// consumer (app/typescript/consumer.ts) of `service-api`, `service-api/schema`,
// `service-api/validate` and `service-api/testing` from the packed tarball, and the repository's TypeScript compiles it with
// the strictest flags users turn on, with no Node types. Each module resolution the README names
// is compiled by the oldest TypeScript that has it and by TypeScript 7, which has dropped node10.
// The compilers other than the repository's are pinned in the runtimes cache (scripts/lib/tool-packages.mjs).
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, inject, it } from "vitest";
import { runAsync } from "../../scripts/lib/run.mjs";
import { ensurePackage } from "../../scripts/lib/runtimes.mjs";
import { typeCheck } from "../support/user-code.js";
import { TOOL_PACKAGES } from "../../scripts/lib/tool-packages.mjs";

const project = (name: string) => path.join(inject("runtimesApp"), "typescript", name);

/** `tsc -p` of a pinned TypeScript (options after the project override its own): its exit status and what it printed. */
async function compileWith(tool: keyof typeof TOOL_PACKAGES, tsconfig: string, options: readonly string[] = []) {
  const { name, version } = TOOL_PACKAGES[tool];
  const tsc = path.join(ensurePackage(name, version).packageDir, "bin", "tsc");
  const { status, stdout, stderr } = await runAsync(process.execPath, [tsc, "-p", project(tsconfig), ...options, "--pretty", "false"], { cwd: project("") });
  return { status, output: `${stdout}${stderr}`, version };
}

/** The module resolutions the README names for the subpath entries, as the flags that choose each. */
const RESOLUTIONS = {
  NodeNext: ["--module", "NodeNext", "--moduleResolution", "NodeNext"],
  Node16: ["--module", "Node16", "--moduleResolution", "Node16"],
  Bundler: ["--module", "ESNext", "--moduleResolution", "Bundler"],
} as const;

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

describe("every module resolution the README names, on the oldest compiler that has it", () => {
  it.each(["NodeNext", "Node16"] as const)(`TypeScript ${TOOL_PACKAGES.typescriptFloor.version}, %s: the consumer compiles`, async (resolution) => {
    const { status, output } = await compileWith("typescriptFloor", "tsconfig.floor.json", RESOLUTIONS[resolution]);
    expect(output).toBe("");
    expect(status).toBe(0);
  });

  it(`TypeScript ${TOOL_PACKAGES.typescriptFloor.version} has no Bundler resolution; ${TOOL_PACKAGES.typescriptBundlerFloor.version}, the first that has, compiles the consumer with it`, async () => {
    const before = await compileWith("typescriptFloor", "tsconfig.floor.json", RESOLUTIONS.Bundler);
    expect(before.output).toMatch(/error TS6046: Argument for '--moduleResolution' option must be: 'node', 'classic', 'node16', 'nodenext'/);
    const { status, output } = await compileWith("typescriptBundlerFloor", "tsconfig.floor.json", RESOLUTIONS.Bundler);
    expect(output).toBe("");
    expect(status).toBe(0);
  });

  it(`TypeScript ${TOOL_PACKAGES.typescriptFloor.version}, node10 (spelt \`node\`): the root entry's types, and no subpath entry (root-only.ts)`, async () => {
    const { status, output } = await compileWith("typescriptFloor", "tsconfig.node10.json");
    expect(output).toBe("");
    expect(status).toBe(0);
  });
});

describe(`TypeScript ${TOOL_PACKAGES.typescript7.version}, the native port`, () => {
  it.each(Object.keys(RESOLUTIONS) as (keyof typeof RESOLUTIONS)[])("%s: the consumer compiles, checking every declaration (skipLibCheck: false)", async (resolution) => {
    const { status, output } = await compileWith("typescript7", "tsconfig.full-check.json", RESOLUTIONS[resolution]);
    expect(output).toBe("");
    expect(status).toBe(0);
  });

  it("the strictest flags compile the consumer and optional-undefined.ts", async () => {
    const { status, output } = await compileWith("typescript7", "tsconfig.strictest.json");
    expect(output).toBe("");
    expect(status).toBe(0);
  });

  it("refuses node10 (`node`) outright, as a removed option: its users move to NodeNext, Node16 or Bundler", async () => {
    const { status, output } = await compileWith("typescript7", "tsconfig.node10.json");
    expect(status).not.toBe(0);
    expect(output.trim()).toMatch(/^tsconfig\.node10\.json\(\d+,\d+\): error TS5108: Option 'moduleResolution=node10' has been removed\. Please remove it from your configuration\.$/);
  });
});

describe("the strictest flags (exactOptionalPropertyTypes, noUncheckedIndexedAccess, noPropertyAccessFromIndexSignature, lib ES2022 + DOM, no Node types)", () => {
  it("compile the consumer, and take `undefined` for every unset option, parameter and field (optional-undefined.ts, no casts)", async () => {
    expect(JSON.parse(readFileSync(project("tsconfig.strictest.json"), "utf8")).compilerOptions).toMatchObject({ exactOptionalPropertyTypes: true, strict: true });
    const { diagnostics, output } = await typeCheck(project("tsconfig.strictest.json"));
    expect(diagnostics, output).toEqual([]);
    const optional = readFileSync(project("optional-undefined.ts"), "utf8");
    const code = optional.replace(/\/\/.*$/gm, "");
    expect(code).not.toMatch(/\bas\b|!\.|!\)|\bany\b/);
    expect(optional).not.toMatch(/@ts-|fails today/);
    // The file does pass undefined where it could matter: the signal, a query parameter, a body field.
    expect(optional).toMatch(/\{ signal \}/);
    expect(optional).toMatch(/query: \{ limit: count/);
    expect(optional).toMatch(/created_by: text/);
  });
});
