// A tiny static server for one built page (the docs), on 127.0.0.1 only.
import { createServer } from "node:http";
import { readFileSync } from "node:fs";

/** @returns {Promise<{ url: string, stop: () => Promise<void> }>} */
export function serveFile(file, { port = 0, contentType = "text/html; charset=utf-8" } = {}) {
  const body = readFileSync(file);
  const server = createServer((request, response) => {
    if (request.method !== "GET" && request.method !== "HEAD") {
      response.writeHead(405, { allow: "GET, HEAD" }).end();
      return;
    }
    response.writeHead(200, { "content-type": contentType, "content-length": body.length, "cache-control": "no-cache" });
    response.end(request.method === "HEAD" ? undefined : body);
  });
  return new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, "127.0.0.1", () => {
      const address = server.address();
      resolve({
        url: `http://127.0.0.1:${address.port}/`,
        stop: () => new Promise((done) => server.close(() => done())),
      });
    });
  });
}
