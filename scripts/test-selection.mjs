// Prints vitest's arguments for a selection of scripts/lib/test-tiers.mjs, one a line, for
// `.ci/run` (`mapfile -t args < <(node scripts/test-selection.mjs clock)`).
import { vitestArgs } from "./lib/test-tiers.mjs";

for (const arg of vitestArgs(process.argv[2] ?? "")) console.log(arg);
