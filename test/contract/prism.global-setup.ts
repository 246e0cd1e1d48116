import type { TestProject } from "vitest/node";
import { startPrism } from "../../scripts/lib/prism.mjs";

declare module "vitest" {
  export interface ProvidedContext {
    prismUrl: string;
  }
}

// One Prism for the whole contract run: it takes seconds to start, tests take milliseconds.
export default async function setup(project: TestProject) {
  const prism = await startPrism();
  project.provide("prismUrl", prism.url);
  return async () => {
    await prism.stop();
  };
}
