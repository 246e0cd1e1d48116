// A curl command that makes the call a finding came from, to paste into a shell as it is. The
// credential is never written out: it is the environment variable the user already keeps it in
// (`$SERVICE_API_KEY`, …), so the command can be shared, logged and put in a ticket.
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

/** The credential the user holds, as curl should send it: a JWT, else the key, else Basic (a key the client trades for a JWT works as it is). */
export type UserScheme = "jwt" | "apiKey" | "basic";

export function userScheme(credentials: Credentials): UserScheme {
  return credentials.token !== undefined ? "jwt" : credentials.apiKey !== undefined ? "apiKey" : "basic";
}

/** Single-quoted for a POSIX shell: nothing inside is expanded. */
export function shellQuote(text: string): string {
  return `'${text.replace(/'/g, `'\\''`)}'`;
}

const AS_VARIABLE: Record<UserScheme, string> = {
  // Double quotes, so the shell puts the variable's value in.
  apiKey: '-H "Service-API-Key: $SERVICE_API_KEY"',
  jwt: '-H "Authorization: Bearer $SERVICE_JWT"',
  basic: '-u "$SERVICE_USERNAME:$SERVICE_PASSWORD"',
};

function wrongCredential(scheme: UserScheme): string {
  if (scheme === "apiKey") return `-H ${shellQuote(`Service-API-Key: ${WRONG.apiKey}`)}`;
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

export function curlCommand(call: CurlCall, scheme: UserScheme): string {
  const parts = ["curl", "-sS", "-i"];
  if (call.method !== "GET") parts.push("-X", call.method);
  if (call.secured && call.credential === "user") parts.push(AS_VARIABLE[scheme]);
  if (call.secured && call.credential === "wrong") parts.push(wrongCredential(scheme));
  if (call.body !== undefined) parts.push("-H", shellQuote("Content-Type: application/json"), "--data-raw", shellQuote(JSON.stringify(call.body)));
  parts.push(shellQuote(call.url));
  return parts.join(" ");
}
