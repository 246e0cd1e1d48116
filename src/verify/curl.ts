// A curl command that makes the call a finding came from, to paste into a shell as it is. The
// credential is never written out: it is the environment variable the user already keeps it in
// (`$SERVICE_API_KEY`, …), so the command can be shared, logged and put in a ticket. Against a
// mock given no credential (`--mock` alone), the command carries the placeholder verify sent
// instead: it is no secret, and the variable may well be unset, which would turn the failure
// the command reproduces into a 401.
import type { Credentials } from "../client/auth.js";

/** Which credential a call carried: the user's, none (an auth probe), or the probe's wrong one. */
export type CallCredential = "user" | "none" | "wrong";

/** The wrong credential the auth probe sends, in the form the user's own takes; none is a secret. */
export const WRONG = {
  apiKey: "service-api-verify-wrong-key",
  username: "service-api-verify@wrong.invalid",
  password: "service-api-verify-wrong-password",
  // A JWT in form (three base64url parts), signed by no one.
  token: `${Buffer.from('{"alg":"HS256","typ":"JWT"}').toString("base64url")}.${Buffer.from('{"sub":"service-api-verify-wrong-credential"}').toString("base64url")}.d3Jvbmc`,
} as const;

/** What `--mock` sends when no credential is given. Not a secret: any mock accepts it. */
export const MOCK_PLACEHOLDER_KEY = "service-api-mock-placeholder";

/** The credential the user holds, as curl should send it: a JWT, else the key, else Basic (a key the client trades for a JWT works as it is). */
export type UserScheme = "jwt" | "apiKey" | "basic";

/** How a curl command carries the credential verify sent: the user's, by its variable, or the mock's placeholder, as it is. */
export type CurlScheme = UserScheme | "mockPlaceholder";

export function userScheme(credentials: Credentials): UserScheme {
  return credentials.token !== undefined ? "jwt" : credentials.apiKey !== undefined ? "apiKey" : "basic";
}

/** Single-quoted for a POSIX shell: nothing inside is expanded. */
export function shellQuote(text: string): string {
  return `'${text.replace(/'/g, `'\\''`)}'`;
}

const CARRIED: Record<CurlScheme, string> = {
  // Double quotes, so the shell puts the variable's value in.
  apiKey: '-H "Service-API-Key: $SERVICE_API_KEY"',
  jwt: '-H "Authorization: Bearer $SERVICE_JWT"',
  basic: '-u "$SERVICE_USERNAME:$SERVICE_PASSWORD"',
  mockPlaceholder: `-H ${shellQuote(`Service-API-Key: ${MOCK_PLACEHOLDER_KEY}`)}`,
};

function wrongCredential(scheme: CurlScheme): string {
  if (scheme === "apiKey" || scheme === "mockPlaceholder") return `-H ${shellQuote(`Service-API-Key: ${WRONG.apiKey}`)}`;
  if (scheme === "jwt") return `-H ${shellQuote(`Authorization: Bearer ${WRONG.token}`)}`;
  return `-u ${shellQuote(`${WRONG.username}:${WRONG.password}`)}`;
}

export interface CurlCall {
  readonly method: string;
  /** The URL as sent, query included. */
  readonly url: string;
  readonly body: unknown;
  readonly credential: CallCredential;
  /** Whether the operation takes a credential at all (the health check does not). */
  readonly secured: boolean;
}

export function curlCommand(call: CurlCall, scheme: CurlScheme): string {
  const parts = ["curl", "-sS", "-i"];
  if (call.method !== "GET") parts.push("-X", call.method);
  if (call.secured && call.credential === "user") parts.push(CARRIED[scheme]);
  if (call.secured && call.credential === "wrong") parts.push(wrongCredential(scheme));
  if (call.body !== undefined) parts.push("-H", shellQuote("Content-Type: application/json"), "--data-raw", shellQuote(JSON.stringify(call.body)));
  parts.push(shellQuote(call.url));
  return parts.join(" ");
}
