// Tools the runtime project pins at versions the repository's node_modules does not hold,
// installed into the runtimes cache like the runtimes (scripts/lib/runtimes.mjs).
export const TOOL_PACKAGES = {
  /** The oldest TypeScript the types support: the first that reads package.json `exports`. */
  typescriptFloor: { name: "typescript", version: "4.7.4" },
  /** The oldest that also passes openapi-fetch's own declarations under `skipLibCheck: false`. */
  typescriptFullCheck: { name: "typescript", version: "5.4.5" },
  /** The one before it, which fails on those declarations only: proof that the line above is the floor. */
  typescriptBeforeFullCheck: { name: "typescript", version: "5.3.3" },
} as const;
