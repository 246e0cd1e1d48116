// The service's own Python SDK (PyPI, pinned in python-sdk/requirements.txt and installed in a
// virtual environment of its own by npm run setup:other-languages) against `service-api mock`, with
// no account: a user of the SDK points it at the mock and tests their code there. The mock is the
// server `service-api mock` runs (src/mock/command.ts: serveMock over mockService()), served here in
// process on a free loopback port so the test can read what it received; the CLI prints only the
// requests it refuses, and none is refused here.
//
// Configured as the SDK's README says, by the environment: the console's address and an API key.
// One more variable is needed: for a console on a loopback address the SDK takes the API to be at
// http://localhost:8088, whatever the console's port (the validator of its config's `api_url`, in the
// SDK's core package; a console elsewhere has `console` replaced by `api` in its address), so the
// mock on a free port is also named as the API's address, the SDK's own setting for it.
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { pythonSdkDir, pythonSdkPython } from "../../scripts/lib/other-languages.mjs";
import { serveMock } from "../../src/mock/server.js";
import { mockService } from "../../src/testing/mock-service.js";
import { answerExample } from "../support/bundle.js";
import { explain, run } from "../support/generator-tools.js";
import { missing, pythonSdkTool } from "../support/system-tools.js";

const program = path.join(pythonSdkDir, "projects.py");
/** The prefix of the SDK's environment variables (its config reads every one): none from this machine may reach the program. */
const SDK_PREFIX = "GALILEO_";
const home = mkdtempSync(path.join(os.tmpdir(), "service-api-python-sdk-"));
afterAll(() => rmSync(home, { recursive: true, force: true }));

describe.skipIf(missing(pythonSdkTool))("the service's Python SDK against service-api mock", () => {
  it("logs in with an API key, creates a project and finds it in the listing", async () => {
    // The authenticated calls answer the contract's examples as without a handler (a handler's
    // status alone answers its example); the handler only notes the credential the call carried,
    // which the record of calls redacts.
    const bearers: string[] = [];
    const noteBearer = ({ request }: { request: Request }) => {
      bearers.push(request.headers.get("authorization") ?? "(none)");
      return { status: 200 as const };
    };
    const service = mockService({ "GET /current_user": noteBearer, "POST /projects": noteBearer, "GET /projects/all": noteBearer });
    const server = await serveMock(service, { host: "127.0.0.1", port: 0, keepRecord: true });
    try {
      const inherited = Object.fromEntries(Object.keys(process.env).filter((name) => name.startsWith(SDK_PREFIX)).map((name) => [name, undefined]));
      const ran = await run(pythonSdkPython(), [program, "sdk-first-project"], {
        cwd: home,
        env: {
          ...inherited,
          [`${SDK_PREFIX}CONSOLE_URL`]: server.url,
          [`${SDK_PREFIX}API_URL`]: server.url,
          [`${SDK_PREFIX}API_KEY`]: "python-sdk-test-key",
          // Where the SDK keeps its files: a temporary folder, not the user's home.
          [`${SDK_PREFIX}HOME_DIR`]: path.join(home, "sdk"),
          PYTHONDONTWRITEBYTECODE: "1",
        },
      });
      expect(ran.status, explain(ran)).toBe(0);

      // The mock answers from the contract's examples: the created project is the example's (not
      // the name sent), and the listing's example holds a project of the same id.
      const created = answerExample<{ id: string; name: string }>("/projects", "post");
      const listed = answerExample<{ id: string; name: string }[]>("/projects/all", "get");
      const found = listed.find((project) => project.id === created.id);
      expect(found, "the listing's example holds the created project's id").toBeDefined();
      expect(ran.stdout.trim().split("\n")).toEqual([`created: ${created.id} ${created.name}`, `listed: ${listed.length} project(s)`, `found: ${found!.id} ${found!.name}`]);

      // What the SDK sent, in order: the health check before anything else, the key exchanged for
      // a token (the key in the body, never in a header), the current user to confirm the login,
      // then the two calls of the program, each with the token as a bearer credential.
      const calls = service.calls();
      expect(calls.map((call) => call.operation)).toEqual(["GET /healthcheck", "POST /login/api_key", "GET /current_user", "POST /projects", "GET /projects/all"]);
      expect(calls[1]!.body).toEqual({ api_key: "[REDACTED]" });
      expect(calls[3]!.body).toEqual(expect.objectContaining({ name: "sdk-first-project" }));
      expect(calls[4]!.params.query).toEqual({ type: "gen_ai" });
      for (const call of calls) expect(call.headers["service-api-key"], call.operation).toBeUndefined();
      const token = answerExample<{ access_token: string }>("/login/api_key", "post").access_token;
      expect(bearers).toEqual([`Bearer ${token}`, `Bearer ${token}`, `Bearer ${token}`]);
      expect(service.violations).toEqual([]);
    } finally {
      await server.close();
    }
  });
});
