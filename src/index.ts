// The package's public surface: the client, its helpers, its errors and their types.
export { createServiceClient } from "./client/client.js";
export { deriveApiBaseUrl } from "./client/config.js";
export { hasStatus, unwrap } from "./client/errors.js";
export { paginate, type PageItem, type PagedPath, type PagedMethod, type PaginateOptions } from "./client/paginate.js";
export {
  ServiceError,
  ServiceApiError,
  ServiceConfigurationError,
  ServiceConnectionError,
  ServiceResponseError,
  ServiceTimeoutError,
  type ServiceApiErrorKind,
  type RedactedRequest,
} from "./client/errors.js";
export type { ServiceClientOptions, FetchLike } from "./client/config.js";
export type { ServiceAuth } from "./client/auth.js";
export type { ServiceLogger, ServiceLogEvent } from "./client/logger.js";
export type { OperationPolicy, SecurityScheme } from "./client/policies.js";
export type { ServiceCallOptions, ServiceClient, ServiceResult, RequestBodyOf, ResponseBodyOf, HttpMethod } from "./client/types.js";
