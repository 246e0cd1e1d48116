import { rmSync } from "node:fs";
import type { TestProject } from "vitest/node";
import { ensureBuilt, packContract, packTarball } from "../../scripts/lib/pack.mjs";

declare module "vitest" {
  export interface ProvidedContext {
    /** The packed service-api tarball, exactly what `npm publish` would upload. */
    packageTarball: string;
    /** Tarballs of its runtime dependencies, packed from node_modules for an offline install. */
    packageDependencyTarballs: string[];
    /** The packed service-api-contract tarball (the companion with every edition). */
    contractTarball: string;
  }
}

/** Builds dist/ if it is missing or stale, packs the client and provides it; returns the clean-up. */
export function provideClientTarball(project: TestProject) {
  ensureBuilt();
  const pack = packTarball();
  project.provide("packageTarball", pack.tarball);
  project.provide("packageDependencyTarballs", pack.dependencies);
  return () => rmSync(pack.dir, { recursive: true, force: true });
}

// Once per project run: both packages, as they would be published.
export default function setup(project: TestProject) {
  const removeClient = provideClientTarball(project);
  const contract = packContract();
  project.provide("contractTarball", contract.tarball);
  return () => {
    removeClient();
    rmSync(contract.dir, { recursive: true, force: true });
  };
}
