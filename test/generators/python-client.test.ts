// Generator check for Python: openapi-python-client (pinned in python-client/requirements.txt)
// generates a whole client (httpx and attrs) from the 3.1 bundle, which it reads without a
// warning (the 3.0 edition costs it 39 schemas: it refuses a default beside `allOf: [$ref]`, the
// 3.0 form of a reference with a default). The client installs with pip, a small program that
// uses it passes `mypy --strict`, and the program calls the mock: python-client/call_mock.py says
// which calls.
import path from "node:path";
import { beforeAll, describe, expect, inject, it } from "vitest";
import { pythonClientDir, pythonTool } from "../../scripts/lib/other-languages.mjs";
import { explain, run } from "../support/generator-tools.js";
import { missing, pythonClientTools } from "../support/system-tools.js";
import { pythonClient, pythonEnv } from "./other-language-clients.js";

const program = path.join(pythonClientDir, "call_mock.py");

describe.skipIf(missing(pythonClientTools))("Python: openapi-python-client's client of the 3.1 bundle", () => {
  let generated: { project: string; output: string; strippedDefaults: string[] };
  beforeAll(async () => {
    generated = await pythonClient();
  });

  it("generates it with no warning", () => {
    expect(generated.output).not.toMatch(/warning|error|unable|skipping/i);
  });

  it("is handed the bundle without only the object defaults it cannot take: col_mapping and the listing's sort", () => {
    expect(new Set(generated.strippedDefaults)).toEqual(new Set(["col_mapping", "sort"]));
  });

  it("installs with pip, and a program using it passes mypy --strict and calls the mock", async () => {
    // Into the tools' venv, as a team installs a generated client: its build backend (poetry-core)
    // and its dependencies are pinned there, so nothing is fetched.
    const installed = await run(pythonTool("pip"), ["install", "--quiet", "--no-deps", "--no-build-isolation", "--force-reinstall", generated.project], { env: pythonEnv() });
    expect(installed.status, explain(installed)).toBe(0);

    const typed = await run(pythonTool("mypy"), ["--strict", "--no-incremental", program], { env: pythonEnv(), cwd: pythonClientDir });
    expect(typed.status, explain(typed)).toBe(0);
    expect(typed.stdout).toMatch(/^Success: no issues found in 1 source file/);

    const called = await run(pythonTool("python"), [program, inject("prismUrl")], { env: pythonEnv() });
    expect(called.status, explain(called)).toBe(0);
    expect(called.stdout.trim().split("\n")).toEqual([
      expect.stringMatching(/^healthcheck: \d+\.\d+\.\d+$/),
      "getProject: 3fa85f64-5717-4562-b3fc-2c963f66afa6 created 2026-02-10T09:15:00+00:00",
      expect.stringMatching(/^createProject: [0-9a-f-]{36}$/),
      expect.stringMatching(/^getProjectsPaginated: [1-9]\d* projects in [1-9]\d* pages$/),
      "uploadFile: 200",
      "generateSignupLink refused: 422, 1 detail(s), first at ['query', 'user_email']",
    ]);
  });
});
