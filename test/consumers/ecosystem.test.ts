// The frameworks guide's recipes (docs/frameworks.md: TanStack Query, SWR, MSW in Node,
// openapi-msw) as a user runs them: the packed tarball installed, the libraries linked beside it (test/support/ecosystem.ts), compiled by tsc --strict
// with no cast, and run by Node with MSW answering from the contract's mock.
import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { repoRoot } from "../../scripts/lib/paths.mjs";
import { readUserDoc } from "../../scripts/lib/user-docs.mjs";
import { run as runCommand } from "../../scripts/lib/run.mjs";
import { linkEcosystem, MSW_CHECKS_RESULT, MSW_REFUSAL_LOG } from "../support/ecosystem.js";
import { installConsumer, run, typecheck } from "../support/consumer-projects.js";

const recipesDir = path.join(repoRoot, "test", "consumers", "ecosystem");
const PROJECT_ID = "a07d4e79-ce7a-4b32-82d3-54220604915f";

function runRecipe(dir: string, file: string) {
  return JSON.parse(run(process.execPath, [path.join("out", file)], { cwd: dir }).trim().split("\n").at(-1)!);
}

describe("the ecosystem recipes, from the packed tarball", { timeout: 120_000 }, () => {
  let dir: string;
  beforeAll(() => {
    dir = installConsumer("ecosystem");
    linkEcosystem(dir);
    typecheck(dir); // emits out/*.js
  });

  it("TanStack Query: fetchQuery through openapi-react-query's queryOptions, and through the client with unwrap", () => {
    expect(runRecipe(dir, "react-query.js")).toEqual({ recipe: "react-query", name: "Support bot", id: PROJECT_ID, againId: PROJECT_ID });
  });

  it("SWR: a swr-openapi hook made from the client renders once on the server", () => {
    expect(runRecipe(dir, "swr.js")).toEqual({ recipe: "swr", html: "<p>Loading…</p>" });
  });

  it("MSW in Node: a refused request gets the 422 and is recorded; a refused answer fails the call at once with its JSON path, and MSW logs it", () => {
    const { stdout, stderr } = runCommand(process.execPath, [path.join("out", "msw-checks.js")], { cwd: dir });
    expect(JSON.parse(stdout.trim().split("\n").at(-1)!)).toMatchObject(MSW_CHECKS_RESULT);
    expect(stderr).toMatch(MSW_REFUSAL_LOG);
  });

  it("openapi-msw: a handler typed by service-api/schema answers its operation, the contract's mock the rest", () => {
    expect(runRecipe(dir, "openapi-msw.js")).toEqual({ recipe: "openapi-msw", version: "from openapi-msw", mocked: ["GET /current_user"], user: "string" });
  });

  it("the consumer that does not use service-api/testing/msw has no MSW, and compiles with skipLibCheck off", () => {
    const plain = installConsumer("ts-nodenext");
    expect(existsSync(path.join(plain, "node_modules", "msw"))).toBe(false);
    expect(JSON.parse(readFileSync(path.join(plain, "tsconfig.json"), "utf8")).compilerOptions.skipLibCheck).toBe(false);
    typecheck(plain);
  });
});

it("the frameworks guide shows each recipe as it is compiled and run here (all but typed.ts, the type proofs)", () => {
  const readme = readUserDoc("docs/frameworks.md");
  const shown = new Map([...readme.matchAll(/^```ts ([\w-]+\.ts)\n([\s\S]*?)^```$/gm)].map((match) => [match[1]!, match[2]!]));
  const recipes = readdirSync(recipesDir).filter((file) => file.endsWith(".ts") && file !== "typed.ts");
  expect(recipes.length).toBeGreaterThan(3);
  for (const file of recipes) expect(shown.get(file), `docs/frameworks.md's \`\`\`ts ${file} block`).toBe(readFileSync(path.join(recipesDir, file), "utf8"));
});
