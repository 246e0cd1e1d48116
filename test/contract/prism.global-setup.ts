import type { TestProject } from "vitest/node";
import { provideMock } from "../support/shared-setup.js";

// One Prism for the whole run, shared with every project that calls it: it takes seconds to
// start, tests take milliseconds.
export default function setup(project: TestProject) {
  return provideMock(project);
}
