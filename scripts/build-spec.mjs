// `npm run build:spec`: regenerate everything in generated/ from openapi/.
import { runBuildSteps } from "./lib/build-steps.mjs";

const changed = runBuildSteps({ inherit: true });
console.log(changed.length === 0 ? "build:spec: generated/ was already up to date" : `build:spec: updated generated/${changed.length === 1 ? changed[0] : `{${changed.join(",")}}`}`);
