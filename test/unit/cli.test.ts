// The `service-api` command line's top level, in process: `--help` lists the commands and
// `--version` prints the version (both exit 0); no command prints the commands and exits 2, as a
// usage error; each command's `--help` is its own; and verify's flags with no command before them
// are refused with what to type instead. (The installed bin, as a user runs it:
// test/package/installed-command.test.ts.)
import { describe, expect, it } from "vitest";
import packageJson from "../../package.json" with { type: "json" };
import { COMMANDS_HELP, runCommand } from "../../src/cli/commands.js";
import { MOCK_HELP } from "../../src/mock/command.js";
import { HELP } from "../../src/verify/options.js";

function output() {
  let text = "";
  return { write: (chunk: string) => (text += chunk), text: () => text };
}

/** `service-api …args` with no environment: what it printed on each stream, and its exit code. */
async function run(...args: string[]) {
  const stdout = output();
  const stderr = output();
  const code = await runCommand(args, { env: {}, stdout, stderr }, AbortSignal.abort());
  return { code, stdout: stdout.text(), stderr: stderr.text() };
}

describe("service-api", () => {
  it("--help lists the commands, verify and mock, on stdout, and exits 0", async () => {
    for (const flag of ["--help", "-h"]) {
      expect(await run(flag)).toEqual({ code: 0, stdout: COMMANDS_HELP, stderr: "" });
    }
    const commands = [...COMMANDS_HELP.slice(COMMANDS_HELP.indexOf("Commands:"), COMMANDS_HELP.indexOf("Options:")).matchAll(/^ {2}([a-z]+) /gm)].map((match) => match[1]);
    expect(commands).toEqual(["verify", "mock"]);
  });

  it("--version prints the package's version and exits 0", async () => {
    expect(packageJson.version).toMatch(/^\d+\.\d+\.\d+/);
    expect(await run("--version")).toEqual({ code: 0, stdout: `${packageJson.version}\n`, stderr: "" });
  });

  it("with no command, prints the commands on stderr and exits 2, a usage error", async () => {
    expect(await run()).toEqual({ code: 2, stdout: "", stderr: `service-api: no command given\n\n${COMMANDS_HELP}` });
  });

  it("each command's --help is its own", async () => {
    expect(await run("verify", "--help")).toEqual({ code: 0, stdout: HELP, stderr: "" });
    expect(await run("mock", "--help")).toEqual({ code: 0, stdout: MOCK_HELP, stderr: "" });
    expect(HELP).toMatch(/^Usage: service-api verify /);
    expect(MOCK_HELP).toMatch(/^Usage: service-api mock /);
    expect(HELP).not.toBe(COMMANDS_HELP);
  });

  it("no longer runs verify without its name, and says what to type", async () => {
    const result = await run("--base-url", "http://127.0.0.1:4010", "--mock");
    expect(result).toEqual({
      code: 2,
      stdout: "",
      stderr: "service-api: no command before --base-url: verify runs only by its name: write service-api verify --base-url … (service-api --help lists the commands)\n",
    });
    expect((await run("--mock", "verify")).stderr).toContain("write service-api verify --base-url …");
  });

  it("never repeats a value given with a flag, such as the API key", async () => {
    const key = "canary-key-in-argv-5f3e";
    for (const args of [[`--api-key=${key}`], ["--api-key", key], [`--bogus=${key}`], [key]]) {
      const result = await run(...args);
      expect(result.code).toBe(2);
      expect(result.stderr).not.toContain(key);
      expect(result.stdout).toBe("");
    }
    expect((await run(`--bogus=${key}`)).stderr).toBe("service-api: unknown option --bogus: a command comes first; service-api --help lists the commands\n");
  });

  it("names an unknown command, and the ones there are", async () => {
    expect(await run("verfy", "--base-url", "x")).toEqual({ code: 2, stdout: "", stderr: 'service-api: unknown command "verfy": the commands are verify and mock (service-api --help)\n' });
  });
});
