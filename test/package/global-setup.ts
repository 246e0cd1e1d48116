import type { TestProject } from "vitest/node";
import { providePackages } from "../support/shared-setup.js";

// Both packages as they would be published, packed once per run for every project that reads them.
export default function setup(project: TestProject) {
  return providePackages(project);
}
