import { readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { defineConfig, type Options } from "tsup";

// The client's builds: ESM (dist/index.js) and CommonJS (dist/index.cjs), each with its own
// declarations (.d.ts / .d.cts), plus the types-only `service-api/schema` entry (dist/schema.*),
// the opt-in `service-api/validate` entry (dist/validate.*), the tests' mock `service-api/testing`
// (dist/testing.*), its MSW handlers `service-api/testing/msw` (dist/testing/msw.*) and the `service-api` command
// (dist/cli.js, ES module only). Each entry is bundled on its own (no shared chunks), so the
// client's files never import the JSON Schema engine or the contract; check-size measures
// dist/index.js alone. Dependencies stay external, and so does the contract: validate, testing and
// the command load the package's own `service-api/openapi.json` instead of carrying a copy each.
// `npm run build` then runs scripts/finish-build.mjs, which writes what tsup cannot: that
// dist/openapi.json (the contract without its prose), the whole contract gzipped for the mock
// command, and the schema types once instead of twice, without their examples.
export default defineConfig({
  entry: { index: "src/index.ts", schema: "generated/schema.d.ts", validate: "src/validate.ts", testing: "src/testing.ts", "testing/msw": "src/testing-msw.ts", cli: "src/cli.ts" },
  format: ["esm", "cjs"],
  // The entries share some declarations (the call types: index and testing; the problems: validate
  // and testing). Declared as entries of their own, those ship as dist/types.d.* and
  // dist/problems.d.* instead of as chunks with a hashed name; they have no code and no export.
  dts: {
    entry: { index: "src/index.ts", schema: "generated/schema.d.ts", validate: "src/validate.ts", testing: "src/testing.ts", "testing/msw": "src/testing-msw.ts", types: "src/client/types.ts", problems: "src/validation/problems.ts" },
    compilerOptions: { composite: false },
  },
  tsconfig: "tsconfig.build.json",
  outDir: "dist",
  platform: "neutral",
  target: "es2022",
  clean: true,
  splitting: false,
  sourcemap: false,
  treeshake: false,
  // msw: an optional peer, loaded by service-api/testing/msw alone.
  external: ["openapi-fetch", "@cfworker/json-schema", "msw"],
  esbuildPlugins: [contractAsPackageExport(), wholeContractShipped()],
  // Keep `with { type: "json" }` on the contract's import: Node refuses a JSON module without it,
  // and esbuild drops import attributes for an es2022 target unless told they are supported.
  esbuildOptions: (options) => {
    options.supported = { ...options.supported, "import-attributes": true };
  },
  onSuccess: async () => {
    fixOpenapiFetchInterop("dist/index.cjs");
    // The bin is an ES module (package "type": "module"); a CommonJS copy would ship unused.
    rmSync("dist/cli.cjs");
  },
});

/**
 * src/validation/contract.ts imports generated/openapi.json by its path, so that the sources run
 * (tests, `npm run verify`) without a build. In the built entries that import becomes the
 * package's own export, left for the runtime (or the user's bundler) to load.
 */
function contractAsPackageExport(): NonNullable<Options["esbuildPlugins"]>[number] {
  return {
    name: "contract-as-package-export",
    setup(build) {
      build.onResolve({ filter: /(^|\/)generated\/openapi\.json$/ }, () => ({ path: "service-api/openapi.json", external: true }));
    },
  };
}

/**
 * The mock command publishes the whole contract. In the sources that is the bundle they import
 * (src/mock/whole-contract.ts); in the package, where `service-api/openapi.json` is the runtime
 * document without the prose, it is the gzipped copy beside dist/cli.js
 * (src/mock/whole-contract-shipped.ts).
 */
function wholeContractShipped(): NonNullable<Options["esbuildPlugins"]>[number] {
  return {
    name: "whole-contract-shipped",
    setup(build) {
      // The command ships as an ES module only (the CommonJS build of dist/cli.js is deleted), and
      // the shipped module finds the file by its own import.meta.url, which CommonJS lacks.
      if (build.initialOptions.format !== "esm") return;
      build.onResolve({ filter: /^\.\/whole-contract\.js$/ }, (args) => ({ path: path.join(args.resolveDir, "whole-contract-shipped.ts") }));
    },
  };
}

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
