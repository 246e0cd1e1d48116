// Redaction helpers. Everything that can leave the client as text — error bodies, error causes,
// log fields, request summaries — passes through here first.

export const REDACTED = "[REDACTED]";

/** Header names that carry credentials; compared lower-case. */
const CREDENTIAL_HEADERS: ReadonlySet<string> = new Set(["authorization", "service-api-key", "cookie", "proxy-authorization"]);

export function isCredentialHeader(name: string): boolean {
  return CREDENTIAL_HEADERS.has(name.toLowerCase());
}

/** The path of a URL with every query value replaced, so logs keep the shape but not the data. */
export function redactUrl(url: string): string {
  const queryAt = url.indexOf("?");
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return queryAt === -1 ? url : `${url.slice(0, queryAt)}?${REDACTED}`;
  }
  let out = `${parsed.origin}${parsed.pathname}`;
  if (parsed.search) {
    const names = [...parsed.searchParams.keys()].map((name) => `${encodeURIComponent(name)}=${REDACTED}`);
    out += `?${names.join("&")}`;
  }
  return out;
}

export function redactHeaders(headers: Headers): Record<string, string> {
  const out: Record<string, string> = {};
  headers.forEach((value, name) => {
    out[name] = isCredentialHeader(name) ? REDACTED : value;
  });
  return out;
}

function replaceAll(text: string, secrets: readonly string[]): string {
  let out = text;
  for (const secret of secrets) {
    if (secret && out.includes(secret)) out = out.split(secret).join(REDACTED);
  }
  return out;
}

/**
 * A deep copy of a parsed body with every occurrence of a secret replaced. Servers do echo input
 * in validation errors (FastAPI's `input`), and a credential sent as a declared header parameter
 * is input.
 */
export function redactSecrets(value: unknown, secrets: readonly string[], depth = 0): unknown {
  if (secrets.length === 0) return value;
  if (typeof value === "string") return replaceAll(value, secrets);
  if (value === null || typeof value !== "object" || depth > 32) return value;
  if (Array.isArray(value)) return value.map((item) => redactSecrets(item, secrets, depth + 1));
  const out: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) out[replaceAll(key, secrets)] = redactSecrets(item, secrets, depth + 1);
  return out;
}

function mentionsSecret(error: unknown, secrets: readonly string[]): boolean {
  let current: unknown = error;
  for (let depth = 0; depth < 8 && current != null; depth++) {
    const text = current instanceof Error ? `${current.message}\n${current.stack ?? ""}` : safeString(current);
    if (secrets.some((secret) => secret && text.includes(secret))) return true;
    current = current instanceof Error ? current.cause : undefined;
  }
  return false;
}

function safeString(value: unknown): string {
  try {
    return typeof value === "string" ? value : JSON.stringify(value) ?? String(value);
  } catch {
    return String(value);
  }
}

/**
 * The error to keep as a `cause`. Errors from fetch implementations are normally free of secrets
 * and are kept as they are (their stack and code help debugging); one that mentions a secret
 * anywhere in its chain is replaced by a redacted copy.
 */
export function sanitizeCause(error: unknown, secrets: readonly string[], depth = 0): unknown {
  if (secrets.length === 0 || !mentionsSecret(error, secrets)) return error;
  if (!(error instanceof Error) || depth > 8) return replaceAll(safeString(error), secrets);
  const cause = error.cause === undefined ? undefined : sanitizeCause(error.cause, secrets, depth + 1);
  const copy = new Error(replaceAll(error.message, secrets), cause === undefined ? undefined : { cause });
  Object.defineProperty(copy, "name", { value: error.name, enumerable: false, configurable: true });
  copy.stack = replaceAll(error.stack ?? "", secrets);
  const code = (error as { code?: unknown }).code;
  if (typeof code === "string") Object.assign(copy, { code: replaceAll(code, secrets) });
  return copy;
}
