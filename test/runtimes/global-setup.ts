import { cpSync, mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import type { TestProject } from "vitest/node";
import { run } from "../../scripts/lib/run.mjs";
import { ensurePackage, ensureRuntime, RUNTIME_PACKAGES } from "../../scripts/lib/runtimes.mjs";
import { linkEcosystem } from "../support/ecosystem.js";
import { providePackages } from "../support/shared-setup.js";
import { TOOL_PACKAGES } from "../../scripts/lib/tool-packages.mjs";

declare module "vitest" {
  export interface ProvidedContext {
    /** app/ with the packed tarball installed into it: the runtime suite's user project. */
    runtimesApp: string;
  }
}

// Once per run: the packed tarball (shared with the other projects that read it), installed
// offline into a copy of app/ (the MSW case's libraries linked beside it), which every file of
// this project reads and none writes; and the runtimes and pinned tools, installed into their
// cache if this machine has not got them yet.
export default async function setup(project: TestProject) {
  const releasePackages = await providePackages(project);
  for (const id of Object.keys(RUNTIME_PACKAGES)) ensureRuntime(id);
  for (const { name, version } of Object.values(TOOL_PACKAGES)) ensurePackage(name, version);
  const app = mkdtempSync(path.join(os.tmpdir(), "service-api-runtimes-"));
  cpSync(path.join(import.meta.dirname, "app"), app, { recursive: true });
  const tarballs = [project.getProvidedContext().packageTarball, ...project.getProvidedContext().packageDependencyTarballs];
  run("npm", ["install", "--offline", "--no-audit", "--no-fund", "--ignore-scripts", "--no-package-lock", ...tarballs], { cwd: app });
  // MSW, React and SWR for the MSW case (msw.test.ts), beside the tarball as a user installs them.
  linkEcosystem(app);
  project.provide("runtimesApp", app);
  return async () => {
    rmSync(app, { recursive: true, force: true });
    await releasePackages();
  };
}
