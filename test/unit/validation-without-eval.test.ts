// Cloudflare Workers and the Vercel Edge runtime refuse to compile code from strings (`eval`,
// `new Function`), as does a page whose Content-Security-Policy lacks 'unsafe-eval'. The response
// validator, bundled as a user's bundler would, runs here in a V8 context that refuses the same
// (node:vm with code generation from strings off, the mechanism the Edge runtime itself uses).
import vm from "node:vm";
import { build } from "esbuild";
import { describe, expect, it } from "vitest";
import { repoRoot } from "../../scripts/lib/paths.mjs";

const entry = `
  import { createResponseValidator } from "./src/validation/response-validator.ts";
  globalThis.checkAnswer = (body) => createResponseValidator().check({ operation: "GET /v1/healthcheck", status: 200, contentType: "application/json", body }).problems;
`;

describe("validation where code generation is refused", () => {
  it("checks answers in a context without eval, which refuses new Function", async () => {
    const bundled = await build({ stdin: { contents: entry, resolveDir: repoRoot, loader: "ts" }, bundle: true, format: "iife", platform: "neutral", write: false, logLevel: "silent" });
    // URL: a web platform global every such runtime has, and the validator's library reads.
    const context = vm.createContext({ URL }, { codeGeneration: { strings: false, wasm: false } });
    vm.runInContext(bundled.outputFiles[0]!.text, context);

    expect(() => vm.runInContext('new Function("return 1")', context)).toThrow(/Code generation from strings disallowed/);
    const check = context.checkAnswer as (body: unknown) => unknown;
    expect(check({ message: "ok", version: "1.0.0", api_version: "1.0.0" })).toEqual([]);
    expect(check({ message: 7, version: "1.0.0", api_version: "1.0.0" })).toEqual([{ path: "$.message", message: "expected string, got integer" }]);
  });
});
