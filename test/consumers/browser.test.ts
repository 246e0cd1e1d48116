// The ESM build in a real browser: the packed tarball installed into browser/, its app type-checked
// without Node types, served from 127.0.0.1 with an import map, loaded in headless Chromium, and
// calling the Prism mock (another origin, so CORS preflights are part of the test).
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { transform } from "esbuild";
import { describe, expect, it } from "vitest";
import { chromiumTool, missing } from "../support/system-tools.js";
import { openConsumerPage, serveConsumerPage } from "../support/browser-page.js";
import { esmEntry, installConsumer, typecheck } from "../support/consumer-projects.js";

describe.skipIf(missing(chromiumTool))("the ESM build in headless Chromium", { timeout: 120_000 }, () => {
  it("calls the mock and gets typed results", async () => {
    const dir = installConsumer("browser");
    typecheck(dir);
    const app = await transform(readFileSync(path.join(dir, "app.ts"), "utf8"), { loader: "ts", format: "esm", target: "es2022" });
    writeFileSync(path.join(dir, "app.js"), app.code);
    const imports = { "service-api": esmEntry(dir, "service-api"), "openapi-fetch": esmEntry(dir, "openapi-fetch") };
    expect(imports["service-api"]).toBe("/node_modules/service-api/dist/index.js");
    const html = readFileSync(path.join(dir, "index.html"), "utf8").replace("__IMPORT_MAP__", JSON.stringify({ imports }));

    // Only the page, the app and files inside node_modules/ are served.
    const origin = await serveConsumerPage({
      html,
      scriptFile: (pathname) => {
        const file = path.join(dir, path.normalize(pathname));
        return (pathname === "/app.js" || pathname.startsWith("/node_modules/")) && file.startsWith(dir) ? file : undefined;
      },
    });
    const { result, loaded, external, errors } = await openConsumerPage(origin);

    expect(result).toEqual({
      health: "ok",
      apiVersion: expect.any(String),
      signupUrl: expect.stringMatching(/^https:\/\/console\.acme\.example\/signup\?token=/),
      invalidStatus: 422,
    });
    // It really was the packed ESM build (and openapi-fetch's ESM), nothing else.
    expect(loaded).toContain("/node_modules/service-api/dist/index.js");
    expect(loaded.filter((p) => p.endsWith(".cjs"))).toEqual([]);
    expect(external).toEqual([]);
    expect(errors).toEqual([]);
  });
});

