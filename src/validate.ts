// `service-api/validate`: opt-in checking of every answer against the contract, as openapi-fetch
// middleware (`client.use(validateResponses())`). A separate entry on purpose: it loads the JSON
// Schema engine and the 1.4 MB bundle, which the client itself never imports, so users who do not
// opt in download neither.
export { validateResponses, ResponseValidationError, type ResponseMismatchEvent, type ValidateResponsesOptions } from "./validation/middleware.js";
export type { ResponseProblem } from "./validation/problems.js";
