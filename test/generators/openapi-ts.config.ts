// @hey-api/openapi-ts configuration for the generator check (test/generators/typescript.test.ts):
// a fetch client (types + SDK functions) from the 3.1 bundle, written to GENERATOR_OUT (a temp dir;
// generated clients are never committed).
import path from "node:path";
import { generatedDir } from "../../scripts/lib/paths.mjs";

if (!process.env.GENERATOR_OUT) throw new Error("set GENERATOR_OUT to the folder to write the client to");

export default {
  input: path.join(generatedDir, "openapi.json"),
  output: { path: process.env.GENERATOR_OUT },
  plugins: ["@hey-api/client-fetch", "@hey-api/typescript", "@hey-api/sdk"],
  logs: { level: "info", file: false },
};
