// A proxy on 127.0.0.1 in front of the Prism mock that alters a few answers, the way a deployment
// drifts from its contract. Everything else passes through unchanged.
import { startServer, type TestServer } from "../support/loopback-server.js";

export interface Tampering {
  /** What is altered, for the test's own messages. */
  readonly what: string;
  readonly method: string;
  /** Matches the request's path (no query). */
  readonly path: RegExp;
  /** Returns the status and JSON body to send instead. */
  readonly alter: (status: number, body: any) => { status: number; body: unknown };
}

/** Starts the proxy; forwards method, path, query, headers and body to `target`. */
export async function startTamperingProxy(target: string, tamperings: readonly Tampering[]): Promise<TestServer> {
  return startServer((req, res, received) => {
    void (async () => {
      const headers = new Headers();
      for (const [name, value] of Object.entries(received.headers)) {
        if (typeof value === "string" && !["host", "content-length", "connection"].includes(name)) headers.set(name, value);
      }
      const answer = await fetch(`${target}${received.path}`, { method: received.method, headers, body: received.body === "" ? undefined : received.body });
      const text = await answer.text();
      const path = received.path.split("?")[0]!;
      const tampering = tamperings.find((t) => t.method === received.method && t.path.test(path));
      if (!tampering) {
        res.writeHead(answer.status, { "content-type": answer.headers.get("content-type") ?? "application/octet-stream" });
        res.end(text);
        return;
      }
      const altered = tampering.alter(answer.status, JSON.parse(text));
      res.writeHead(altered.status, { "content-type": "application/json" });
      res.end(JSON.stringify(altered.body));
    })().catch((error: unknown) => {
      res.writeHead(502, { "content-type": "text/plain" });
      res.end(`proxy: ${String(error)}`);
    });
  });
}
