// `npm run build:spec`: regenerate everything in generated/ from openapi/.
import { runBuildSteps } from "./lib/build-steps.mjs";

runBuildSteps({ inherit: true });
