import { rmSync } from "node:fs";
import type { TestProject } from "vitest/node";
import { ensureBuilt, packTarball } from "../../scripts/lib/pack.mjs";

declare module "vitest" {
  export interface ProvidedContext {
    /** The packed service-api tarball, exactly what `npm publish` would upload. */
    packageTarball: string;
    /** Tarballs of its runtime dependencies, packed from node_modules for an offline install. */
    packageDependencyTarballs: string[];
  }
}

// Once per project run: build dist/ if it is missing or stale, then pack it.
export default function setup(project: TestProject) {
  ensureBuilt();
  const pack = packTarball();
  project.provide("packageTarball", pack.tarball);
  project.provide("packageDependencyTarballs", pack.dependencies);
  return () => rmSync(pack.dir, { recursive: true, force: true });
}
