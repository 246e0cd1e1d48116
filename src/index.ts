// The package's public surface (DESIGN.md §5).
export { createServiceClient, type ServiceClient } from "./client.js";
export { deriveApiBaseUrl } from "./base-url.js";
export { unwrap } from "./unwrap.js";
export { paginate, type PaginateInit } from "./paginate.js";
export {
  ServiceError,
  ServiceApiError,
  ServiceConfigurationError,
  ServiceConnectionError,
  ServiceTimeoutError,
  type ServiceApiErrorKind,
  type RedactedRequest,
} from "./errors.js";
export type { ServiceClientOptions, FetchLike } from "./config.js";
export type { ServiceAuth } from "./credentials.js";
export type { ServiceLogger, ServiceLogEvent } from "./logger.js";
export type { OperationPolicy, SecuritySchemeName } from "../generated/operations.js";
