// Credentials: checked and encoded once when the client is created, then, per call, the one
// credential the operation accepts. The service takes exactly one method per request and each
// operation declares the methods it accepts; we send the strongest one we hold.
import { checkCommon, checkHeaderToken, checkJwt } from "./credential-format.js";
import { refuse } from "./errors.js";
import type { OperationPolicy, SecurityScheme } from "./policies.js";
import type { TokenCache } from "./token-cache.js";

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

/** The checked form: header values computed once. */
export interface Credentials {
  readonly apiKey: string | undefined;
  /** The whole `Authorization` value, "Basic …". */
  readonly basic: string | undefined;
  readonly token: string | undefined;
  readonly exchangeForJwt: boolean;
  /** Every string that must never appear in an error or a log. */
  readonly secrets: readonly string[];
}

/** One credential, as the header that carries it. */
export interface Credential {
  readonly header: "service-api-key" | "authorization";
  readonly value: string;
  /** The JWT, when this is one: a 401 then invalidates exactly this token. */
  readonly bearer?: string;
}

const AUTH_FIELDS: ReadonlySet<string> = new Set(["apiKey", "username", "password", "token", "jwt"]);

/** `Basic base64(utf8(user:password))`, without Buffer so it runs in browsers and edge runtimes. */
export function encodeBasic(username: string, password: string): string {
  const bytes = new TextEncoder().encode(`${username}:${password}`);
  let binary = "";
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return `Basic ${btoa(binary)}`;
}

/**
 * `auth` checked and encoded. `variables` is given when the client read the credentials from the
 * environment itself: each refusal then names the variable the value came from, which is what the
 * user must fix, rather than an option they never wrote.
 */
export function validateCredentials(auth: ServiceAuth, variables?: Readonly<Record<string, string>>): Credentials {
  const named = (field: string) => variables?.[field] ?? `auth.${field}`;
  const given = Object.keys(auth);
  for (const name of given) {
    if (!AUTH_FIELDS.has(name)) refuse(`auth.${name} is not a credential field; use apiKey, username and password, token, or jwt`);
  }
  // `auth: { apiKey: process.env.SERVICE_API_KEY }` with the variable unset: refused here, at
  // construction like an empty string, so that a missing secret stops the program where it
  // starts rather than at its first call as a 401. `auth: {}` still means "send none".
  const fields = given.filter((name) => name !== "jwt");
  if (!variables && fields.length > 0 && fields.every((name) => auth[name as keyof ServiceAuth] === undefined)) {
    refuse(`every credential in auth is undefined (${fields.map(named).join(", ")}): set the variable it is read from (SERVICE_API_KEY in the README), or pass auth: {} to send none`);
  }
  if (auth.jwt !== undefined && typeof auth.jwt !== "boolean") refuse("auth.jwt must be true or false");
  const apiKey = auth.apiKey === undefined ? undefined : checkHeaderToken(auth.apiKey, named("apiKey"));
  const token = auth.token === undefined ? undefined : checkJwt(auth.token, named("token"));
  let basic: string | undefined;
  let password: string | undefined;
  if (auth.username !== undefined || auth.password !== undefined) {
    const user = named("username");
    const pass = named("password");
    if (auth.username === undefined || auth.password === undefined) refuse(`HTTP Basic needs both ${user} and ${pass}; ${auth.username === undefined ? user : pass} is missing`);
    const username = checkCommon(auth.username, user);
    password = checkCommon(auth.password, pass);
    // Basic joins user and password with ":"; a colon in the user name would move the split.
    if (username.includes(":")) refuse(`${user} must not contain \`:\` (HTTP Basic cannot carry it)`);
    basic = encodeBasic(username, password);
  }
  const exchangeForJwt = auth.jwt === true;
  if (exchangeForJwt && token !== undefined) {
    refuse("auth.jwt exchanges a key or password for a JWT; with auth.token you already hold one: pass one or the other");
  }
  if (exchangeForJwt && apiKey === undefined && basic === undefined) {
    refuse("auth.jwt needs auth.apiKey or auth.username/auth.password to obtain a JWT from get-token");
  }
  const secrets = [apiKey, password, basic, basic?.slice("Basic ".length), token].filter((value): value is string => value !== undefined);
  return { apiKey, basic, token, exchangeForJwt, secrets };
}

export function hasCredentials(credentials: Credentials): boolean {
  return credentials.apiKey !== undefined || credentials.basic !== undefined || credentials.token !== undefined;
}

const SCHEME_LABEL: Readonly<Record<SecurityScheme, string>> = {
  ApiKeyHeader: "the API key (Service-API-Key, auth.apiKey)",
  HttpBasic: "HTTP Basic (auth.username + auth.password)",
  JwtBearer: "a JWT (auth.token, or auth.jwt: true with a key or password)",
};

function heldSchemes(credentials: Credentials): string {
  const held: string[] = [];
  if (credentials.token !== undefined || credentials.exchangeForJwt) held.push("a JWT");
  if (credentials.apiKey !== undefined) held.push("an API key");
  if (credentials.basic !== undefined) held.push("HTTP Basic credentials");
  return held.join(", ");
}

/**
 * The scheme to use, or undefined for none. A client with no credentials at all sends none and
 * lets the service answer 401; a client whose credentials the operation does not accept fails
 * here, before anything is sent, naming the operation and what it needs.
 */
export function chooseScheme(operation: string, policy: OperationPolicy, credentials: Credentials): SecurityScheme | undefined {
  const accepted = policy.security;
  if (accepted.length === 0) return undefined;
  // A JWT first (the recommended method for volume), then the key, then Basic.
  if ((credentials.token !== undefined || credentials.exchangeForJwt) && accepted.includes("JwtBearer")) return "JwtBearer";
  if (credentials.apiKey !== undefined && accepted.includes("ApiKeyHeader")) return "ApiKeyHeader";
  if (credentials.basic !== undefined && accepted.includes("HttpBasic")) return "HttpBasic";
  const held = heldSchemes(credentials);
  if (held === "") return undefined;
  const named = policy.operationId === undefined ? operation : `${policy.operationId} (${operation})`;
  refuse(`${named} accepts ${accepted.map((name) => SCHEME_LABEL[name]).join(" or ")}; this client holds ${held}. Add the missing credential to \`auth\`.`);
}

/**
 * The credential for one call: at once for the key, Basic, a held JWT and a fresh cached one; in
 * JWT mode without one, a promise of the shared token (the caller races it against its own
 * AbortSignal).
 */
export function credentialFor(
  operation: string,
  policy: OperationPolicy,
  credentials: Credentials,
  tokens: TokenCache | undefined,
): Credential | Promise<Credential> | undefined {
  switch (chooseScheme(operation, policy, credentials)) {
    case "ApiKeyHeader":
      return { header: "service-api-key", value: credentials.apiKey! };
    case "HttpBasic":
      return { header: "authorization", value: credentials.basic! };
    case "JwtBearer": {
      if (credentials.token !== undefined) return bearer(credentials.token);
      // A fresh token is used at once: only a call that must wait for a token request pays for
      // the promise and the race against its AbortSignal.
      const cached = tokens!.current();
      return cached === undefined ? tokens!.get().then(bearer) : bearer(cached);
    }
    default:
      return undefined;
  }
}

export function bearer(token: string): Credential {
  return { header: "authorization", value: `Bearer ${token}`, bearer: token };
}
