// A proxy on 127.0.0.1 in front of the Prism mock that alters a few answers, the way a deployment
// drifts from its contract or breaks it. Everything else passes through unchanged, headers
// included. The server records every request it receives (`received`), so a test can tell what
// was sent.
import { sendJson, startServer, type TestServer } from "../support/loopback-server.js";

export interface Tampering {
  /** What is altered, for the test's own messages. */
  readonly what: string;
  readonly method: string;
  /** Matches the request's path (no query). */
  readonly path: RegExp;
  /** Only requests whose headers this accepts; default every one. */
  readonly when?: (headers: Headers) => boolean;
  /** Headers set on the request before it is forwarded (a credential the caller did not send, say). */
  readonly setRequestHeaders?: Readonly<Record<string, string>>;
  /** The status and JSON body to send instead of a 2xx answer; default the answer as it is. */
  readonly alter?: (status: number, body: any) => { status: number; body: unknown };
  /** An answer of any media type instead of the mock's (an HTML page where JSON belongs, say); the request is still forwarded. */
  readonly answer?: { readonly status: number; readonly contentType: string; readonly body: string };
  /** Headers of the answer left out, by lower-case name. */
  readonly dropHeaders?: readonly string[];
}

// Hop-by-hop headers, and the ones the proxy's own framing sets.
const NOT_FORWARDED = new Set(["host", "content-length", "connection", "keep-alive", "transfer-encoding", "content-encoding"]);

/**
 * Starts the proxy; forwards method, path, query, headers and body to `target`. With `published`,
 * the proxy plays a deployment that publishes its own OpenAPI document: GET /openapi.json answers
 * it, and is never forwarded (the mock serves only the contract's operations). `alsoPublished`
 * adds documents at other paths ("/client/openapi.json"), as the service publishes several.
 */
export async function startTamperingProxy(target: string, tamperings: readonly Tampering[], published?: unknown, alsoPublished: Readonly<Record<string, unknown>> = {}): Promise<TestServer> {
  const documents = new Map<string, unknown>(Object.entries(alsoPublished));
  if (published !== undefined) documents.set("/openapi.json", published);
  return startServer((req, res, received) => {
    const document = received.method === "GET" ? documents.get(received.path.split("?")[0]!) : undefined;
    if (document !== undefined) {
      sendJson(res, 200, document);
      return;
    }
    void (async () => {
      const headers = new Headers();
      for (const [name, value] of Object.entries(received.headers)) {
        if (typeof value === "string" && !NOT_FORWARDED.has(name)) headers.set(name, value);
      }
      const path = received.path.split("?")[0]!;
      const tampering = tamperings.find((t) => t.method === received.method && t.path.test(path) && (t.when?.(headers) ?? true));
      for (const [name, value] of Object.entries(tampering?.setRequestHeaders ?? {})) headers.set(name, value);
      const answer = await fetch(`${target}${received.path}`, { method: received.method, headers, body: received.body === "" ? undefined : received.body });
      const text = await answer.text();
      const out: Record<string, string> = {};
      answer.headers.forEach((value, name) => {
        if (!NOT_FORWARDED.has(name) && !(tampering?.dropHeaders ?? []).includes(name)) out[name] = value;
      });
      if (tampering?.answer) {
        res.writeHead(tampering.answer.status, { "content-type": tampering.answer.contentType });
        res.end(tampering.answer.body);
        return;
      }
      if (!tampering?.alter || !answer.ok) {
        res.writeHead(answer.status, out);
        res.end(text);
        return;
      }
      const altered = tampering.alter(answer.status, JSON.parse(text));
      res.writeHead(altered.status, { ...out, "content-type": "application/json" });
      res.end(JSON.stringify(altered.body));
    })().catch((error: unknown) => {
      res.writeHead(502, { "content-type": "text/plain" });
      res.end(`proxy: ${String(error)}`);
    });
  });
}
