// Generator check for Go: oapi-codegen (pinned in go-client/go.mod, with its config beside it)
// generates types and a client from the 3.0 edition; `go vet` and `go build` pass on them, and
// `go test` runs go-client/calls_test.go, a Go team's first calls, against the mock.
import { beforeAll, describe, expect, inject, it } from "vitest";
import { goCommand } from "../../scripts/lib/other-languages.mjs";
import { explain, run } from "../support/generator-tools.js";
import { goClientTool, missing } from "../support/system-tools.js";
import { goEnv, goModule } from "./other-language-clients.js";

describe.skipIf(missing(goClientTool))("Go: oapi-codegen's client of the 3.0 edition", () => {
  let module: string;
  const go = (args: string[], env: Record<string, string> = {}) => run(goCommand()!, args, { cwd: module, env: { ...goEnv(), ...env }, timeoutMs: 600_000 });
  beforeAll(async () => {
    module = await goModule();
  }, 900_000);

  it("passes go vet and go build", async () => {
    const vetted = await go(["vet", "./..."]);
    expect(vetted.status, explain(vetted)).toBe(0);
    const built = await go(["build", "./..."]);
    expect(built.status, explain(built)).toBe(0);
  });

  it("makes a Go team's first calls against the mock (go test)", async () => {
    const tested = await go(["test", "-count=1", "-v", "."], { SERVICE_API_MOCK_URL: inject("prismUrl") });
    expect(tested.status, explain(tested)).toBe(0);
    const passed = [...tested.stdout.matchAll(/^--- PASS: (\w+)/gm)].map((match) => match[1]);
    expect(passed).toEqual(["TestHealthcheck", "TestGetProject", "TestCreateProjectWithOnlyItsName", "TestListProjectsPageAfterPage", "TestUploadFile", "TestRefusedRequestIsThe422"]);
  });
});
