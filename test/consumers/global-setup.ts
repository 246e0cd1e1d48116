import type { TestProject } from "vitest/node";
import { startPrism } from "../../scripts/lib/prism.mjs";
import { provideClientTarball } from "../package/global-setup.js";

declare module "vitest" {
  export interface ProvidedContext {
    /** A Prism mock of the bundle (with --errors) for the consumers' calls. */
    packageMockUrl: string;
  }
}

// The packed tarball (as for test/package) and one mock for every consumer to call.
export default async function setup(project: TestProject) {
  const removeTarball = provideClientTarball(project);
  // startPrism serves its own copy of the bundle, so a regeneration mid-run cannot restart it.
  const prism = await startPrism();
  project.provide("packageMockUrl", prism.url);
  return async () => {
    await prism.stop();
    removeTarball();
  };
}
