// `npm run mock`: one line with its address (not Prism's line per route) unless --verbose, a free
// port when 4010 is taken, and the mock really answering there.
import { afterEach, describe, expect, it } from "vitest";
import { isPortFree } from "../../scripts/lib/ports.mjs";
import { explain, run } from "../support/generator-tools.js";
import { holdPorts, startServing } from "../support/serving.js";

const cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

const ADDRESS_LINE = /^Mock of the API on (http:\/\/127\.0\.0\.1:(\d+)) .*\n/m;

describe("npm run mock", () => {
  it("prints one line with its address, on a free port when 4010 is taken", async () => {
    cleanups.push(await holdPorts([4010]));
    const serving = startServing("npm", ["run", "--silent", "mock"]);
    cleanups.push(() => serving.stop("SIGKILL"));
    const [, url, port] = await serving.waitFor(ADDRESS_LINE, 90_000);
    expect(Number(port)).not.toBe(4010);
    const health = await fetch(`${url}/v1/healthcheck`);
    expect(health.status).toBe(200);
    // A moment for any late start-up log to arrive: it must not.
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(serving.output().trim().split("\n")).toHaveLength(1);
    await serving.stop("SIGINT");
    expect(await isPortFree(Number(port))).toBe(true);
  }, 120_000);

  it("--verbose shows Prism's own log, one line per route", async () => {
    const serving = startServing("npm", ["run", "--silent", "mock", "--", "--verbose", "--port", "0"]);
    cleanups.push(() => serving.stop("SIGKILL"));
    await serving.waitFor(ADDRESS_LINE, 90_000);
    expect(serving.output()).toMatch(/GET\s+http:\/\/127\.0\.0\.1:\d+\/v1\/healthcheck/);
    expect(serving.output().split("\n").length).toBeGreaterThan(100);
    await serving.stop("SIGINT");
  }, 120_000);

  it("refuses a bad port, saying what to pass", async () => {
    const result = await run("npm", ["run", "--silent", "mock", "--", "--port", "http"], { timeoutMs: 30_000 });
    expect(result.status, explain(result)).toBe(2);
    expect(result.stderr).toContain('--port must be a port number from 1 to 65535 (or 0 for any free port), got "http"; for example --port 4011');
  }, 60_000);
});
