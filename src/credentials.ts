// Credential checks and header encoding. Everything here runs once, when the client is created,
// so a malformed credential fails early and per-request work is a header set.
import { ServiceConfigurationError } from "./errors.js";

/** The credentials a client holds; which one a request uses depends on the operation. */
export interface ServiceAuth {
  /** Sent as `Service-API-Key`. */
  readonly apiKey?: string | undefined;
  /** With `password`: sent as HTTP Basic, UTF-8 encoded. */
  readonly username?: string | undefined;
  readonly password?: string | undefined;
  /** A JWT you already hold, sent as `Authorization: Bearer`. */
  readonly token?: string | undefined;
  /** Exchange the API key (or Basic credentials) for a JWT via get-token and use that. */
  readonly jwt?: boolean | undefined;
}

/** The validated form: header values computed once. */
export interface Credentials {
  readonly apiKey: string | undefined;
  /** The whole `Authorization` value, "Basic …". */
  readonly basic: string | undefined;
  readonly token: string | undefined;
  readonly exchangeForJwt: boolean;
  /** Every string that must never appear in an error or a log. */
  readonly secrets: readonly string[];
}

// CR, LF and NUL split or truncate headers; other control characters are rejected by fetch with
// an error that quotes the value, so refuse them all here, without quoting.
const CONTROL = /[\u0000-\u001f\u007f]/;
// API keys and JWTs go into headers as they are: printable ASCII only.
const PRINTABLE_ASCII = /^[\u0021-\u007e]+$/;
const JWT = /^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/;

function checkCommon(value: unknown, field: string): string {
  if (typeof value !== "string" || value.length === 0) {
    throw new ServiceConfigurationError(`${field} must be a non-empty string`);
  }
  if (CONTROL.test(value)) {
    throw new ServiceConfigurationError(`${field} contains a control character (CR, LF, NUL or similar); check how it was copied`);
  }
  if (value.trim() !== value) {
    throw new ServiceConfigurationError(`${field} starts or ends with whitespace; check how it was copied`);
  }
  return value;
}

function checkHeaderToken(value: unknown, field: string): string {
  const checked = checkCommon(value, field);
  if (!PRINTABLE_ASCII.test(checked)) {
    throw new ServiceConfigurationError(`${field} must be printable ASCII without spaces`);
  }
  return checked;
}

/** Throws, without echoing the value, unless `token` is a header-safe three-part JWT. */
export function checkJwt(value: unknown, field: string): string {
  const checked = checkHeaderToken(value, field);
  if (!JWT.test(checked)) {
    throw new ServiceConfigurationError(`${field} is not a JWT (three base64url parts separated by dots)`);
  }
  return checked;
}

/** `Basic base64(utf8(user:password))`, without Buffer so it runs in browsers and edge runtimes. */
export function encodeBasic(username: string, password: string): string {
  const bytes = new TextEncoder().encode(`${username}:${password}`);
  let binary = "";
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return `Basic ${btoa(binary)}`;
}

export function validateCredentials(auth: ServiceAuth | undefined): Credentials {
  const apiKey = auth?.apiKey === undefined ? undefined : checkHeaderToken(auth.apiKey, "auth.apiKey");
  const token = auth?.token === undefined ? undefined : checkJwt(auth.token, "auth.token");
  let basic: string | undefined;
  let password: string | undefined;
  if (auth?.username !== undefined || auth?.password !== undefined) {
    if (auth.username === undefined || auth.password === undefined) {
      throw new ServiceConfigurationError("HTTP Basic needs both auth.username and auth.password");
    }
    const username = checkCommon(auth.username, "auth.username");
    password = checkCommon(auth.password, "auth.password");
    if (username.includes(":")) {
      // Basic joins user and password with ":"; a colon in the user name would move the split.
      throw new ServiceConfigurationError("auth.username must not contain `:` (HTTP Basic cannot carry it)");
    }
    basic = encodeBasic(username, password);
  }
  const exchangeForJwt = auth?.jwt === true;
  if (exchangeForJwt && token !== undefined) {
    throw new ServiceConfigurationError("auth.jwt exchanges a key or password for a JWT; with auth.token you already hold one: pass one or the other");
  }
  if (exchangeForJwt && apiKey === undefined && basic === undefined) {
    throw new ServiceConfigurationError("auth.jwt needs auth.apiKey or auth.username/auth.password to obtain a JWT from get-token");
  }
  const secrets = [apiKey, password, basic, basic?.slice("Basic ".length), token].filter(
    (value): value is string => value !== undefined,
  );
  return { apiKey, basic, token, exchangeForJwt, secrets };
}

export function hasCredentials(credentials: Credentials): boolean {
  return credentials.apiKey !== undefined || credentials.basic !== undefined || credentials.token !== undefined;
}
