// `npm run lint:spectral` runs this first: Spectral's custom functions, bundled with the document
// model they read, into the folder .spectral.yaml's functionsDir names (see
// scripts/lib/spectral-functions.mjs for why).
import { bundleSpectralFunctions } from "./lib/spectral-functions.mjs";

await bundleSpectralFunctions();
