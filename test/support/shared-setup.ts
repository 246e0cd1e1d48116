// What several projects' global setups need, made once per vitest run however many of those
// projects run: the Prism mock (contract, first-hour, consumers, generators) and the packed
// tarballs (package, consumers, runtimes). Every global setup runs in vitest's main process, but
// each project loads its setup's modules afresh, so the one copy is kept on globalThis and
// counted: the last project to finish stops the mock or removes the tarballs.
import type { TestProject } from "vitest/node";
import { packedPackages } from "../../scripts/lib/pack.mjs";
import { startPrism } from "../../scripts/lib/prism.mjs";

declare module "vitest" {
  export interface ProvidedContext {
    /** The Prism mock of the bundle (with --errors), shared by every project that calls it. */
    prismUrl: string;
    /** The packed service-api tarball, exactly what `npm publish` would upload. */
    packageTarball: string;
    /** Tarballs of its runtime dependencies, packed from node_modules for an offline install. */
    packageDependencyTarballs: string[];
    /** The packed service-api-contract tarball (the companion with every edition). */
    contractTarball: string;
  }
}

interface Shared<T> {
  value: Promise<T>;
  users: number;
  dispose: (value: T) => unknown;
}

const KEY = Symbol.for("service-api.shared-setup");
const registry: Map<string, Shared<unknown>> = ((globalThis as Record<symbol, unknown>)[KEY] ??= new Map()) as Map<string, Shared<unknown>>;

async function acquire<T>(name: string, create: () => T | Promise<T>, dispose: (value: T) => unknown): Promise<{ value: T; release: () => Promise<void> }> {
  let entry = registry.get(name) as Shared<T> | undefined;
  if (!entry) {
    entry = { value: Promise.resolve().then(create), users: 0, dispose };
    registry.set(name, entry as Shared<unknown>);
  }
  entry.users += 1;
  const held = entry;
  let released = false;
  return {
    value: await held.value,
    release: async () => {
      if (released) return;
      released = true;
      held.users -= 1;
      if (held.users > 0) return;
      registry.delete(name);
      await held.dispose(await held.value);
    },
  };
}

/** Provides `prismUrl` to `project`; returns the release for its teardown. */
export async function provideMock(project: TestProject): Promise<() => Promise<void>> {
  // startPrism serves its own copy of the bundle, so a regeneration mid-run cannot restart it.
  const { value: prism, release } = await acquire("prism", () => startPrism(), (started) => started.stop());
  project.provide("prismUrl", prism.url);
  return release;
}

/** Provides both tarballs to `project`; returns the release for its teardown. */
export async function providePackages(project: TestProject): Promise<() => Promise<void>> {
  const { value: packed, release } = await acquire("packages", () => packedPackages(), (made) => made.remove());
  project.provide("packageTarball", packed.client.tarball);
  project.provide("packageDependencyTarballs", packed.client.dependencies);
  project.provide("contractTarball", packed.contract.tarball);
  return release;
}
