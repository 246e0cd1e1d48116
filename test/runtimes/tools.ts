// Tools the runtime project pins at versions the repository's node_modules does not hold,
// installed into the runtimes cache like the runtimes (scripts/lib/runtimes.mjs).
export const TOOL_PACKAGES: Readonly<Record<string, { readonly name: string; readonly version: string }>> = {};
