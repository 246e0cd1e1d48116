import type { TestProject } from "vitest/node";
import { provideMock, providePackages } from "../support/shared-setup.js";

// The packed tarball (as for test/package) and the run's one mock for every consumer to call.
export default async function setup(project: TestProject) {
  const releasePackages = await providePackages(project);
  const releaseMock = await provideMock(project);
  return async () => {
    await releaseMock();
    await releasePackages();
  };
}
