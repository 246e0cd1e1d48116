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
});
