// The "Testing your code" guide's examples (docs/testing.md) are test files themselves (```ts vitest and
// ```ts node:test), so readme-examples.test.ts, which joins the ```ts blocks into programs and
// runs them with tsx, cannot run them: describe/test need their runner. Here each is written out
// as a file of a user's project, compiled by `tsc --strict` as user code, and run by its own
// runner: the vitest block by this repository's vitest (in a child process, with the package's
// names pointed at the sources), the node:test block by Node's test runner through tsx. Both must
// report every test passed; neither needs a server.
import { writeFileSync } from "node:fs";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { repoRoot } from "../../scripts/lib/paths.mjs";
import { runAsync } from "../../scripts/lib/run.mjs";
import { fencedBlock } from "../../scripts/lib/user-docs.mjs";
import { runUserProgram, typeCheck, writeUserProject, type TypeCheck, type UserProject } from "../support/user-code.js";

const GUIDE = "docs/testing.md";

const block = (runner: string) => fencedBlock(GUIDE, `ts ${runner}`);

const vitestBlock = block("vitest");
const nodeTestBlock = block("node:test");
let project: UserProject;
let compiled: TypeCheck;

beforeAll(async () => {
  project = writeUserProject("typed-usage/readme-testing", { "with-vitest.test.ts": vitestBlock.code, "with-node-test.test.ts": nodeTestBlock.code });
  // The child vitest resolves the package's names as users' installs would, but to the sources.
  const src = (file: string) => JSON.stringify(path.join(repoRoot, "src", file));
  writeFileSync(
    project.file("vitest.config.mjs"),
    `export default { test: { include: ["with-vitest.test.ts"] }, resolve: { alias: [{ find: /^service-api\\/testing$/, replacement: ${src("testing.ts")} }, { find: /^service-api$/, replacement: ${src("index.ts")} }] } };\n`,
  );
  compiled = await typeCheck(project.tsconfig);
}, 60_000);

const errorsIn = (file: string) => compiled.diagnostics.filter((d) => d.file === project.file(file)).map((d) => `line ${d.line}: ${d.message}`);

describe("the 'Testing your code' guide's examples", () => {
  it("compile under tsc --strict", () => {
    expect(errorsIn("with-vitest.test.ts"), `${GUIDE} line ${vitestBlock.line}`).toEqual([]);
    expect(errorsIn("with-node-test.test.ts"), `${GUIDE} line ${nodeTestBlock.line}`).toEqual([]);
  });

  it("the vitest example passes under vitest", async () => {
    const run = await runAsync(path.join(repoRoot, "node_modules", ".bin", "vitest"), ["run", "--config", "vitest.config.mjs", "--root", project.dir, "--reporter", "verbose"], {
      cwd: project.dir,
      timeoutMs: 60_000,
      // Not this process's environment: a vitest inside a vitest would read its worker variables.
      inheritEnv: false,
      env: { PATH: process.env.PATH ?? "", HOME: process.env.HOME ?? "", CI: "1", NO_COLOR: "1" },
    });
    expect(run.status, `${run.stdout}${run.stderr}`).toBe(0);
    expect(run.stdout).toMatch(/Tests\s+2 passed \(2\)/);
  }, 90_000);

  it("the node:test example passes under Node's test runner", async () => {
    const run = await runUserProgram(project.tsconfig, project.file("with-node-test.test.ts"), {}, { nodeOptions: ["--test-reporter=tap"], timeoutMs: 60_000 });
    expect(run.code, `${run.stdout}${run.stderr}`).toBe(0);
    expect(run.stdout).toMatch(/^# pass 2$/m);
    expect(run.stdout).toMatch(/^# fail 0$/m);
  }, 90_000);
});
