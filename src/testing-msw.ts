// `service-api/testing/msw`: the contract's mock (`mockService()` of `service-api/testing`) as MSW
// request handlers, for tests that fake the network with MSW (setupServer in Node, setupWorker in
// the browser) and so reach clients the test did not build. The mock does all the work: this
// entry only routes MSW's requests to it and turns its refusals into failures the client does not
// retry. An entry of its own, so that nothing else of the package ever loads MSW (an optional peer).
export { mswHandlers, type MockFetch, type MswHandlersOptions } from "./testing/msw-handlers.js";
