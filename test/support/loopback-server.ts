// A real HTTP server on 127.0.0.1 (port 0) for transport tests: records every request and lets
// each test script its answers, resets and stalls. Stop it in afterEach (serversClosedAfterEach).
import { afterEach } from "vitest";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

export interface Received {
  readonly method: string;
  readonly path: string;
  readonly headers: IncomingMessage["headers"];
  readonly body: string;
  readonly at: number;
}

export type Handler = (req: IncomingMessage, res: ServerResponse, received: Received, index: number) => void;

export interface TestServer {
  readonly url: string;
  readonly received: Received[];
  close(): Promise<void>;
}

export async function startServer(handler: Handler): Promise<TestServer> {
  const received: Received[] = [];
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      const entry: Received = {
        method: req.method ?? "",
        path: req.url ?? "",
        headers: req.headers,
        body: Buffer.concat(chunks).toString("utf8"),
        at: Date.now(),
      };
      received.push(entry);
      handler(req, res, entry, received.length - 1);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    received,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** A startServer for one test file: every server it starts is closed after each test. */
export function serversClosedAfterEach(): (handler: Handler) => Promise<TestServer> {
  const open: TestServer[] = [];
  afterEach(async () => {
    await Promise.all(open.splice(0).map((server) => server.close()));
  });
  return async (handler) => {
    const server = await startServer(handler);
    open.push(server);
    return server;
  };
}

export function sendJson(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  const text = JSON.stringify(body);
  res.writeHead(status, { "content-type": "application/json", "content-length": Buffer.byteLength(text), ...headers });
  res.end(text);
}

/** Promise Content-Length 100, send 4 bytes, then destroy the socket: a reset mid-body. */
export function resetMidBody(res: ServerResponse): void {
  res.writeHead(200, { "content-type": "application/json", "content-length": "100" });
  res.write('{"a"', () => res.socket?.destroy());
}

/** Send the headers and part of the body, then nothing more. */
export function stallAfterHeaders(res: ServerResponse): void {
  res.writeHead(200, { "content-type": "application/json", "content-length": "100" });
  res.write('{"partial":');
}

/** A get-token answer valid for 24 hours. */
export function tokenBody(token: string) {
  return { access_token: token, token_type: "bearer", expires_at: new Date(Date.now() + 24 * 3600_000).toISOString() };
}

export function jwt(label: string): string {
  const b64 = (s: string) => Buffer.from(s).toString("base64url");
  return `${b64('{"alg":"HS256"}')}.${b64(`{"sub":"${label}"}`)}.${b64(`sig-${label}`)}`;
}
