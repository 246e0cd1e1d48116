// The package's public surface: the client, its helpers, its errors and their types.
export { createServiceClient } from "./client.js";
export { deriveApiBaseUrl } from "./config.js";
export { hasStatus, unwrap } from "./errors.js";
export { paginate, type PageItem, type PagedPath, type PagedMethod, type PaginateOptions } from "./paginate.js";
export {
  ServiceError,
  ServiceApiError,
  ServiceConfigurationError,
  ServiceConnectionError,
  ServiceResponseError,
  ServiceTimeoutError,
  type ServiceApiErrorKind,
  type RedactedRequest,
} from "./errors.js";
export type { ServiceClientOptions, FetchLike } from "./config.js";
export type { ServiceAuth } from "./auth.js";
export type { ServiceLogger, ServiceLogEvent } from "./logger.js";
export type { OperationPolicy, SecurityScheme } from "./policies.js";
export type { ServiceCallOptions, ServiceClient, ServiceResult, RequestBodyOf, ResponseBodyOf, HttpMethod } from "./types.js";
