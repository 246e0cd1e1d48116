// Everything that leaves the client as data about a call (error bodies, messages, causes, header
// summaries, log fields) passes through here first. Two tools: an allow-list for what is kept of
// headers and URLs (anything not known to be harmless is replaced), and a search-and-replace of
// the client's own secrets for the free text a service may echo them in.

export const REDACTED = "[REDACTED]";

/** Header names that carry credentials; compared lower-case. */
export const CREDENTIAL_HEADERS: ReadonlySet<string> = new Set(["authorization", "service-api-key", "cookie", "proxy-authorization"]);

/** Headers whose values describe a message rather than a person: kept on errors and log events. */
const SAFE_HEADERS: ReadonlySet<string> = new Set([
  "accept",
  "accept-encoding",
  "cache-control",
  "content-encoding",
  "content-language",
  "content-length",
  "content-type",
  "date",
  "etag",
  "last-modified",
  "retry-after",
  "user-agent",
  "vary",
  "www-authenticate",
  "x-request-id",
]);

/** Query names kept as they are in a redacted URL; any other name is itself replaced. */
const PLAIN_NAME = /^[A-Za-z0-9_.-]{1,64}$/;

export function isCredentialHeader(name: string): boolean {
  return CREDENTIAL_HEADERS.has(name.toLowerCase());
}

/**
 * Request body fields that carry a credential: the login forms' password, the API key exchanged
 * at login, identity tokens, an integration's token. The contract marks few of them (writeOnly
 * is on two passwords only), so the names decide. Compared lower-case.
 */
export const CREDENTIAL_FIELDS: ReadonlySet<string> = new Set(["password", "api_key", "apikey", "client_secret", "secret", "token", "access_token", "refresh_token", "id_token"]);

export function isCredentialField(name: string): boolean {
  return CREDENTIAL_FIELDS.has(name.toLowerCase());
}

/**
 * The shortest secret searched for inside other text. A shorter one ("test", "k") is also a word,
 * a syllable or a piece of a stack frame, and replacing it there would alter the user's own data
 * and the messages meant to help them; it is replaced only where a whole value equals it (a
 * header, a string in a body, a request id). Credential headers and fields are redacted by their
 * names whatever the length. Eight: the shortest password NIST SP 800-63B lets a service accept,
 * so a password that meets such a policy is still found everywhere (a longer floor would spare
 * real ones), and a JWT is always longer.
 */
export const SCRUB_MIN_LENGTH = 8;

/** Does `text` hold `secret`: anywhere for a long secret, as the whole text for a short one. */
function holds(text: string, secret: string): boolean {
  return secret.length < SCRUB_MIN_LENGTH ? text === secret : text.includes(secret);
}

/** `text` with every secret replaced, as `holds` finds them. */
export function scrub(text: string, secrets: readonly string[]): string {
  let out = text;
  for (const secret of secrets) {
    if (holds(out, secret)) out = out.split(secret).join(REDACTED);
  }
  return out;
}

/** A URL as far as it is safe to show: origin and path, query names when plain, never a value. */
export function redactUrl(url: string): string {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return REDACTED;
  }
  let out = `${parsed.origin}${parsed.pathname}`;
  if (parsed.search) {
    const names = [...parsed.searchParams.keys()].map((name) => `${PLAIN_NAME.test(name) ? name : REDACTED}=${REDACTED}`);
    out += `?${names.join("&")}`;
  }
  return out;
}

/** Every header name, with the value kept only for headers on the allow-list (and scrubbed even there). */
export function redactHeaders(headers: Headers, secrets: readonly string[]): Record<string, string> {
  const out: Record<string, string> = {};
  headers.forEach((value, name) => {
    out[name] = SAFE_HEADERS.has(name) ? scrub(value, secrets) : REDACTED;
  });
  return out;
}

/**
 * A copy of a parsed body with every secret replaced, in keys and string values, however deep it
 * nests (an explicit stack, no recursion limit). Own properties are defined, never assigned, so
 * a `__proto__` key stays a key. A body with no secret in it is returned as it is.
 */
export function redactBody(value: unknown, secrets: readonly string[]): unknown {
  if (secrets.length === 0 || value === null || value === undefined) return value;
  if (typeof value === "string") return scrub(value, secrets);
  if (typeof value !== "object") return value;
  const root: { value: unknown } = { value: undefined };
  const stack: { source: unknown; target: Record<string, unknown>; key: string }[] = [{ source: value, target: root, key: "value" }];
  while (stack.length > 0) {
    const { source, target, key } = stack.pop()!;
    let copy: unknown = source;
    if (typeof source === "string") copy = scrub(source, secrets);
    else if (Array.isArray(source)) {
      const array: unknown[] = new Array(source.length);
      source.forEach((item, index) => stack.push({ source: item, target: array as unknown as Record<string, unknown>, key: String(index) }));
      copy = array;
    } else if (source !== null && typeof source === "object") {
      const object: Record<string, unknown> = {};
      // Pushed last-first, so that they are popped, and defined, in the body's own key order.
      for (const [name, item] of Object.entries(source).reverse()) stack.push({ source: item, target: object, key: scrub(name, secrets) });
      copy = object;
    }
    Object.defineProperty(target, key, { value: copy, enumerable: true, writable: true, configurable: true });
  }
  return root.value;
}

function mentionsSecret(error: unknown, secrets: readonly string[]): boolean {
  let current: unknown = error;
  for (let depth = 0; depth < 8 && current != null; depth++) {
    const texts = current instanceof Error ? [current.message, current.stack ?? ""] : [safeString(current)];
    if (texts.some((text) => secrets.some((secret) => holds(text, secret)))) return true;
    current = current instanceof Error ? current.cause : undefined;
  }
  return false;
}

function safeString(value: unknown): string {
  try {
    return typeof value === "string" ? value : (JSON.stringify(value) ?? String(value));
  } catch {
    return String(value);
  }
}

/**
 * The error to keep as a `cause`. Errors from fetch implementations are normally free of secrets
 * and are kept as they are (their stack and code help debugging); one that mentions a secret
 * anywhere in its chain is replaced by a scrubbed copy.
 */
export function sanitizeCause(error: unknown, secrets: readonly string[], depth = 0): unknown {
  if (secrets.length === 0 || !mentionsSecret(error, secrets)) return error;
  if (!(error instanceof Error) || depth > 8) return scrub(safeString(error), secrets);
  const cause = error.cause === undefined ? undefined : sanitizeCause(error.cause, secrets, depth + 1);
  const copy = new Error(scrub(error.message, secrets), cause === undefined ? undefined : { cause });
  Object.defineProperty(copy, "name", { value: error.name, enumerable: false, configurable: true });
  copy.stack = scrub(error.stack ?? "", secrets);
  const code = (error as { code?: unknown }).code;
  if (typeof code === "string") Object.assign(copy, { code: scrub(code, secrets) });
  return copy;
}
