// `npm run mock`: `service-api mock` run from the source, as typed in a clone. It prints one line
// with its address, answers there, prints each refused request with its reason, stops on Ctrl-C,
// and refuses a port in use (4010, its default, included) saying what to pass.
import { afterEach, describe, expect, it } from "vitest";
import { isPortFree } from "../../scripts/lib/ports.mjs";
import { explain, run } from "../support/generator-tools.js";
import { holdAnyPort, holdPorts, startServing } from "../support/serving.js";

const cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

const ADDRESS_LINE = /^service-api mock: the contract's mock on (http:\/\/127\.0\.0\.1:(\d+)) .*\n/m;

describe("npm run mock", () => {
  it("prints one line with its address, answers there, prints a refusal with its reason, and stops on Ctrl-C", async () => {
    const serving = startServing("npm", ["run", "--silent", "mock", "--", "--port", "0"]);
    cleanups.push(() => serving.stop("SIGKILL"));
    const [, url, port] = await serving.waitFor(ADDRESS_LINE, 90_000);
    const health = await fetch(`${url}/v1/healthcheck`);
    expect(health.status).toBe(200);
    expect(serving.output().trim().split("\n")).toHaveLength(1);

    const refused = await fetch(`${url}/projects/not-a-uuid`, { headers: { "Service-API-Key": "any-key" } });
    expect(refused.status).toBe(422);
    expect(await refused.json()).toEqual({ detail: [{ loc: ["path", "project_id"], msg: "not a valid uuid", type: "value_error" }] });
    await serving.waitFor(/^GET \/projects\/\{project_id\}: the service would answer HTTP 422 to this request: path\.project_id: not a valid uuid$/m, 10_000);

    // npm itself ends on the signal (no exit code of its own); the mock closes and frees its port.
    const before = serving.output();
    await serving.stop("SIGINT");
    expect(await isPortFree(Number(port))).toBe(true);
    expect(serving.output()).toBe(before);
  }, 120_000);

  it("refuses its default port when it is taken, and a port given that is taken, saying what to pass", async () => {
    cleanups.push(await holdPorts([4010]));
    const byDefault = await run("npm", ["run", "--silent", "mock"], { timeoutMs: 60_000 });
    expect(byDefault.status, explain(byDefault)).toBe(2);
    expect(byDefault.stderr).toContain("service-api mock: 127.0.0.1:4010 is already in use; stop what holds it, or pass another --port (0 for any free port)");

    const taken = await holdAnyPort();
    cleanups.push(taken.release);
    const given = await run("npm", ["run", "--silent", "mock", "--", "--port", String(taken.port)], { timeoutMs: 60_000 });
    expect(given.status, explain(given)).toBe(2);
    expect(given.stderr).toContain(`service-api mock: 127.0.0.1:${taken.port} is already in use`);
  }, 120_000);

  it("refuses a bad port, saying what to pass", async () => {
    const result = await run("npm", ["run", "--silent", "mock", "--", "--port", "http"], { timeoutMs: 60_000 });
    expect(result.status, explain(result)).toBe(2);
    expect(result.stderr).toContain('--port takes a port number from 1 to 65535 (or 0 for any free port), got "http"; for example --port 4011');
  }, 60_000);
});
