// service-api/validate in a real browser, the way most users get it there: through a bundler. The
// packed tarball is installed into browser-bundled/, its app type-checked without Node types and
// bundled by esbuild for the browser from the consumer's node_modules (resolving the exports map
// as any bundler does), then loaded in headless Chromium against the Prism mock. The validator
// compiles nothing from strings, so it works under a Content-Security-Policy without
// 'unsafe-eval'; the page itself reports that the policy does refuse `new Function` there.
import { readFileSync } from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { build } from "esbuild";
import { describe, expect, inject, it } from "vitest";
import { chromiumTool, missing } from "../support/system-tools.js";
import { openConsumerPage, serveConsumerPage } from "../support/browser-page.js";
import { esmEntry, installConsumer, typecheck } from "../support/consumer-projects.js";

/** Installs the consumer, type-checks and bundles it once for every test: the bundle's path and the bundler's inputs. */
let bundling: Promise<{ script: string; html: string; inputs: string[]; dir: string }> | undefined;
function bundleApp() {
  bundling ??= (async () => {
    const dir = installConsumer("browser-bundled");
    typecheck(dir);
    const bundled = await build({
      absWorkingDir: dir,
      entryPoints: ["app.ts"],
      bundle: true,
      platform: "browser",
      format: "esm",
      target: "es2022",
      minify: true,
      outfile: "out/app.js",
      metafile: true,
      logLevel: "silent",
    });
    const script = path.join(dir, "out", "app.js");
    const code = readFileSync(script);
    console.info(`browser-bundled: app.js is ${Math.round(code.length / 1024)} KiB minified, ${Math.round(gzipSync(code).length / 1024)} KiB gzipped`);
    const inputs = Object.keys(bundled.metafile.inputs).map((input) => `/${input}`);
    return { script, html: readFileSync(path.join(dir, "index.html"), "utf8"), inputs, dir };
  })();
  return bundling;
}

/** Serves the bundled page under a Content-Security-Policy whose script-src is `scriptSrc` (and that lets it call the mock), and opens it. */
async function openUnderPolicy(scriptSrc: string) {
  const { script, html } = await bundleApp();
  const policy = `default-src 'none'; script-src ${scriptSrc}; connect-src ${new URL(inject("prismUrl")).origin}`;
  const origin = await serveConsumerPage({ html, headers: { "content-security-policy": policy }, scriptFile: (pathname) => (pathname === "/app.js" ? script : undefined) });
  return openConsumerPage(origin);
}

describe.skipIf(missing(chromiumTool))("service-api/validate bundled for headless Chromium", { timeout: 120_000 }, () => {
  it("the bundler takes the package's ES module entries and its openapi.json export", async () => {
    const { inputs, dir } = await bundleApp();
    expect(inputs).toEqual(expect.arrayContaining([esmEntry(dir, "service-api"), esmEntry(dir, "service-api", "./validate"), "/node_modules/service-api/dist/openapi.json"]));
    expect(inputs.filter((input) => input.startsWith("/node_modules/service-api/") && input.endsWith(".cjs"))).toEqual([]);
    expect(inputs.filter((input) => input.startsWith("/node_modules/@cfworker/json-schema/")).every((input) => input.includes("/dist/esm/"))).toBe(true);
  });

  const validated = {
    conforming: "ok",
    drifted: {
      name: "ResponseValidationError",
      isResponseValidationError: true,
      operation: "GET /v1/healthcheck",
      status: 200,
      problems: [{ path: "$.message", message: "expected string, got integer" }],
    },
  };

  it("under script-src 'self', without 'unsafe-eval': passes a conforming answer and throws ResponseValidationError on a drifted one", async () => {
    const { result, loaded, external, errors } = await openUnderPolicy("'self'");
    // evalRefused: the policy is in force on this very page, so nothing in the bundle used eval.
    expect(result).toEqual({ ...validated, evalRefused: true });
    // The one script the page loaded is the bundle built above; nothing else was fetched from us.
    expect(loaded.filter((pathname) => !pathname.startsWith("/v1/"))).toEqual(["/", "/app.js"]);
    expect(external).toEqual([]);
    expect(errors).toEqual([]);
  });

  it("the page tells the policies apart: with 'unsafe-eval' it may compile code, and validation is the same", async () => {
    const { result, external, errors } = await openUnderPolicy("'self' 'unsafe-eval'");
    expect(result).toEqual({ ...validated, evalRefused: false });
    expect(external).toEqual([]);
    expect(errors).toEqual([]);
  });
});
