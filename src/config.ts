// Options, environment variables and defaults, resolved once into what the client runs on.
// Explicit options always win over the environment.
import { deriveApiBaseUrl, isLoopbackHost, normalizeBaseUrl } from "./base-url.js";
import { hasCredentials, validateCredentials, type Credentials, type ServiceAuth } from "./credentials.js";
import { ServiceConfigurationError } from "./errors.js";
import type { ServiceLogger } from "./logger.js";
import { isCredentialHeader } from "./redact.js";
import type { OperationPolicy } from "../generated/operations.js";

export type FetchLike = (input: Request | string | URL, init?: RequestInit) => Promise<Response>;

export interface ServiceClientOptions {
  /** The API's base address, e.g. "https://api.acme.example". Wins over consoleUrl. */
  baseUrl?: string;
  /** The console's address; the API's is derived from it (`console` → `api`). */
  consoleUrl?: string;
  /** Credentials. Leave out to read them from the environment; `{}` means none. */
  auth?: ServiceAuth;
  /**
   * A fetch implementation (default: globalThis.fetch). It is called as `fetch(request, init)`
   * and must honour `init.signal`, `init.redirect` and `init.body`, as every fetch does.
   */
  fetch?: FetchLike;
  /** Per attempt, covering the response body too. Default 30 000. */
  timeoutMs?: number;
  /** Retries for retry-safe operations. Default 2. */
  maxRetries?: number;
  /** Headers sent with every request (never credentials: use `auth`). */
  headers?: Record<string, string>;
  /** Allow credentials over plain http:// to a non-loopback host (private deployments). */
  allowInsecureHttp?: boolean;
  /** Structured events for request start, response, retry, transport errors and token refresh. */
  logger?: ServiceLogger;
  /** Environment to read SERVICE_* variables from. Default: process.env where it exists. */
  env?: Readonly<Record<string, string | undefined>>;
  /** The per-operation policy table. Default: the one generated from the spec. */
  operations?: Readonly<Record<string, OperationPolicy>>;
}

export interface ResolvedConfig {
  readonly baseUrl: string;
  /** scheme://host[:port] of baseUrl: credentials go to this origin only. */
  readonly origin: string;
  readonly credentials: Credentials;
  readonly fetch: FetchLike;
  readonly timeoutMs: number;
  readonly maxRetries: number;
  readonly headers: Record<string, string> | undefined;
  readonly logger: ServiceLogger | undefined;
  /** Set when allowInsecureHttp let credentials go over plain http; the client warns once. */
  readonly insecureWarning: string | undefined;
}

const DEFAULT_TIMEOUT_MS = 30_000;
const DEFAULT_MAX_RETRIES = 2;

function processEnv(): Readonly<Record<string, string | undefined>> {
  // `process` exists in Node and some edge runtimes only; browsers have none.
  return typeof process !== "undefined" && process.env ? process.env : {};
}

function nonEmpty(value: string | undefined): string | undefined {
  return value === undefined || value === "" ? undefined : value;
}

function authFromEnv(env: Readonly<Record<string, string | undefined>>): ServiceAuth {
  return {
    apiKey: nonEmpty(env.SERVICE_API_KEY),
    username: nonEmpty(env.SERVICE_USERNAME),
    password: nonEmpty(env.SERVICE_PASSWORD),
    token: nonEmpty(env.SERVICE_JWT),
  };
}

function resolveBaseUrl(options: ServiceClientOptions, env: Readonly<Record<string, string | undefined>>): string {
  if (options.baseUrl !== undefined) return normalizeBaseUrl(options.baseUrl);
  if (options.consoleUrl !== undefined) return deriveApiBaseUrl(options.consoleUrl);
  const fromEnv = nonEmpty(env.SERVICE_API_URL);
  if (fromEnv !== undefined) return normalizeBaseUrl(fromEnv);
  const consoleFromEnv = nonEmpty(env.SERVICE_CONSOLE_URL);
  if (consoleFromEnv !== undefined) return deriveApiBaseUrl(consoleFromEnv);
  throw new ServiceConfigurationError(
    "no API address: pass baseUrl (https://api.<your domain>) or consoleUrl, or set SERVICE_API_URL or SERVICE_CONSOLE_URL",
  );
}

function checkCount(value: number | undefined, fallback: number, field: string, min: number): number {
  if (value === undefined) return fallback;
  if (!Number.isFinite(value) || value < min || !Number.isInteger(value)) {
    throw new ServiceConfigurationError(`${field} must be an integer ≥ ${min}`);
  }
  return value;
}

export function resolveConfig(options: ServiceClientOptions = {}): ResolvedConfig {
  const env = options.env ?? processEnv();
  const baseUrl = resolveBaseUrl(options, env);
  const credentials = validateCredentials(options.auth ?? authFromEnv(env));
  const url = new URL(baseUrl);
  let insecureWarning: string | undefined;
  if (url.protocol === "http:" && hasCredentials(credentials) && !isLoopbackHost(url.hostname)) {
    if (options.allowInsecureHttp !== true) {
      throw new ServiceConfigurationError(
        `refusing to send credentials over plain http:// to ${url.host}: anyone on the network could read them. ` +
          "Use https://, or a loopback address (localhost, 127.0.0.1, ::1) for local testing, " +
          "or pass allowInsecureHttp: true for a private deployment you trust.",
      );
    }
    insecureWarning = `allowInsecureHttp: credentials will be sent over plain http:// to ${url.host}`;
  }
  if (options.headers) {
    for (const name of Object.keys(options.headers)) {
      if (isCredentialHeader(name)) {
        throw new ServiceConfigurationError(`headers.${name}: pass credentials as \`auth\`, which sends each one only where it is accepted`);
      }
    }
  }
  const fetchImpl = options.fetch ?? (typeof fetch === "function" ? fetch.bind(globalThis) : undefined);
  if (!fetchImpl) throw new ServiceConfigurationError("no fetch implementation: pass options.fetch");
  return {
    baseUrl,
    origin: url.origin,
    credentials,
    fetch: fetchImpl,
    timeoutMs: checkCount(options.timeoutMs, DEFAULT_TIMEOUT_MS, "timeoutMs", 1),
    maxRetries: checkCount(options.maxRetries, DEFAULT_MAX_RETRIES, "maxRetries", 0),
    headers: options.headers,
    logger: options.logger,
    insecureWarning,
  };
}
