import { readFileSync, writeFileSync } from "node:fs";
import { defineConfig } from "tsup";

// The client's builds: ESM (dist/index.js) and CommonJS (dist/index.cjs), each with its own
// declarations (.d.ts / .d.cts), plus the types-only `service-api/schema` entry (dist/schema.*).
// openapi-fetch stays external: it is the one runtime dependency, installed beside us.
export default defineConfig({
  entry: { index: "src/index.ts", schema: "generated/schema.d.ts" },
  format: ["esm", "cjs"],
  dts: { entry: { index: "src/index.ts", schema: "generated/schema.d.ts" }, compilerOptions: { composite: false } },
  tsconfig: "tsconfig.build.json",
  outDir: "dist",
  platform: "neutral",
  target: "es2022",
  clean: true,
  splitting: false,
  sourcemap: false,
  treeshake: false,
  external: ["openapi-fetch"],
  onSuccess: async () => fixOpenapiFetchInterop("dist/index.cjs"),
});

/**
 * openapi-fetch's CommonJS file sets `exports.default = createClient` and `__esModule`. Our
 * sources are ES modules (package "type": "module"), so esbuild's CommonJS output imports it with
 * Node's rules (`__toESM(require(…), 1)`), where a default import is the whole `module.exports`
 * object, and `createClient(…)` throws "is not a function". Without the `1`, the helper honours
 * `__esModule` and the default import is `createClient`, as TypeScript's own CommonJS output
 * would have it. Fails the build if esbuild's output no longer has that shape, so nobody ships a
 * broken CommonJS build unknowingly (the consumer tests would catch it too).
 */
function fixOpenapiFetchInterop(file: string) {
  const nodeMode = '__toESM(require("openapi-fetch"), 1)';
  const code = readFileSync(file, "utf8");
  const count = code.split(nodeMode).length - 1;
  if (count !== 1) throw new Error(`${file}: expected one ${nodeMode}, found ${count}; check openapi-fetch's CommonJS interop`);
  writeFileSync(file, code.replace(nodeMode, '__toESM(require("openapi-fetch"))'));
}
