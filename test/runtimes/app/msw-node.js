// The MSW case in Node: `node msw-node.js` prints the results as one line (msw-case.js).
import { setupServer } from "msw/node";
import { createMock, runChecks } from "./msw-case.js";
import { RESULTS_PREFIX } from "./protocol.js";

const { service, handlers } = createMock();
const server = setupServer(...handlers);
server.listen({ onUnhandledRequest: "error" });
try {
  console.log(`${RESULTS_PREFIX}${JSON.stringify(await runChecks(service))}`);
} finally {
  server.close();
}
