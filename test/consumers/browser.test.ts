// The ESM build in a real browser: the packed tarball installed into browser/, its app type-checked
// without Node types, served from 127.0.0.1 with an import map, loaded in headless Chromium, and
// calling the Prism mock (another origin, so CORS preflights are part of the test).
import { createServer, type Server } from "node:http";
import { readFileSync, writeFileSync, existsSync } from "node:fs";
import path from "node:path";
import { transform } from "esbuild";
import { afterAll, describe, expect, inject, it } from "vitest";
import { launchChromium, watchPage } from "../docs/chromium.js";
import { chromiumTool, missing } from "../support/system-tools.js";
import { installConsumer, typecheck } from "./helpers.js";

let server: Server | undefined;
let chromium: Awaited<ReturnType<typeof launchChromium>> | undefined;
afterAll(async () => {
  await chromium?.close();
  await new Promise((resolve) => (server ? server.close(resolve) : resolve(undefined)));
});

/** The file a package's "." export gives under the "import" condition (as a browser's import map needs it). */
function esmEntry(dir: string, name: string): string {
  const pkg = JSON.parse(readFileSync(path.join(dir, "node_modules", name, "package.json"), "utf8"));
  const entry = pkg.exports["."];
  const target = typeof entry.import === "string" ? entry.import : entry.import.default;
  return `/node_modules/${name}/${target.replace(/^\.\//, "")}`;
}

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
    server = createServer((request, response) => {
      const url = new URL(request.url ?? "/", "http://127.0.0.1");
      const file = url.pathname === "/" ? null : path.join(dir, path.normalize(url.pathname));
      if (url.pathname === "/") {
        response.writeHead(200, { "content-type": "text/html; charset=utf-8" }).end(html);
      } else if (file && (url.pathname === "/app.js" || url.pathname.startsWith("/node_modules/")) && file.startsWith(dir) && existsSync(file)) {
        response.writeHead(200, { "content-type": "text/javascript; charset=utf-8" }).end(readFileSync(file));
      } else {
        response.writeHead(404).end();
      }
    });
    await new Promise<void>((resolve) => server!.listen(0, "127.0.0.1", resolve));
    const address = server.address();
    if (!address || typeof address === "string") throw new Error("no port");

    chromium = await launchChromium();
    const page = await chromium.browser.newPage();
    const watched = watchPage(page);
    const loaded: string[] = [];
    page.on("requestfinished", (request) => loaded.push(new URL(request.url()).pathname));
    await page.goto(`http://127.0.0.1:${address.port}/?mock=${encodeURIComponent(inject("packageMockUrl"))}`);
    await page.waitForFunction(() => window.serviceApiResult !== undefined, null, { timeout: 30_000 });
    const result = await page.evaluate(() => window.serviceApiResult);

    expect(result).toEqual({
      health: "ok",
      apiVersion: expect.any(String),
      signupUrl: expect.stringMatching(/^https:\/\/console\.acme\.example\/signup\?token=/),
      invalidStatus: 422,
    });
    // It really was the packed ESM build (and openapi-fetch's ESM), nothing else.
    expect(loaded).toContain("/node_modules/service-api/dist/index.js");
    expect(loaded.filter((p) => p.endsWith(".cjs"))).toEqual([]);
    expect(watched.external).toEqual([]);
    expect(watched.errors).toEqual([]);
  });
});

declare global {
  interface Window {
    serviceApiResult?: unknown;
  }
}
