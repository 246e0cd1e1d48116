// The testing guide's Vitest example (docs/testing.md, the ```ts vitest block) as a test file of a
// user's project that has the packed tarball installed, run by each Vitest major users have: the
// repository's Vitest 4 on this Node, and Vitest 5 (Node 22.12 or later) installed apart at the
// version scripts/lib/tool-packages.mjs pins, on Node 22. Each must report both of the example's tests passed.
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, expect, inject, it } from "vitest";
import { repoRoot } from "../../scripts/lib/paths.mjs";
import { runAsync } from "../../scripts/lib/run.mjs";
import { ensurePackage, ensureRuntime, RUNTIME_PACKAGES } from "../../scripts/lib/runtimes.mjs";
import { fencedBlock } from "../../scripts/lib/user-docs.mjs";
import { TOOL_PACKAGES } from "../../scripts/lib/tool-packages.mjs";

const versionOf = (packageDir: string): string => JSON.parse(readFileSync(path.join(packageDir, "package.json"), "utf8")).version;
const example = fencedBlock("docs/testing.md", "ts vitest");
const scratch: string[] = [];
afterAll(() => {
  for (const dir of scratch) rmSync(dir, { recursive: true, force: true });
});

/** A project of the example alone: the runtime app's node_modules (the tarball), and `vitestDir` as its vitest. */
function exampleProject(vitestDir: string): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), "service-api-vitest-"));
  scratch.push(dir);
  const installed = path.join(inject("runtimesApp"), "node_modules");
  mkdirSync(path.join(dir, "node_modules"));
  for (const name of readdirSync(installed)) if (name !== "vitest" && name !== ".bin") symlinkSync(path.join(installed, name), path.join(dir, "node_modules", name), "dir");
  symlinkSync(vitestDir, path.join(dir, "node_modules", "vitest"), "dir");
  writeFileSync(path.join(dir, "package.json"), `${JSON.stringify({ private: true, type: "module" })}\n`);
  writeFileSync(path.join(dir, "example.test.ts"), example.code);
  return dir;
}

const MAJORS = [
  { label: `Vitest ${versionOf(path.join(repoRoot, "node_modules", "vitest"))} (the repository's) on this Node`, vitest: () => path.join(repoRoot, "node_modules", "vitest"), node: () => process.execPath },
  {
    label: `Vitest ${TOOL_PACKAGES.vitest5.version} (installed apart) on Node ${RUNTIME_PACKAGES.node22.version}`,
    vitest: () => ensurePackage(TOOL_PACKAGES.vitest5.name, TOOL_PACKAGES.vitest5.version).packageDir,
    node: () => ensureRuntime("node22").command[0]!,
  },
];

it.each(MAJORS)("$label runs the guide's example from the packed tarball: both tests pass", async ({ vitest, node }) => {
  const dir = exampleProject(vitest());
  const run = await runAsync(node(), [path.join(dir, "node_modules", "vitest", "vitest.mjs"), "run", "--root", dir, "--reporter", "verbose"], {
    cwd: dir,
    timeoutMs: 120_000,
    // Not this process's environment: a vitest inside a vitest would read its worker variables.
    inheritEnv: false,
    env: { PATH: process.env.PATH ?? "", HOME: process.env.HOME ?? "", CI: "1", NO_COLOR: "1" },
  });
  expect(run.status, `${run.stdout}${run.stderr}`).toBe(0);
  expect(run.stdout).toMatch(/Tests\s+2 passed \(2\)/);
}, 180_000);
