// What a credential must look like before it goes into a header: the checks the client's options
// (auth.ts) and the tokens the service hands out (token-cache.ts) share. Each refuses without
// quoting the value, which is a secret.
import { refuse } from "./errors.js";

// CR, LF and NUL split or truncate headers; other control characters are refused by fetch with
// an error that quotes the value, so refuse them all here, without quoting.
const CONTROL = /[\u0000-\u001f\u007f]/;
// API keys and JWTs go into headers as they are: printable ASCII only.
const PRINTABLE_ASCII = /^[\u0021-\u007e]+$/;
const JWT = /^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/;

export function checkCommon(value: unknown, field: string): string {
  if (typeof value !== "string" || value.length === 0) refuse(`${field} must be a non-empty string`);
  if (CONTROL.test(value)) refuse(`${field} contains a control character (CR, LF, NUL or similar); check how it was copied`);
  if (value.trim() !== value) refuse(`${field} starts or ends with whitespace; check how it was copied`);
  return value;
}

export function checkHeaderToken(value: unknown, field: string): string {
  const checked = checkCommon(value, field);
  if (!PRINTABLE_ASCII.test(checked)) refuse(`${field} must be printable ASCII without spaces`);
  return checked;
}

/** Throws, without echoing the value, unless it is a header-safe three-part JWT. */
export function checkJwt(value: unknown, field: string): string {
  const checked = checkHeaderToken(value, field);
  if (!JWT.test(checked)) refuse(`${field} is not a JWT (three base64url parts separated by dots)`);
  return checked;
}
