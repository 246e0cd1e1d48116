// Options, environment variables and the API's address, checked once when a client is created
// and resolved into what it runs on. Every refusal is a ServiceConfigurationError that names the
// option and says how to fix it, and none repeats a value that might be a secret.
// Explicit options always win over the environment.
import { hasCredentials, validateCredentials, type Credentials, type ServiceAuth } from "./auth.js";
import { refuse } from "./errors.js";
import { emit, type ServiceLogger } from "./logger.js";
import { isCredentialHeader } from "./redact.js";

export type FetchLike = (input: Request | string | URL, init?: RequestInit) => Promise<Response>;

// Every option also takes `undefined`, meaning "not given" (strict code passes a setting it may
// not have; under exactOptionalPropertyTypes the type must say so).
export interface ServiceClientOptions {
  /** The API's base address, e.g. "https://api.acme.example" (a string or a URL). Wins over consoleUrl. */
  baseUrl?: string | URL | undefined;
  /** The console's address (a string or a URL); the API's is derived from it (`console` → `api`). */
  consoleUrl?: string | URL | undefined;
  /**
   * Credentials. Leave out to read them from the environment; `{}` means none. One whose every
   * credential is `undefined` (a variable that is not set) is refused.
   */
  auth?: ServiceAuth | undefined;
  /**
   * A fetch implementation (default: the global fetch at the time of each call, so a fetch mock
   * installed after the client was created is the one called). It is called as `fetch(request, init)`
   * and must honour `init.signal`, `init.redirect`, `init.headers` and `init.body`, as every fetch does.
   */
  fetch?: FetchLike | undefined;
  /** Per attempt, covering the response body too. Default 30 000; at most 2 147 483 647. */
  timeoutMs?: number | undefined;
  /** Retries for retry-safe operations. Default 2. */
  maxRetries?: number | undefined;
  /** Headers sent with every request (never credentials: use `auth`). */
  headers?: HeadersInit | undefined;
  /** Allow credentials over plain http:// to a non-loopback host (private deployments). */
  allowInsecureHttp?: boolean | undefined;
  /** Structured events for request start, response, retry, transport errors and token refresh. */
  logger?: ServiceLogger | undefined;
  /** Environment to read SERVICE_* variables from. Default: process.env where it exists. */
  env?: Readonly<Record<string, string | undefined>> | undefined;
}

export interface ResolvedConfig {
  readonly baseUrl: string;
  /** scheme://host[:port] of baseUrl: credentials go to this origin only. */
  readonly origin: string;
  readonly credentials: Credentials;
  readonly fetch: FetchLike;
  readonly timeoutMs: number;
  readonly maxRetries: number;
  readonly headers: Readonly<Record<string, string>>;
  readonly logger: ServiceLogger | undefined;
}

export const DEFAULT_TIMEOUT_MS = 30_000;
export const DEFAULT_MAX_RETRIES = 2;
/** The longest delay a timer can hold (2³¹−1 ms, about 24.8 days); longer ones fire at once. */
export const MAX_TIMEOUT_MS = 2 ** 31 - 1;

const OPTION_NAMES: ReadonlySet<string> = new Set([
  "baseUrl",
  "consoleUrl",
  "auth",
  "fetch",
  "timeoutMs",
  "maxRetries",
  "headers",
  "allowInsecureHttp",
  "logger",
  "env",
]);

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === "object" && !Array.isArray(value);
}

/** `timeoutMs` for a client or a call: a whole number of milliseconds a timer can hold. */
export function checkTimeout(value: unknown, where: string): number {
  if (typeof value !== "number" || !Number.isInteger(value) || value < 1 || value > MAX_TIMEOUT_MS) {
    refuse(`${where} must be an integer number of milliseconds from 1 to ${MAX_TIMEOUT_MS} (about 24.8 days); leave it out for the default of ${DEFAULT_TIMEOUT_MS}`);
  }
  return value;
}

/** `maxRetries` for a client or a call: a whole number, 0 to turn retries off. */
export function checkRetries(value: unknown, where: string): number {
  if (typeof value !== "number" || !Number.isInteger(value) || value < 0) {
    refuse(`${where} must be an integer ≥ 0 (0 turns retries off); leave it out for the default of ${DEFAULT_MAX_RETRIES}`);
  }
  return value;
}

function checkBoolean(value: unknown, where: string): boolean | undefined {
  if (value !== undefined && typeof value !== "boolean") refuse(`${where} must be true or false`);
  return value as boolean | undefined;
}

type Env = Readonly<Record<string, string | undefined>>;

function processEnv(): Env {
  // `process` exists in Node and some edge runtimes only; browsers have none.
  try {
    return typeof process !== "undefined" && process.env ? process.env : {};
  } catch {
    return {};
  }
}

