// MSW 3 beside the packed tarball, as a project on MSW 3 gets it: `npm install` of the tarball and
// msw@3 succeeds (the optional peer range takes both majors), and `service-api/testing/msw` works
// there with no other library: the frameworks guide's MSW recipe compiled by tsc --strict and run,
// and the runtime suite's MSW case, on each Node line at or above MSW 3's floor (22.12). The
// repository's own msw stays 2.x (the bench compares against openapi-msw, which takes MSW 2 only),
// so MSW 3 comes from the npm registry at the version scripts/lib/tool-packages.mjs pins.
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { repoRoot } from "../../scripts/lib/paths.mjs";
import { run } from "../../scripts/lib/run.mjs";
import { ensurePackage, ensureRuntime, RUNTIME_PACKAGES } from "../../scripts/lib/runtimes.mjs";
import { MSW_CHECKS_RESULT, MSW_REFUSAL_LOG } from "../support/ecosystem.js";
import { RESULTS_PREFIX } from "./app/protocol.js";
import { TOOL_PACKAGES } from "../../scripts/lib/tool-packages.mjs";

const { version } = TOOL_PACKAGES.msw3;
const recipes = path.join(repoRoot, "test", "consumers", "ecosystem");
const tsc = path.join(repoRoot, "node_modules", "typescript", "bin", "tsc");

/**
 * MSW 3's one change the recipes meet: `onUnhandledRequest` is now `onUnhandledFrame` (the
 * frameworks guide says so). The file is otherwise the guide's, word for word.
 */
function forMsw3(source: string): string {
  const spelt = source.split('onUnhandledRequest: "error"');
  expect(spelt, "the file sets onUnhandledRequest once").toHaveLength(2);
  return spelt.join('onUnhandledFrame: "error"');
}

let project: string;
let installOutput: string;
beforeAll(() => {
  // Warms npm's cache with MSW 3 and its dependencies, once per machine, like every pinned tool.
  ensurePackage(TOOL_PACKAGES.msw3.name, version);
  project = mkdtempSync(path.join(os.tmpdir(), "service-api-msw3-"));
  cpSync(path.join(import.meta.dirname, "app"), project, { recursive: true });
  writeFileSync(path.join(project, "msw-node.js"), forMsw3(readFileSync(path.join(project, "msw-node.js"), "utf8")));
  // MSW 3 answers at the socket, after fetch has checked the address: port 9 (the case's "nothing
  // listens here") is on fetch's list of refused ports, so the copy takes another loopback port.
  const casePath = path.join(project, "msw-case.js");
  const caseSource = readFileSync(casePath, "utf8");
  expect(caseSource).toContain('"http://127.0.0.1:9"');
  writeFileSync(casePath, caseSource.replace('"http://127.0.0.1:9"', '"http://127.0.0.1:4019"'));
  cpSync(path.join(recipes, "mocks.ts"), path.join(project, "mocks.ts"));
  writeFileSync(path.join(project, "msw-checks.ts"), forMsw3(readFileSync(path.join(recipes, "msw-checks.ts"), "utf8")));
  const tsconfig = JSON.parse(readFileSync(path.join(recipes, "tsconfig.json"), "utf8"));
  tsconfig.compilerOptions.typeRoots = [path.join(repoRoot, "node_modules", "@types")];
  tsconfig.files = ["mocks.ts", "msw-checks.ts"];
  writeFileSync(path.join(project, "tsconfig.json"), JSON.stringify(tsconfig, null, 2));
  // As a user would, but for the package and its dependencies coming from their tarballs: no
  // --legacy-peer-deps, no --force. Only MSW's own packages come from the registry (or npm's cache).
  const tarballs = [inject("packageTarball"), ...inject("packageDependencyTarballs")];
  const install = run("npm", ["install", "--prefer-offline", "--no-audit", "--no-fund", "--ignore-scripts", "--no-package-lock", ...tarballs, `msw@${version}`], { cwd: project, timeoutMs: 300_000 });
  installOutput = `${install.stdout}${install.stderr}`;
}, 300_000);
afterAll(() => {
  if (project) rmSync(project, { recursive: true, force: true });
});

const installedVersion = (...parts: string[]) => JSON.parse(readFileSync(path.join(project, "node_modules", ...parts, "package.json"), "utf8")).version;

describe(`MSW ${version} beside the packed tarball`, () => {
  it("npm installs both, with no peer conflict, and service-api uses that one MSW", () => {
    expect(installOutput).not.toMatch(/ERESOLVE|peer/i);
    expect(installedVersion("msw")).toBe(version);
    const { stdout } = run("npm", ["ls", "msw", "--json"], { cwd: project });
    expect(JSON.parse(stdout).dependencies).toMatchObject({ msw: { version }, "service-api": { dependencies: { msw: { version } } } });
  });

  it(`the frameworks guide's MSW recipe (mocks.ts, msw-checks.ts) compiles with tsc --strict against MSW ${version}, runs on Node ${RUNTIME_PACKAGES.node22.version}, and logs as the guide says`, () => {
    run(process.execPath, [tsc, "-p", path.join(project, "tsconfig.json")], { cwd: project });
    const { stdout, stderr } = run(ensureRuntime("node22").command[0]!, [path.join("out", "msw-checks.js")], { cwd: project });
    expect(JSON.parse(stdout.trim().split("\n").at(-1)!)).toMatchObject({ recipe: "msw-checks", ...MSW_CHECKS_RESULT });
    expect(stderr).toMatch(MSW_REFUSAL_LOG);
    // tsc over MSW 3's and Node's declarations: about 50 s on a busy two-core machine.
  }, 180_000);

  it.each(["node22", "node24", "node26"] as const)("%s: the runtime suite's MSW case (setupServer) rejects the refused answer with the ContractViolationError itself", (id) => {
    const [executable, ...args] = ensureRuntime(id).command;
    const { stdout } = run(executable!, [...args, "msw-node.js"], { cwd: project });
    const line = stdout.split("\n").find((text) => text.startsWith(RESULTS_PREFIX));
    if (!line) throw new Error(`${id} printed no results:\n${stdout}`);
    expect(JSON.parse(line.slice(RESULTS_PREFIX.length))).toMatchObject({
      name: "Support bot",
      refusedStatus: 422,
      failure: { name: "ContractViolationError", status: 200, message: expect.stringMatching(/\$\.created_at: not a valid date-time/) },
      calls: 2,
    });
  });

  it("on Node 20, below MSW 3's floor, npm installs it but every intercepted request fails: Node 20 projects stay on MSW 2", () => {
    const outcome = run(process.execPath, ["msw-node.js"], { cwd: project, check: false });
    expect(outcome.status).not.toBe(0);
    expect(`${outcome.stdout}${outcome.stderr}`).toMatch(/fetch failed|ServiceConnectionError/);
    expect(outcome.stdout).not.toContain(RESULTS_PREFIX);
  });
});
