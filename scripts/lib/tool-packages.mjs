// Tools the runtime project and the bench pin at versions the repository's node_modules does not
// hold, installed into the runtimes cache like the runtimes (scripts/lib/runtimes.mjs). Plain
// JavaScript, so that the bench (run by plain node) reads the same pins as the tests.
export const TOOL_PACKAGES = Object.freeze({
  /** The oldest TypeScript the types support: the first that reads package.json `exports`. */
  typescriptFloor: { name: "typescript", version: "4.7.4" },
  /** The oldest that also passes openapi-fetch's own declarations under `skipLibCheck: false`. */
  typescriptFullCheck: { name: "typescript", version: "5.4.5" },
  /** The one before it, which fails on those declarations only: proof that the line above is the floor. */
  typescriptBeforeFullCheck: { name: "typescript", version: "5.3.3" },
  /** The first with `moduleResolution: "Bundler"` (TypeScript 5.0): the floor for that resolution. */
  typescriptBundlerFloor: { name: "typescript", version: "5.0.4" },
  /** The native port, npm's `latest` since December 2026; not a devDependency, as openapi-typescript cannot run on it. */
  typescript7: { name: "typescript", version: "7.0.2" },
  /** MSW's newest major (Node 22.12 or later), beside the repository's own MSW 2 (msw-3.test.ts). */
  msw3: { name: "msw", version: "3.0.5" },
  /** Vitest's newest major (Node 22.12 or later), beside the repository's own Vitest 4 (vitest.test.ts). */
  vitest5: { name: "vitest", version: "5.1.2" },
});