/**
 * A variable's value, or undefined when it is unset or empty. A read the runtime refuses (Deno
 * without --allow-env throws NotCapable) counts as unset: the environment is only a fallback, and
 * must never be what fails a client that was given everything it needs.
 */
function readEnv(env: Env, name: string): string | undefined {
  let value: unknown;
  try {
    value = env[name];
  } catch {
    return undefined;
  }
  return typeof value === "string" && value !== "" ? value : undefined;
}

/** The variable each credential is read from when `auth` is left out. */
const CREDENTIAL_VARIABLES: Readonly<Record<string, string>> = {
  apiKey: "SERVICE_API_KEY",
  username: "SERVICE_USERNAME",
  password: "SERVICE_PASSWORD",
  token: "SERVICE_JWT",
};

function authFromEnv(env: Env): ServiceAuth {
  const auth: Record<string, string | undefined> = {};
  for (const [field, variable] of Object.entries(CREDENTIAL_VARIABLES)) auth[field] = readEnv(env, variable);
  return auth;
}

const RULE =
  "the API's address is the console's address with the leading host label `console` replaced by `api` " +
  "(https://console.acme.example → https://api.acme.example)";

function parseHttpUrl(value: unknown, what: string): URL {
  const isUrl = typeof URL !== "undefined" && value instanceof URL;
  if (typeof value !== "string" && !isUrl) refuse(`${what} must be a string or a URL such as https://api.acme.example`);
  let url: URL;
  try {
    // A copy: the caller's URL object is never changed.
    url = new URL(isUrl ? value.href : (value as string));
  } catch {
    // Not echoed: a malformed URL may still contain user info.
    refuse(`${what} is not an absolute URL such as https://api.acme.example`);
  }
  if (url.protocol !== "https:" && url.protocol !== "http:") {
    refuse(`${what} must use https:// (or http:// for local testing), not ${url.protocol}`);
  }
  if (url.username || url.password) {
    refuse(`${what} must not contain a user name or password; pass credentials as \`auth\` instead`);
  }
  return url;
}

function isIpAddress(hostname: string): boolean {
  return hostname.startsWith("[") || /^\d+\.\d+\.\d+\.\d+$/.test(hostname);
}

/**
 * The API base address for a console address: leading label `console` → `api`, scheme and port
 * kept, path, query and fragment dropped. Throws a ServiceConfigurationError that states the rule
 * when the host does not start with a `console` label followed by a domain.
 */
export function deriveApiBaseUrl(consoleUrl: string | URL): string {
  const url = parseHttpUrl(consoleUrl, "consoleUrl");
  const labels = url.hostname.split(".");
  if (isIpAddress(url.hostname) || labels[0] !== "console" || labels.length < 2 || labels.slice(1).some((label) => label === "")) {
    refuse(`consoleUrl's host ${url.hostname} is not \`console.\` followed by a domain: ${RULE}. Pass baseUrl with the API's address instead.`);
  }
  labels[0] = "api";
  url.hostname = labels.join(".");
  return url.origin;
}

/** A caller's baseUrl, checked, with trailing slashes dropped (openapi-fetch appends "/path"). */
function normalizeBaseUrl(baseUrl: unknown, what: string): string {
  const url = parseHttpUrl(baseUrl, what);
  if (url.search || url.hash) refuse(`${what} must not have a query or fragment`);
  return `${url.origin}${url.pathname}`.replace(/\/+$/, "");
}

/** Loopback hosts, where plain http cannot be observed by anyone else on the network. */
function isLoopbackHost(hostname: string): boolean {
  return hostname === "localhost" || hostname === "[::1]" || /^127\.\d+\.\d+\.\d+$/.test(hostname);
}

function resolveBaseUrl(options: ServiceClientOptions, env: Env): string {
  if (options.baseUrl !== undefined) return normalizeBaseUrl(options.baseUrl, "baseUrl");
  if (options.consoleUrl !== undefined) return deriveApiBaseUrl(options.consoleUrl);
  const fromEnv = readEnv(env, "SERVICE_API_URL");
  if (fromEnv !== undefined) return normalizeBaseUrl(fromEnv, "SERVICE_API_URL");
  const consoleFromEnv = readEnv(env, "SERVICE_CONSOLE_URL");
  if (consoleFromEnv !== undefined) return deriveApiBaseUrl(consoleFromEnv);
  refuse("no API address: pass baseUrl (https://api.<your domain>) or consoleUrl, or set SERVICE_API_URL or SERVICE_CONSOLE_URL");
}

// RFC 9110 token characters for a header name; values may not hold CR, LF or NUL (they would end
// the header or the request), nor other control characters but tab.
const HEADER_NAME = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;
const HEADER_VALUE_FORBIDDEN = /[\u0000-\u0008\u000a-\u001f\u007f]/;

