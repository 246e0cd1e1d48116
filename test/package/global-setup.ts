import { copyFileSync, rmSync } from "node:fs";
import path from "node:path";
import type { TestProject } from "vitest/node";
import { ensureBuilt, packTarball } from "../../scripts/lib/pack.mjs";
import { startPrism } from "../../scripts/lib/prism.mjs";

declare module "vitest" {
  export interface ProvidedContext {
    /** The packed service-api tarball, exactly what `npm publish` would upload. */
    packageTarball: string;
    /** A Prism mock of the bundle (with --errors) for the consumers' calls. */
    packageMockUrl: string;
  }
}

// Once per run: build dist/ if it is missing or stale, pack it, start one mock.
export default async function setup(project: TestProject) {
  ensureBuilt();
  const pack = packTarball();
  // Prism watches its spec file and restarts when it changes (a regeneration mid-run would drop
  // connections): it serves a private copy, the same bundle the tarball ships.
  const spec = path.join(pack.dir, "openapi.yaml");
  copyFileSync(path.resolve(import.meta.dirname, "../../generated/openapi.yaml"), spec);
  const prism = await startPrism({ spec });
  project.provide("packageTarball", pack.tarball);
  project.provide("packageMockUrl", prism.url);
  return async () => {
    await prism.stop();
    rmSync(pack.dir, { recursive: true, force: true });
  };
}
