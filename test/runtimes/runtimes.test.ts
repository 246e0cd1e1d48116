// The shared cases (app/cases.js) on every runtime of runtimes.ts, from the packed tarball. Each
// runtime runs all cases once (beforeAll); each case is then one test, held to KNOWN_FAILURES.
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { chromiumTool, missing } from "../support/system-tools.js";
import type { TestServer } from "../support/loopback-server.js";
import { CASE_NAMES } from "./app/protocol.js";
import { KNOWN_FAILURES } from "./known-failures.js";
import type { RunOutcome } from "./launch.js";
import { RUNTIMES } from "./runtimes.js";
import { startService } from "./service.js";

let service: TestServer;
const scratch = mkdtempSync(path.join(os.tmpdir(), "service-api-runtime-bundles-"));
beforeAll(async () => {
  service = await startService();
});
afterAll(async () => {
  await service.close();
  rmSync(scratch, { recursive: true, force: true });
});

it("lists known failures only for runtimes and cases the suite has", () => {
  const stale = Object.entries(KNOWN_FAILURES).flatMap(([runtime, cases]) =>
    Object.keys(cases)
      .filter((name) => !RUNTIMES.some((r) => r.id === runtime) || !CASE_NAMES.includes(name))
      .map((name) => `${runtime} × ${name}`),
  );
  expect(stale).toEqual([]);
});

for (const runtime of RUNTIMES) {
  const skip = runtime.id === "chromium" && missing(chromiumTool);
  describe.skipIf(skip)(runtime.label, () => {
    let outcome: RunOutcome;
    beforeAll(async () => {
      outcome = await runtime.run(inject("runtimesApp"), service.url, path.join(scratch, runtime.id));
    });

    it.each(CASE_NAMES)(`${runtime.id}: %s`, (name) => {
      const result = outcome.results.find((candidate) => candidate.name === name);
      if (!result) throw new Error(`${runtime.id} reported no result for ${name}; its output:\n${outcome.log}`);
      const known = KNOWN_FAILURES[runtime.id]?.[name];
      if (!known) {
        expect(result.error, `${runtime.id}, ${name}`).toBeUndefined();
        expect(result.ok).toBe(true);
        return;
      }
      const tag = known.finding === undefined ? "a limitation of the runtime" : `finding ${known.finding} (to fix)`;
      expect(result.ok, `${runtime.id}, ${name} is listed as a known failure (${tag}: ${known.reason}) but passes: remove its entry from known-failures.ts`).toBe(false);
      expect(result.error).toMatch(known.error);
    });
  });
}
