// The MSW case (app/msw-case.js) from the packed tarball: the contract's mock as MSW handlers
// answers a client given no fetch of its own, on every Node the suite runs (setupServer) and in
// headless Chromium (setupWorker, MSW's worker script served beside the page, plus an SWR hook
// rendered until it shows the answer).
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, inject, it } from "vitest";
import { ensureRuntime } from "../../scripts/lib/runtimes.mjs";
import { run } from "../../scripts/lib/run.mjs";
import { serveConsumerPage } from "../support/browser-page.js";
import { launchChromium, watchPage } from "../support/chromium.js";
import { chromiumTool, missing } from "../support/system-tools.js";
import { RESULTS_PREFIX } from "./app/protocol.js";
import { bundleEntry } from "./launch.js";

const scratch = mkdtempSync(path.join(os.tmpdir(), "service-api-msw-case-"));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

const common = {
  name: "Support bot",
  refusedStatus: 422,
  violations: [
    { kind: "request", operation: "POST /projects", status: 422, paths: ["$.name"] },
    { kind: "answer", operation: "GET /projects/{project_id}", status: 200, paths: ["$.created_at"] },
  ],
  // The answered call and the refused one, each asked for once: the client did not retry.
  calls: 2,
};
const violationMessage = /GET \/projects\/\{project_id\} answered HTTP 200, which the contract does not allow: \$\.created_at: not a valid date-time/;

const NODES = {
  node20: () => [process.execPath],
  node22: () => ensureRuntime("node22").command,
  node24: () => ensureRuntime("node24").command,
  node26: () => ensureRuntime("node26").command,
};

describe("MSW handlers of the contract's mock, in Node (setupServer)", () => {
  it.each(Object.keys(NODES))("%s: the call rejects at once with the ContractViolationError itself", (id) => {
    const [executable, ...args] = NODES[id as keyof typeof NODES]();
    const { stdout } = run(executable!, [...args, "msw-node.js"], { cwd: inject("runtimesApp") });
    const line = stdout.split("\n").find((text) => text.startsWith(RESULTS_PREFIX));
    if (!line) throw new Error(`${id} printed no results:\n${stdout}`);
    const result = JSON.parse(line.slice(RESULTS_PREFIX.length));
    expect(result).toMatchObject(common);
    expect(result.failure).toEqual({ name: "ContractViolationError", status: 200, message: expect.stringMatching(violationMessage) });
  });
});

describe.skipIf(missing(chromiumTool))("MSW handlers of the contract's mock, in headless Chromium (setupWorker)", () => {
  it("the call is answered at once with a 500 that asks for no retry and names the violation; an SWR hook shows the mock's answer", async () => {
    const app = inject("runtimesApp");
    const bundle = await bundleEntry(app, "msw-page.js", scratch, { conditions: ["browser"], platform: "browser", format: "esm" });
    const workerScript = path.join(app, "node_modules", "msw", "lib", "mockServiceWorker.js");
    const origin = await serveConsumerPage({
      html: readFileSync(path.join(app, "msw.html"), "utf8"),
      scriptFile: (pathname) => ({ "/msw-page.js": bundle, "/mockServiceWorker.js": workerScript })[pathname],
    });
    const chromium = await launchChromium();
    try {
      const page = await chromium.browser.newPage();
      const watched = watchPage(page);
      await page.goto(origin);
      await page.waitForFunction(() => (window as { serviceApiResult?: unknown }).serviceApiResult !== undefined, null, { timeout: 30_000 });
      const result = await page.evaluate(() => (window as { serviceApiResult?: unknown }).serviceApiResult);
      expect(watched).toEqual({ external: [], errors: [] });
      expect(result).toMatchObject({ ...common, swr: "Support bot" });
      expect((result as { failure: unknown }).failure).toEqual({ answered: 500, retryAfter: "86400", detail: expect.stringMatching(violationMessage) });
    } finally {
      await chromium.close();
    }
  });
});
