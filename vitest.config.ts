import { defineConfig } from "vitest/config";

// Two projects: fast tests that need nothing but Node, and contract tests that need the Prism
// mock (started once in globalSetup, so the fast tests never wait for it).
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: "unit",
          include: ["test/unit/**/*.test.ts", "test/transport/**/*.test.ts", "test/spec/**/*.test.ts"],
          environment: "node",
        },
      },
      {
        // Type-level tests: tsc checks them; a type error is reported as a failed test.
        test: {
          name: "types",
          include: [],
          typecheck: { enabled: true, only: true, include: ["test/types/**/*.test-d.ts"], tsconfig: "tsconfig.json" },
        },
      },
      {
        test: {
          name: "contract",
          include: ["test/contract/**/*.test.ts"],
          environment: "node",
          globalSetup: ["test/contract/prism.global-setup.ts"],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        // The package as users get it: the packed tarball (built and packed once in globalSetup,
        // with its own mock), installed into consumer projects, the ESM build and the rendered
        // docs in headless Chromium. Slow (npm installs, a browser): seconds, not milliseconds.
        test: {
          name: "package",
          include: ["test/package/**/*.test.ts", "test/consumers/**/*.test.ts", "test/docs/**/*.test.ts"],
          environment: "node",
          globalSetup: ["test/package/global-setup.ts"],
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
      {
        // The maintainer's and user's commands as they are typed (npm start, npm run mock), on real
        // ports: builds, a Prism mock and a docs server per test, so seconds each.
        test: {
          name: "scripts",
          include: ["test/scripts/**/*.test.ts"],
          environment: "node",
          testTimeout: 180_000,
        },
      },
      {
        // Other languages' generators read the contract (README, "For other languages"): hey-api and
        // orval (TypeScript, into a temp dir), Go's kin-openapi and Perl's OpenAPI::Client (Debian
        // packages, installed by .ci/run), and the editions and lint rules they rely on. Builds and
        // compiles: generous timeouts. The Perl and hey-api checks call the Prism mock.
        test: {
          name: "generators",
          include: ["test/generators/**/*.test.ts"],
          environment: "node",
          globalSetup: ["test/contract/prism.global-setup.ts"],
          testTimeout: 300_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
});