/** Headers in any of their three forms, checked, as a plain lower-case record. */
export function checkHeaders(headers: unknown, where = "headers", credentials: "refuse" | "allow" = "refuse"): Record<string, string> {
  if (headers === undefined) return {};
  let pairs: [unknown, unknown][];
  if (typeof Headers !== "undefined" && headers instanceof Headers) {
    pairs = [];
    headers.forEach((value, name) => pairs.push([name, value]));
  } else if (Array.isArray(headers)) {
    pairs = headers.map((pair: unknown) => (Array.isArray(pair) && pair.length === 2 ? (pair as [unknown, unknown]) : refuse(`${where}: each entry of an array must be a [name, value] pair`)));
  } else if (isPlainObject(headers)) {
    pairs = Object.entries(headers);
  } else {
    refuse(`${where} must be a Headers object, an array of [name, value] pairs or a record of names to values`);
  }
  const out: Record<string, string> = {};
  for (const [name, value] of pairs) {
    if (typeof name !== "string" || !HEADER_NAME.test(name)) refuse(`${where}: a header name must be a non-empty token (letters, digits and !#$%&'*+.^_\`|~-)`);
    if (credentials === "refuse" && isCredentialHeader(name)) refuse(`${where}.${name}: pass credentials as \`auth\`, which sends each one only where the operation accepts it`);
    if (typeof value !== "string") refuse(`${where}.${name} must be a string`);
    if (HEADER_VALUE_FORBIDDEN.test(value)) refuse(`${where}.${name} contains a control character (CR, LF, NUL or similar), which would break the request; check how it was built`);
    out[name.toLowerCase()] = value;
  }
  return out;
}

export function resolveConfig(given: ServiceClientOptions | undefined): ResolvedConfig {
  if (given !== undefined && !isPlainObject(given as unknown)) {
    refuse("createServiceClient takes an options object (or nothing, to read SERVICE_* variables from the environment)");
  }
  const options: ServiceClientOptions = given ?? {};
  for (const name of Object.keys(options)) {
    if (!OPTION_NAMES.has(name)) refuse(`${name} is not an option of createServiceClient; the options are ${[...OPTION_NAMES].join(", ")}`);
  }
  if (options.env !== undefined && !isPlainObject(options.env as unknown)) refuse("env must be a record of variable names to strings, such as process.env");
  const env = options.env ?? processEnv();
  const baseUrl = resolveBaseUrl(options, env);
  if (options.auth !== undefined && !isPlainObject(options.auth as unknown)) {
    refuse("auth must be an object: { apiKey }, { username, password }, { token }, or one of the first two with jwt: true");
  }
  const credentials = options.auth === undefined ? validateCredentials(authFromEnv(env), CREDENTIAL_VARIABLES) : validateCredentials(options.auth);
  const url = new URL(baseUrl);
  let insecureWarning: string | undefined;
  if (url.protocol === "http:" && hasCredentials(credentials) && !isLoopbackHost(url.hostname)) {
    if (checkBoolean(options.allowInsecureHttp, "allowInsecureHttp") !== true) {
      refuse(
        `refusing to send credentials over plain http:// to ${url.host}: anyone on the network could read them. ` +
          "Use https://, or a loopback address (localhost, 127.0.0.1, ::1) for local testing, " +
          "or pass allowInsecureHttp: true for a private deployment you trust.",
      );
    }
    insecureWarning = `allowInsecureHttp: credentials will be sent over plain http:// to ${url.host}`;
  }
  checkBoolean(options.allowInsecureHttp, "allowInsecureHttp");
  if (options.fetch !== undefined && typeof options.fetch !== "function") refuse("fetch must be a function with the signature of the global fetch");
  if (options.logger !== undefined && typeof options.logger !== "function") refuse("logger must be a function that receives one event object");
  if (options.fetch === undefined && typeof fetch !== "function") refuse("this runtime has no global fetch: pass options.fetch");
  // The global fetch is looked up at each call, not bound here: test tools (MSW, fetch mocks)
  // replace globalThis.fetch after the code under test has created its client.
  const fetchImpl: FetchLike = options.fetch ?? ((input, init) => globalThis.fetch(input, init));
  if (insecureWarning) {
    // Allowed, but said once per client, once every option has passed: to the logger, else the console.
    if (options.logger) emit(options.logger, { event: "warning", message: insecureWarning });
    else if (typeof console !== "undefined") console.warn(`service-api: ${insecureWarning}`);
  }
  return {
    baseUrl,
    origin: url.origin,
    credentials,
    fetch: fetchImpl,
    timeoutMs: options.timeoutMs === undefined ? DEFAULT_TIMEOUT_MS : checkTimeout(options.timeoutMs, "timeoutMs"),
    maxRetries: options.maxRetries === undefined ? DEFAULT_MAX_RETRIES : checkRetries(options.maxRetries, "maxRetries"),
    headers: checkHeaders(options.headers),
    logger: options.logger,
  };
}
