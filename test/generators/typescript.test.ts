// Generator checks for TypeScript: @hey-api/openapi-ts and orval each generate a fetch client from
// the 3.1 bundle (generated/openapi.json) into a temp dir, with no warning, and the result must
// type-check under `tsc --strict` together with a small program that uses it the way a consumer
// would. The hey-api client then calls the Prism mock. A spec change that makes either generator
// warn, fail, or emit code that does not compile fails here.
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { binDir, explain, generatorsDir, run } from "../support/generator-tools.js";

// Each generator's console noise on a clean run; anything else it prints counts as a warning.
const HEY_API_CLEAN = [/^@hey-api\/openapi-ts v\d/, /^\[Job 1\] ⏳ Generating from 1 input:$/, /^\[Job 1\]\s+\[1\] \S+openapi\.json$/, /^\[Job 1\] ✅ Done! Your output is in /];
const ORVAL_CLEAN = [/^🍻 orval v\d/, /^🎉 service - Your OpenAPI spec has been converted into ready to use orval!$/];

let scratch: string;
beforeAll(() => {
  scratch = mkdtempSync(path.join(os.tmpdir(), "service-api-generators-ts-"));
});
afterAll(() => {
  rmSync(scratch, { recursive: true, force: true });
});

function unexpectedLines(output: string, clean: RegExp[]): string[] {
  return output
    // eslint-disable-next-line no-control-regex
    .replace(/\u001b\[[0-9;]*m/g, "")
    .split("\n")
    .map((line) => line.trim())
    .filter((line) => line !== "" && !clean.some((pattern) => pattern.test(line)));
}

/** Runs a generator with its config file, writing to `out`: it must succeed and warn of nothing. */
async function generate(out: string, tool: string, args: string[], clean: RegExp[]) {
  const generated = await run(path.join(binDir, tool), args, { env: { GENERATOR_OUT: out } });
  expect(generated.status, explain(generated)).toBe(0);
  expect(unexpectedLines(generated.stdout + generated.stderr, clean), "generator warnings").toEqual([]);
}

/** Writes the consumer program beside the generated client; tsc --strict over both, in their own project, must pass. */
async function expectConsumerCompiles(dir: string, consumer: string) {
  writeFileSync(path.join(dir, "consumer.ts"), consumer);
  writeFileSync(
    path.join(dir, "tsconfig.json"),
    JSON.stringify({
      compilerOptions: {
        strict: true,
        target: "ES2022",
        module: "ESNext",
        moduleResolution: "Bundler",
        lib: ["ES2022", "DOM", "DOM.Iterable"],
        types: [],
        noEmit: true,
        skipLibCheck: false,
      },
      include: ["**/*.ts"],
    }),
  );
  const checked = await run(path.join(binDir, "tsc"), ["-p", path.join(dir, "tsconfig.json")], { cwd: dir });
  expect(checked.status, explain(checked)).toBe(0);
}

describe("@hey-api/openapi-ts 0.95.0", () => {
  it("generates a fetch client from the 3.1 bundle with no warning; it compiles under tsc --strict and calls the mock", async () => {
    const out = path.join(scratch, "hey-api");
    await generate(out, "openapi-ts", ["-f", path.join(generatorsDir, "openapi-ts.config.ts")], HEY_API_CLEAN);

    writeFileSync(path.join(out, "package.json"), JSON.stringify({ type: "module", private: true }));
    // The consumer uses process/console: give tsc Node's globals without loading @types/node's
    // full surface into the generated code's check.
    writeFileSync(path.join(out, "globals.d.ts"), "declare const process: { argv: string[] };\n");
    await expectConsumerCompiles(
      out,
      `import { client } from "./client.gen.js";
import { generateSignupLink, healthcheck } from "./sdk.gen.js";

export async function main(baseUrl: string): Promise<{ version: string; signupUrl: string }> {
  client.setConfig({ baseUrl, auth: () => "generator-check-key" });
  const health = await healthcheck({ throwOnError: true });
  const version: string = health.data.version;
  const link = await generateSignupLink({ query: { user_email: "new.user@acme.example", send_email: false }, throwOnError: true });
  const signupUrl: string = link.data.signup_url;
  // @ts-expect-error user_email is required by the contract
  void generateSignupLink({ query: { send_email: false } });
  return { version, signupUrl };
}

const result = await main(process.argv[2] ?? "");
console.log(JSON.stringify(result));
`,
    );

    const called = await run(path.join(binDir, "tsx"), [path.join(out, "consumer.ts"), inject("prismUrl")], { cwd: out });
    expect(called.status, explain(called)).toBe(0);
    const result = JSON.parse(called.stdout.trim().split("\n").at(-1) ?? "{}") as { version?: string; signupUrl?: string };
    expect(typeof result.version).toBe("string");
    expect(result.signupUrl).toMatch(/^https:\/\//);
  });
});

describe("orval 7.13.2", () => {
  it("generates a fetch client from the 3.1 bundle with no warning, and it compiles under tsc --strict", async () => {
    const out = path.join(scratch, "orval");
    await generate(out, "orval", ["--config", path.join(generatorsDir, "orval.config.ts")], ORVAL_CLEAN);

    await expectConsumerCompiles(
      out,
      `import { generateSignupLink, healthcheck, type HealthcheckResponse } from "./client.js";

export async function main(): Promise<string[]> {
  const health = await healthcheck();
  const version: string | undefined = health.status === 200 ? (health.data as HealthcheckResponse).version : undefined;
  const link = await generateSignupLink({ user_email: "new.user@acme.example", send_email: false }, { headers: { "Service-API-Key": "key" } });
  const signupUrl: string | undefined = link.status === 200 ? link.data.signup_url : undefined;
  // @ts-expect-error user_email is required by the contract
  void generateSignupLink({ send_email: false });
  return [version ?? "", signupUrl ?? ""];
}
`,
    );
  });
});
