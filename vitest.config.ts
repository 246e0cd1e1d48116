import { defineConfig } from "vitest/config";
import { allProjects, testFolders } from "./scripts/lib/test-tiers.mjs";

// One project per folder of test/, named after it, so `vitest run --project <folder>` runs exactly
// that folder; scripts/lib/test-tiers.mjs puts each in a tier. The fast ones need nothing but
// Node; the others start what they need in a globalSetup: the Prism mock of the bundle or the
// packed tarballs, each made once per run for every project that asks (test/support/shared-setup.ts).
const inNode = (name: string, extra: Record<string, unknown> = {}) => ({
  test: { name, include: [`test/${name}/**/*.test.ts`], environment: "node" as const, ...extra },
});
const withMock = { globalSetup: ["test/contract/prism.global-setup.ts"] };

const projects = [
  inNode("unit"),
  inNode("transport"),
  inNode("spec"),
  {
    // Type-level tests: tsc checks the *.test-d.ts files (a type error is a failed test), and
    // the *.test.ts files check that each expected error is there for the stated reason.
    test: {
      name: "types",
      include: ["test/types/**/*.test.ts"],
      environment: "node",
      typecheck: { enabled: true, include: ["test/types/**/*.test-d.ts"], tsconfig: "tsconfig.json" },
      // A hang guard, not a budget: a language-service test builds the whole program on its first
      // hover, 3 s quiet and past vitest's default 5 s at a load of 10 (seen here).
      testTimeout: 60_000,
    },
  },
  inNode("contract", { ...withMock, testTimeout: 30_000, hookTimeout: 60_000 }),
  // A user's first hour, as small typed programs compiled with tsc --strict and run against the
  // mock a user runs, `service-api mock`.
  inNode("first-hour", { globalSetup: ["test/first-hour/global-setup.ts"], testTimeout: 60_000, hookTimeout: 60_000 }),
  // The package as users get it: the packed tarball (built and packed once per run), its
  // contents, and the tarball installed into consumer projects of every shape, one of them
  // in headless Chromium. Slow (npm installs, a browser): seconds, not milliseconds.
  inNode("package", { globalSetup: ["test/package/global-setup.ts"], testTimeout: 60_000, hookTimeout: 120_000 }),
  inNode("consumers", { globalSetup: ["test/consumers/global-setup.ts"], testTimeout: 60_000, hookTimeout: 120_000 }),
  // The shared cases on every runtime users run (Node 20, 22, 24 and 26, Bun, Deno, workerd, the
  // Edge runtime, Chromium) from the packed tarball, plus the types on the oldest and strictest
  // compilers and tree-shaking; runtimes from npm, installed once into .cache/runtimes/.
  inNode("runtimes", { globalSetup: ["test/runtimes/global-setup.ts"], testTimeout: 60_000, hookTimeout: 240_000 }),
  // The rendered reference, loaded in headless Chromium.
  inNode("docs", { testTimeout: 60_000, hookTimeout: 120_000 }),
  // The maintainer's and user's commands as they are typed (npm start, npm run mock), on real
  // ports: builds, a Prism mock and a docs server per test, so seconds each.
  inNode("scripts", { testTimeout: 180_000 }),
  // Other languages' generators read the contract (README, "For other languages"): hey-api and
  // orval (TypeScript, into a temp dir), hey-api's zod validator, Go's kin-openapi and Perl's
  // OpenAPI::Client (Debian packages, installed by .ci/run), typed Go and Python models from
  // openapi-generator's jar (run with Debian's Java), and the editions and lint rules they rely
  // on, and the Python and Go clients and Schemathesis (tools from PyPI and the Go module proxy,
  // installed by npm run setup:other-languages). Builds and compiles: generous timeouts, hang
  // guards only (a cold openapi-generator build passed 120 s beside the others at a load of 24).
  // The Perl, hey-api, Python, Go and Schemathesis checks call the Prism mock.
  inNode("generators", { ...withMock, testTimeout: 300_000, hookTimeout: 600_000 }),
];

// A folder of tests that is no project would run nowhere, and a project in no tier would be left
// out of CI's runs (which go tier by tier): both stop every vitest run, naming what to add where.
const names = projects.map((project) => project.test.name);
const untiered = names.filter((name) => !allProjects().includes(name));
const unconfigured = testFolders().filter((folder) => !names.includes(folder));
const unknown = allProjects().filter((name) => !names.includes(name));
if (untiered.length + unconfigured.length + unknown.length > 0) {
  throw new Error(
    [
      ...untiered.map((name) => `vitest project "${name}" is in no tier: add it to TIERS in scripts/lib/test-tiers.mjs`),
      ...unconfigured.map((folder) => `test/${folder}/ holds tests but is no vitest project: add it to vitest.config.ts and a tier`),
      ...unknown.map((name) => `TIERS in scripts/lib/test-tiers.mjs names "${name}", which is no vitest project`),
    ].join("\n"),
  );
}

export default defineConfig({ test: { projects } });
