import type { TestProject } from "vitest/node";
import { serveMock } from "../../src/mock/server.js";
import { mockService } from "../../src/testing/mock-service.js";

declare module "vitest" {
  export interface ProvidedContext {
    /** `service-api mock`'s server on a free loopback port: the mock a new user runs. */
    mockUrl: string;
  }
}

// The mock a user of the package runs (`npx service-api mock`), served in process on a free port
// for the whole project: a refused request answers with the reason, as the user would see it.
export default async function setup(project: TestProject) {
  const server = await serveMock(mockService(), { host: "127.0.0.1", port: 0 });
  project.provide("mockUrl", server.url);
  return () => server.close();
}
