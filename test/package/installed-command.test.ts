// The `service-api` command and its report's schema, as a user of the packed tarball meets them:
// installed into an empty project, run with npx (offline). `--help` lists the commands and
// `--version` prints the version, both exiting 0; no command lists them and exits 2; each
// command's `--help` is its own; verify's flags without the word are refused with what to type.
// Then a real report, written by the installed `service-api verify --json` against the
// contract's mock, is checked by a user's script against `service-api/verify-report.schema.json`,
// the schema the package exports. (The same top level in process: test/unit/cli.test.ts.)
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { installOffline } from "../../scripts/lib/pack.mjs";
import { repoRoot } from "../../scripts/lib/paths.mjs";
import { runAsync } from "../../scripts/lib/run.mjs";
import { COMMANDS_HELP } from "../../src/cli/commands.js";
import { MOCK_HELP } from "../../src/mock/command.js";
import { serveMock } from "../../src/mock/server.js";
import { mockService } from "../../src/testing.js";
import { HELP } from "../../src/verify/options.js";

const manifest = JSON.parse(readFileSync(path.join(repoRoot, "package.json"), "utf8"));
// The user's environment, less every credential the client would read.
const env = { ...Object.fromEntries(Object.entries(process.env).filter(([name]) => !/^SERVICE_/.test(name))), NO_UPDATE_NOTIFIER: "1" } as Record<string, string>;
const project = mkdtempSync(path.join(os.tmpdir(), "service-api-installed-command-"));

beforeAll(() => {
  writeFileSync(path.join(project, "package.json"), `${JSON.stringify({ name: "a-users-project", private: true, type: "module" }, null, 2)}\n`);
  installOffline(project, [inject("packageTarball"), ...inject("packageDependencyTarballs")]);
}, 120_000);
afterAll(() => rmSync(project, { recursive: true, force: true }));

/** `npx service-api …args` in the project: its exit code and each stream, npm's own notices left out. */
async function serviceApi(...args: string[]) {
  const result = await runAsync("npx", ["--offline", "service-api", ...args], { cwd: project, env, inheritEnv: false, timeoutMs: 120_000 });
  return { code: result.status, stdout: result.stdout, stderr: result.stderr.replace(/^npm warn.*\n/gm, "") };
}

describe("npx service-api, from the installed tarball", () => {
  it("--help lists the commands and exits 0; --version prints the version and exits 0", async () => {
    expect(await serviceApi("--help")).toEqual({ code: 0, stdout: COMMANDS_HELP, stderr: "" });
    expect(COMMANDS_HELP).toMatch(/^ {2}verify /m);
    expect(COMMANDS_HELP).toMatch(/^ {2}mock /m);
    expect(await serviceApi("--version")).toEqual({ code: 0, stdout: `${manifest.version}\n`, stderr: "" });
  });

  it("with no command, lists the commands and exits 2", async () => {
    expect(await serviceApi()).toEqual({ code: 2, stdout: "", stderr: `service-api: no command given\n\n${COMMANDS_HELP}` });
  });

  it("gives each command's own --help", async () => {
    expect(await serviceApi("verify", "--help")).toEqual({ code: 0, stdout: HELP, stderr: "" });
    expect(await serviceApi("mock", "--help")).toEqual({ code: 0, stdout: MOCK_HELP, stderr: "" });
  });

  it("refuses verify's flags without the word, and names service-api verify --base-url …", async () => {
    const result = await serviceApi("--base-url", "http://127.0.0.1:4010", "--mock");
    expect(result.code).toBe(2);
    expect(result.stdout).toBe("");
    expect(result.stderr).toContain("write service-api verify --base-url …");
  });
});

describe("service-api/verify-report.schema.json, from the installed tarball", () => {
  it("resolves, and a user's script holds a real report to it (and refuses one with a field missing)", async () => {
    const mock = await serveMock(mockService(), { host: "127.0.0.1", port: 0 });
    try {
      const verify = await serviceApi("verify", "--base-url", mock.url, "--mock", "--only", "currentUser,healthcheck", "--json", "report.json");
      expect(verify.code, `${verify.stdout}${verify.stderr}`).toBe(0);
    } finally {
      await mock.close();
    }
    const report = JSON.parse(readFileSync(path.join(project, "report.json"), "utf8"));
    expect(report.verdict).toBe("pass");
    const broken = { ...report };
    delete broken.summary;
    writeFileSync(path.join(project, "broken.json"), JSON.stringify(broken));

    // What a user writes: the schema by its export, as JSON, and a validator of their choice
    // (here the package's own dependency, @cfworker/json-schema, which the install put beside it).
    writeFileSync(
      path.join(project, "check-report.mjs"),
      [
        'import { readFileSync } from "node:fs";',
        'import { createRequire } from "node:module";',
        'import { Validator } from "@cfworker/json-schema";',
        'import schema from "service-api/verify-report.schema.json" with { type: "json" };',
        'const file = createRequire(import.meta.url).resolve("service-api/verify-report.schema.json");',
        'const validator = new Validator(schema, "2020-12", false);',
        "const verdicts = process.argv.slice(2).map((report) => validator.validate(JSON.parse(readFileSync(report, \"utf8\"))).valid);",
        "console.log(JSON.stringify({ file, title: schema.title, verdicts }));",
        "",
      ].join("\n"),
    );
    const check = await runAsync(process.execPath, ["check-report.mjs", "report.json", "broken.json"], { cwd: project, env, inheritEnv: false });
    expect(check.status, check.stderr).toBe(0);
    const { file, title, verdicts } = JSON.parse(check.stdout);
    expect(file).toBe(path.join(project, "node_modules", "service-api", "dist", "verify-report.schema.json"));
    expect(readFileSync(file, "utf8")).toBe(readFileSync(path.join(repoRoot, "src", "verify", "report.schema.json"), "utf8"));
    expect(title).toBe("service-api verify --json report");
    expect(verdicts).toEqual([true, false]);
  });
});
