// The testing guide's "The mock" (docs/testing.md), as a user of the package runs it: the packed
// tarball installed into an empty folder, then the guide's two commands, each in its own process
// as in two terminals: `npx service-api mock` (here on a free port, so that no other program's 4010 is in the way)
// and `npx service-api verify --base-url http://127.0.0.1:<port> --mock`, with no credential
// anywhere in the environment. The mock is stopped with Ctrl-C's signal at the end.
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, inject, it } from "vitest";
import { installOffline } from "../../scripts/lib/pack.mjs";
import { repoRoot } from "../../scripts/lib/paths.mjs";
import { readUserDoc } from "../../scripts/lib/user-docs.mjs";
import { freePort, isPortFree } from "../../scripts/lib/ports.mjs";
import { startServing, type Serving } from "../support/serving.js";

const readme = readUserDoc("docs/testing.md");
const MOCK_COMMAND = "npx service-api mock";
const VERIFY_COMMAND = "npx service-api verify --base-url http://127.0.0.1:4010 --mock";

// The user's environment, less every credential the client would read: the mock needs none.
const env = Object.fromEntries(Object.entries(process.env).filter(([name]) => !/^SERVICE_/.test(name)));

const folder = mkdtempSync(path.join(os.tmpdir(), "service-api-mock-user-"));
let mock: Serving | undefined;
afterAll(async () => {
  await mock?.stop("SIGKILL");
  rmSync(folder, { recursive: true, force: true });
});

/** A command of the guide as argv for spawn, npx told to use only what is installed. */
const argv = (command: string) => ["--offline", ...command.split(" ").slice(1)];

describe("the testing guide's mock and verify, from the packed tarball in an empty folder", { timeout: 180_000 }, () => {
  it("shows both commands in its section on the mock", () => {
    const section = readme.slice(readme.indexOf("## The mock\n"), readme.indexOf("### The mock from the client"));
    expect(section).toContain(`\`\`\`sh\n${MOCK_COMMAND}\n\`\`\``);
    expect(section).toContain(`\`\`\`sh\n${VERIFY_COMMAND}\n\`\`\``);
  });

  it("serves the mock, verifies it with no credential, and stops on Ctrl-C", async () => {
    installOffline(folder, [inject("packageTarball"), ...inject("packageDependencyTarballs")]);
    const port = await freePort();

    mock = startServing("npx", [...argv(MOCK_COMMAND), "--port", String(port)], env, folder);
    const url = `http://127.0.0.1:${port}`;
    await mock.waitFor(new RegExp(`^service-api mock: the contract's mock on ${url} \\(.*Ctrl-C to stop\\)$`, "m"), 60_000);

    const verify = spawnSync("npx", argv(VERIFY_COMMAND.replace("4010", String(port))), { cwd: folder, encoding: "utf8", env: { ...env, NO_UPDATE_NOTIFIER: "1" } });
    expect(verify.stderr.replace(/^npm warn.*\n/gm, "")).toBe("");
    expect(verify.status, verify.stdout).toBe(0);
    const lines = verify.stdout.split("\n");
    expect(lines[0]).toBe('--mock: no credential given, so each call sends the placeholder API key "service-api-mock-placeholder" (a mock checks that a credential is there, not that it is right)');
    expect(lines[1]).toBe("verify: PASS");
    expect(verify.stdout).toMatch(/^verify: \d+ of \d+ read-only operations checked \(\d+% coverage; the contract has \d+ operations\): \d+ passed, 0 failed, \d+ skipped$/m);
    const probes = Number(/^auth probes \(no credential\): (\d+) operations, \1 calls refused, 0 accepted$/m.exec(verify.stdout)?.[1]);
    expect(probes).toBeGreaterThan(0);
    expect(verify.stdout).toMatch(new RegExp(`^drift \\(${url}/openapi\\.json\\): 0 breaking, 0 compatible, 0 operations only the deployment has;`, "m"));

    const refusedInvalid = Number(/^invalid requests \(.*\): \d+ sent to \d+ operations, (\d+) refused, 0 accepted, 0 answered 5xx,/m.exec(verify.stdout)?.[1]);
    expect(refusedInvalid).toBeGreaterThan(0);

    // What the mock refused is printed there, each with its reason: the probes without a
    // credential (401) and the invalid requests verify sends (422). Read once they have all
    // arrived: spawnSync held this process while the mock wrote them.
    // verify also looks for the service's two other documents, which the mock does not publish.
    await mock.waitFor(new RegExp(`^(?:.*\n){${probes + refusedInvalid + 2 + 1}}`), 10_000);
    const [address, ...printed] = mock.output().trimEnd().split("\n");
    expect(address).toMatch(/^service-api mock: /);
    const lookups = printed.filter((line) => /^GET \/(client|public)\/openapi\.json: the service would answer HTTP 404 /.test(line));
    expect(lookups.map((line) => line.slice(0, line.indexOf(":"))).sort()).toEqual(["GET /client/openapi.json", "GET /public/openapi.json"]);
    const refusals = printed.filter((line) => !lookups.includes(line));
    expect(refusals).toHaveLength(probes + refusedInvalid);
    const unauthorised = refusals.filter((line) => / HTTP 401 /.test(line));
    expect(unauthorised).toHaveLength(probes);
    for (const line of unauthorised) expect(line).toMatch(/^(GET|POST) \/\S*: the service would answer HTTP 401 to this request: \$: no credential this operation accepts \(/);
    for (const line of refusals.filter((line) => !unauthorised.includes(line))) {
      expect(line).toMatch(/^(GET|POST) \/\S*: the service would answer HTTP 422 to this request: \S/);
    }

    // The mock publishes the whole contract, prose and all, though the package's own
    // openapi.json, which verify read, is the one without it (test/package/shipped-files.test.ts).
    const published = await (await fetch(`${url}/openapi.json`)).json();
    expect(published).toEqual(JSON.parse(readFileSync(path.join(repoRoot, "generated", "openapi.json"), "utf8")));
    expect(readFileSync(path.join(folder, "node_modules", "service-api", "dist", "openapi.json"), "utf8")).not.toContain('"x-codeSamples"');

    // npx itself ends on the signal (no exit code of its own); the mock closes, says nothing
    // more, and frees its port.
    const before = mock.output();
    await mock.stop("SIGINT");
    expect(await isPortFree(port)).toBe(true);
    expect(mock.output()).toBe(before);
  });
});
