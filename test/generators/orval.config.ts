// orval configuration for the generator check (test/generators/typescript.test.ts): a fetch
// client with its models, in one file, from the 3.1 bundle, written to GENERATOR_OUT (a temp dir;
// generated clients are never committed).
import path from "node:path";
import { fileURLToPath } from "node:url";

// Works the root out for itself, unlike the other generator configs (scripts/lib/paths.mjs):
// orval bundles its config with esbuild into CommonJS and rewrites import.meta.url only in .js and
// .ts files, so paths.mjs, imported from here, would find import.meta empty and fail to load.
const generatedDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../generated");
if (!process.env.GENERATOR_OUT) throw new Error("set GENERATOR_OUT to the folder to write the client to");

export default {
  service: {
    input: { target: path.join(generatedDir, "openapi.json") },
    output: {
      target: path.join(process.env.GENERATOR_OUT, "client.ts"),
      client: "fetch",
      mode: "single",
      prettier: false,
    },
  },
};
