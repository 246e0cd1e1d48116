// `service-api/testing`: test your own code against the contract, without a server. A separate
// entry, like `service-api/validate`: it loads the JSON Schema engine and the contract, which the
// client never imports, so only tests pay for them.
export { mockService, type MockService, type MockServiceOptions, type RecordedCall, type ContractViolation } from "./testing/mock-service.js";
export { ContractViolationError, UnhandledOperationError } from "./testing/errors.js";
export type { DeclaredStatus, Handler, HandlerAnswer, HandlerInput, Handlers, OperationKey, SchemaName, SchemaOf, UndeclaredStatus } from "./testing/types.js";
export type { ResponseProblem } from "./validation/problems.js";
