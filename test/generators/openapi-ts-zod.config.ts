// @hey-api/openapi-ts configuration for the runtime-validator check (test/generators/zod.test.ts):
// zod schemas from the 3.1 bundle, one per component schema (`z<Name>`) and one per operation's
// answer (`response__<operationId>`, a prefix no component name has), written to GENERATOR_OUT
// (a temp dir; generated code is never committed).
import path from "node:path";
import { generatedDir } from "../../scripts/lib/paths.mjs";

if (!process.env.GENERATOR_OUT) throw new Error("set GENERATOR_OUT to the folder to write the schemas to");

export default {
  input: path.join(generatedDir, "openapi.json"),
  output: { path: process.env.GENERATOR_OUT },
  plugins: [{ name: "zod", responses: { name: "response__{{name}}", case: "preserve" }, requests: { enabled: false } }],
  logs: { level: "info", file: false },
};
