// Which one credential a request carries. The brief allows exactly one method per request, and
// each operation declares the methods it accepts; we take the strongest one we hold.
import type { Credentials } from "./credentials.js";
import { ServiceConfigurationError } from "./errors.js";
import type { OperationPolicy, SecuritySchemeName } from "../generated/operations.js";

const SCHEME_LABEL: Readonly<Record<SecuritySchemeName, string>> = {
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
export function chooseScheme(operation: string, policy: OperationPolicy, credentials: Credentials): SecuritySchemeName | undefined {
  const accepted = policy.security;
  if (accepted.length === 0) return undefined;
  // A JWT first (the recommended method for volume), then the key, then Basic.
  if ((credentials.token !== undefined || credentials.exchangeForJwt) && accepted.includes("JwtBearer")) return "JwtBearer";
  if (credentials.apiKey !== undefined && accepted.includes("ApiKeyHeader")) return "ApiKeyHeader";
  if (credentials.basic !== undefined && accepted.includes("HttpBasic")) return "HttpBasic";
  const held = heldSchemes(credentials);
  if (held === "") return undefined;
  throw new ServiceConfigurationError(
    `${policy.operationId === undefined ? operation : `${policy.operationId} (${operation})`} accepts ${accepted.map((name) => SCHEME_LABEL[name]).join(" or ")}; ` +
      `this client holds ${held}. Add the missing credential to \`auth\`.`,
  );
}
