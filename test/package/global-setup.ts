import { rmSync } from "node:fs";
import type { TestProject } from "vitest/node";
import { ensureBuilt, packTarball } from "../../scripts/lib/pack.mjs";
import { startPrism } from "../../scripts/lib/prism.mjs";

declare module "vitest" {
  export interface ProvidedContext {
    /** The packed service-api tarball, exactly what `npm publish` would upload. */
    packageTarball: string;
    /** Tarballs of its runtime dependencies, packed from node_modules for an offline install. */
    packageDependencyTarballs: string[];
    /** A Prism mock of the bundle (with --errors) for the consumers' calls. */
    packageMockUrl: string;
  }
}

// Once per run: build dist/ if it is missing or stale, pack it, start one mock.
export default async function setup(project: TestProject) {
  ensureBuilt();
  const pack = packTarball();
  // startPrism serves its own copy of the bundle, so a regeneration mid-run cannot restart it.
  const prism = await startPrism();
  project.provide("packageTarball", pack.tarball);
  project.provide("packageDependencyTarballs", pack.dependencies);
  project.provide("packageMockUrl", prism.url);
  return async () => {
    await prism.stop();
    rmSync(pack.dir, { recursive: true, force: true });
  };
}
