// `npm start` on a machine where the default ports are taken: it picks free ones and says which,
// honours the ports it is given (flags or environment), refuses bad values with a message that
// says what to pass, and `--once` leaves nothing running and prints no address.
import { afterEach, describe, expect, it } from "vitest";
import { isPortFree } from "../../scripts/lib/ports.mjs";
import { explain, run } from "../support/generator-tools.js";
import { holdAnyPort, holdPorts, startServing, type Serving } from "../support/serving.js";

const DEFAULT_PORTS = [4010, 8080];
const cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

const npmStart = (args: string[], env: NodeJS.ProcessEnv = {}) => run("npm", ["start", "--silent", "--", ...args], { env, timeoutMs: 180_000 });

describe("npm start", () => {
  it("--once --mock-port 4123 runs the demo while 4010 and 8080 are taken, and leaves nothing running", async () => {
    cleanups.push(await holdPorts(DEFAULT_PORTS));
    const result = await npmStart(["--once", "--mock-port", "4123"]);
    expect(result.status, explain(result)).toBe(0);
    expect(result.stdout).toContain("1. GET /v1/healthcheck (no credentials) → ok");
    expect(result.stdout).toMatch(/4\. JWT mode: GET \/current_user → \S+@\S+, GET \/current_user\/groups → \d+ group\(s\), one token for both \(1 token request\(s\)\)/);
    // Nothing is left to visit, so no address is printed and the port is free again.
    expect(result.stdout + result.stderr).not.toMatch(/https?:\/\/127\.0\.0\.1:\d+/);
    expect(await isPortFree(4123)).toBe(true);
  }, 180_000);

  it("without --once, serves the mock and the docs on free ports when the defaults are taken, prints both, and stops on Ctrl-C", async () => {
    cleanups.push(await holdPorts(DEFAULT_PORTS));
    const serving: Serving = startServing("npm", ["start", "--silent"]);
    cleanups.push(() => serving.stop("SIGKILL"));
    const [, mockUrl, mockPort] = await serving.waitFor(/Mock API: (http:\/\/127\.0\.0\.1:(\d+))/, 150_000);
    const [, docsUrl, docsPort] = await serving.waitFor(/API docs: (http:\/\/127\.0\.0\.1:(\d+)\/)/, 10_000);
    expect(DEFAULT_PORTS).not.toContain(Number(mockPort));
    expect(DEFAULT_PORTS).not.toContain(Number(docsPort));

    const health = await fetch(`${mockUrl}/v1/healthcheck`);
    expect(health.status).toBe(200);
    expect(await health.json()).toMatchObject({ message: "ok" });
    const docs = await fetch(docsUrl!);
    expect(docs.status).toBe(200);
    expect(docs.headers.get("content-type")).toContain("text/html");
    expect(await docs.text()).toContain("Service API reference");

    await serving.stop("SIGINT");
    expect(await isPortFree(Number(mockPort))).toBe(true);
    expect(await isPortFree(Number(docsPort))).toBe(true);
    expect(serving.output()).not.toMatch(/error/i);
  }, 180_000);

  it("uses a port it is given as is, and refuses it when it is taken (flag and environment variable)", async () => {
    const taken = await holdAnyPort();
    cleanups.push(taken.release);
    const byFlag = await npmStart(["--once", "--mock-port", String(taken.port)]);
    expect(byFlag.status, explain(byFlag)).toBe(2);
    expect(byFlag.stderr).toContain(`port ${taken.port} (from --mock-port) is already in use`);

    const byVariable = await npmStart([], { SERVICE_API_DOCS_PORT: String(taken.port) });
    expect(byVariable.status, explain(byVariable)).toBe(2);
    expect(byVariable.stderr).toContain(`port ${taken.port} (from SERVICE_API_DOCS_PORT) is already in use`);
  }, 60_000);

  it.each([
    [["--mock-port", "abc"], {}, '--mock-port must be a port number from 1 to 65535 (or 0 for any free port), got "abc"; for example --mock-port 4011'],
    [["--docs-port", "65536"], {}, '--docs-port must be a port number from 1 to 65535 (or 0 for any free port), got "65536"'],
    [["--mock-port", "-1"], {}, "--mock-port"],
    [[], { SERVICE_API_MOCK_PORT: "40.5" }, 'SERVICE_API_MOCK_PORT must be a port number from 1 to 65535 (or 0 for any free port), got "40.5"; for example SERVICE_API_MOCK_PORT=4011'],
    [["--mock-port"], {}, "--mock-port"],
    [["--mockport", "4123"], {}, "Unknown option '--mockport'"],
  ])("refuses %j %j before building anything, saying what to pass", async (args, env, message) => {
    const result = await npmStart(args, env);
    expect(result.status, explain(result)).toBe(2);
    expect(result.stderr).toContain(message);
    expect(result.stderr).toContain("usage: npm start -- [--once] [--mock-port <port>] [--docs-port <port>]");
    expect(result.stdout).not.toContain("bundle:");
  }, 60_000);
});
