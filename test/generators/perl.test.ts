// Generator check for Perl: OpenAPI::Client (Debian libopenapi-client-perl) builds a client from the
// 3.0 edition (it reads OpenAPI 2.0 and 3.0; 3.1 makes it fetch a meta-schema it cannot have) and
// calls the health check and the signup link by operationId against the Prism mock, validating
// each request and each answer against the contract it loaded.
import path from "node:path";
import { expect, inject, it } from "vitest";
import { explain, generatedDir, generatorsDir, run } from "../support/generator-tools.js";
import { missing, perlClientTool } from "../support/system-tools.js";

it.skipIf(missing(perlClientTool))("OpenAPI::Client loads the 3.0 edition and calls healthcheck and generateSignupLink on the mock by operationId", async () => {
  const called = await run("perl", [path.join(generatorsDir, "perl", "call-mock.pl"), path.join(generatedDir, "openapi-3.0.json"), inject("prismUrl"), "generator-check-key"]).catch(
    (error: Error) => {
      throw new Error(`${error.message}: install Perl's client with \`apt-get install -y libopenapi-client-perl\` (.ci/run does)`);
    },
  );
  expect(called.status, explain(called)).toBe(0);
  const report = JSON.parse(called.stdout) as {
    edition: string;
    operations: number;
    calls: { operationId: string; status: string; body: Record<string, unknown>; errors: string[] }[];
  };
  expect(report.edition).toBe("3.0.3");
  expect(report.operations).toBeGreaterThan(200);
  const [health, signup] = report.calls;
  expect(health).toMatchObject({ operationId: "healthcheck", status: "200", errors: [] });
  expect(typeof health?.body.version).toBe("string");
  expect(signup).toMatchObject({ operationId: "generateSignupLink", status: "200", errors: [] });
  expect(String(signup?.body.signup_url)).toMatch(/^https:\/\//);
});
