// Shared by the browser consumers: serve a consumer's page from 127.0.0.1, open it in headless
// Chromium with the mock's address, and read what the app put in `window.serviceApiResult`.
// The server and the browser are closed after the test file that opened them.
import { createServer, type Server } from "node:http";
import { existsSync, readFileSync } from "node:fs";
import { afterAll, inject } from "vitest";
import { launchChromium, watchPage } from "./chromium.js";

const servers: Server[] = [];
let chromium: Awaited<ReturnType<typeof launchChromium>> | undefined;
afterAll(async () => {
  await chromium?.close();
  await Promise.all(servers.map((server) => new Promise((resolve) => server.close(resolve))));
});

export interface ConsumerPage {
  /** The HTML served at "/". */
  readonly html: string;
  /** Extra headers for the page (a Content-Security-Policy, say). */
  readonly headers?: Record<string, string>;
  /** The file a script path stands for, or undefined: only what this says is served, the rest is a 404. */
  readonly scriptFile: (pathname: string) => string | undefined;
}

/** Serves the page and its scripts on a free port of 127.0.0.1; the origin, "http://127.0.0.1:port". */
export async function serveConsumerPage(page: ConsumerPage): Promise<string> {
  const server = createServer((request, response) => {
    const { pathname } = new URL(request.url ?? "/", "http://127.0.0.1");
    const file = pathname === "/" ? undefined : page.scriptFile(pathname);
    if (pathname === "/") {
      response.writeHead(200, { "content-type": "text/html; charset=utf-8", ...page.headers }).end(page.html);
    } else if (file && existsSync(file)) {
      response.writeHead(200, { "content-type": "text/javascript; charset=utf-8" }).end(readFileSync(file));
    } else {
      response.writeHead(404).end();
    }
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  if (!address || typeof address === "string") throw new Error("no port");
  return `http://127.0.0.1:${address.port}`;
}

/**
 * Opens `origin` with `?mock=` (the consumers' Prism mock) and waits for the app's result. Also
 * returns the path of every request that finished (to tell which files the page loaded), the
 * requests that tried to leave loopback (refused) and the page's uncaught errors.
 */
export async function openConsumerPage(origin: string) {
  chromium ??= await launchChromium();
  const page = await chromium.browser.newPage();
  try {
    const watched = watchPage(page);
    const loaded: string[] = [];
    page.on("requestfinished", (request) => loaded.push(new URL(request.url()).pathname));
    await page.goto(`${origin}/?mock=${encodeURIComponent(inject("prismUrl"))}`);
    await page.waitForFunction(() => window.serviceApiResult !== undefined, null, { timeout: 30_000 });
    const result = await page.evaluate(() => window.serviceApiResult);
    return { result, loaded, external: watched.external, errors: watched.errors };
  } finally {
    await page.close();
  }
}

declare global {
  interface Window {
    serviceApiResult?: unknown;
  }
}
