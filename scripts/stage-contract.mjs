// packages/contract's `prepack`: puts the editions from generated/ into the companion package
// (scripts/lib/contract-package.mjs), so `npm pack` and `npm publish` of it ship the current ones.
import { stageContract } from "./lib/contract-package.mjs";

console.log(`stage-contract: ${stageContract().join(", ")} → packages/contract/`);
