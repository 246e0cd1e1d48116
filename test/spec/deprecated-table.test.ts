// The README's deprecated operations are the contract's: see deprecated-table.ts.
import { readFileSync } from "node:fs";
import path from "node:path";
import { expect, it } from "vitest";
import { repoRoot } from "../../scripts/lib/paths.mjs";
import { deprecationsOf, renderDeprecated } from "./deprecated-table.js";

const bundle = JSON.parse(readFileSync(path.join(repoRoot, "generated", "openapi.json"), "utf8"));

it("finds every operation the contract marks deprecated, each with what its description says of a replacement", () => {
  // Counted here by a plain walk of the paths, apart from the document model the table uses.
  const marked = Object.entries<Record<string, { deprecated?: boolean }>>(bundle.paths).flatMap(([route, item]) =>
    Object.entries(item).filter(([, operation]) => operation?.deprecated === true).map(([method]) => `${method.toUpperCase()} ${route}`),
  );
  const found = deprecationsOf(bundle);
  expect(found.length).toBeGreaterThan(0);
  expect(found.map((d) => d.operation).sort()).toEqual(marked.sort());
});

it("reads the replacement a description names after \"deprecated\", and none from any other wording", () => {
  const document = {
    paths: {
      "/a": { put: { operationId: "putA", deprecated: true, description: "Sets A. Deprecated: use `PUT /b`\ninstead." } },
      "/t": { get: { operationId: "getT", deprecated: true, description: "Gets a token. The service marks this path deprecated; use `GET /v1/token`." } },
      "/c": { get: { operationId: "getC", deprecated: true, description: "Lists C; use `GET /c/all` for all. Deprecated by the service, which names no replacement." } },
      "/d": { get: { operationId: "getD", description: "Not deprecated. Deprecated: use `GET /e` instead." } },
    },
  };
  expect(deprecationsOf(document)).toEqual([
    { operation: "PUT /a", operationId: "putA", replacement: "PUT /b" },
    { operation: "GET /t", operationId: "getT", replacement: "GET /v1/token" },
    { operation: "GET /c", operationId: "getC", replacement: undefined },
  ]);
});

it("the README's \"Deprecated operations\" is the contract's list", () => {
  const readme = readFileSync(path.join(repoRoot, "README.md"), "utf8");
  const start = readme.indexOf("## Deprecated operations\n");
  expect(start, "README.md has no \"## Deprecated operations\" section").toBeGreaterThan(-1);
  const end = readme.indexOf("\n## ", start + 1);
  expect(readme.slice(start, end === -1 ? undefined : end)).toBe(renderDeprecated(bundle));
});
