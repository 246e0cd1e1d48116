// `service-api mock` over HTTP: Node's server hands each request to a `mockService()`'s fetch and
// writes its answer back, so any program (curl, another language, `service-api verify`) can call
// the mock that tests get in process. Besides the operations, it publishes the contract at
// /openapi.json, where the service publishes its own document. Bodies are read whole: a mock's
// requests and answers are small, and the mock checks a body only once it has all of it.
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { fetchBelow } from "../testing/base-address.js";
import type { ContractViolation, MockService } from "../testing/mock-service.js";
import { wholeContract } from "./whole-contract.js";

/** Where the service publishes its OpenAPI document, below the API's address. */
export const DOCUMENT_PATH = "/openapi.json";

export interface MockServerOptions {
  readonly host: string;
  /** 0 for any free port. */
  readonly port: number;
  /**
   * The path the contract's paths are served below ("/v1"), for clients whose base address has
   * one; "" (the default) serves them at the root. The document is below it too.
   */
  readonly basePath?: string;
  /** Each request the contract refuses and each answer it does not allow, as the mock records it. */
  readonly onViolation?: (violation: ContractViolation) => void;
  /**
   * Keep the mock's record of calls and violations (for a test that reads them). By default it is
   * emptied whenever no request is in flight, once its violations are reported, so that a mock
   * left running for days holds nothing it has already told.
   */
  readonly keepRecord?: boolean;
}

export interface MockServer {
  /** "http://127.0.0.1:4010". */
  readonly url: string;
  /** Stops listening and ends open connections. */
  close(): Promise<void>;
}

/** The request as fetch takes it: Node's headers (repeated names kept) and the body's bytes. */
async function toFetch(request: IncomingMessage, origin: string): Promise<{ url: string; init: RequestInit }> {
  const headers = new Headers();
  for (let index = 0; index < request.rawHeaders.length; index += 2) headers.append(request.rawHeaders[index]!, request.rawHeaders[index + 1]!);
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  const bytes = Buffer.concat(chunks);
  const body = bytes.byteLength > 0 ? new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength) : undefined;
  return { url: `${origin}${request.url ?? "/"}`, init: { method: request.method ?? "GET", headers, ...(body ? { body } : {}) } };
}

async function send(response: ServerResponse, answer: Response): Promise<void> {
  const body = Buffer.from(await answer.arrayBuffer());
  answer.headers.forEach((value, name) => response.setHeader(name, value));
  response.setHeader("content-length", body.byteLength);
  response.writeHead(answer.status).end(body);
}

/**
 * Serves `service` on `host`:`port` until `close()`. Rejects when the address cannot be taken
 * (the port in use: `code` EADDRINUSE), with Node's error as it is.
 */
export async function serveMock(service: MockService, options: MockServerOptions): Promise<MockServer> {
  let document: string | undefined;
  const basePath = options.basePath ?? "";
  const fetch = fetchBelow(service.fetch, { origin: undefined, path: basePath, declaredBy: "service-api mock" });
  // Violations are reported once each, in the order the mock recorded them.
  let reported = 0;
  let inFlight = 0;
  const report = () => {
    for (const violation of service.violations.slice(reported)) options.onViolation?.(violation);
    reported = service.violations.length;
    if (inFlight === 0 && options.keepRecord !== true) {
      service.reset();
      reported = 0;
    }
  };

  const server = createServer(async (request, response) => {
    inFlight++;
    try {
      if (request.method === "GET" && request.url?.split("?")[0] === `${basePath}${DOCUMENT_PATH}`) {
        document ??= await wholeContract();
        await send(response, new Response(document, { headers: { "content-type": "application/json" } }));
        return;
      }
      const { url, init } = await toFetch(request, origin);
      let answer: Response;
      try {
        answer = await fetch(url, init);
      } catch (error) {
        // The mock's own refusals (an answer the contract does not allow; an operation with no
        // answer to give) say what was wrong: over HTTP, a 500 whose detail is that message.
        answer = new Response(JSON.stringify({ detail: error instanceof Error ? `${error.name}: ${error.message}` : String(error) }), { status: 500, headers: { "content-type": "application/json" } });
      }
      await send(response, answer);
    } catch (error) {
      // A connection that broke mid-request: nothing is left to answer.
      response.destroy(error instanceof Error ? error : undefined);
    } finally {
      inFlight--;
      report();
    }
  });

  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port, options.host, () => {
      server.off("error", reject);
      resolve();
    });
  });
  const { address, port } = server.address() as AddressInfo;
  const origin = `http://${address.includes(":") ? `[${address}]` : address}:${port}`;
  return {
    url: origin,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeAllConnections();
      }),
  };
}
