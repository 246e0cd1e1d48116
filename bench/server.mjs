// The benchmark's service: a node:http server on 127.0.0.1, in its own process so that it does
// not share an event loop with the clients being measured. Prints its port on stdout.
//   GET /v1/token       a JWT valid for 24 h (after a short delay, so concurrent callers overlap)
//   GET /__stats        {"tokenRequests": n} since the last /__reset
//   POST /__reset       sets the counters to zero
//   /after-5ms/…        any of these, answered 5 ms late: a network's latency
//   anything else       the project of bench/project.mjs (1.4 kB of JSON), like a real resource read
import { createServer } from "node:http";
import { BODY, LATENCY_MS, LATENCY_PREFIX } from "./project.mjs";

const b64 = (s) => Buffer.from(s).toString("base64url");
let issued = 0;
let tokenRequests = 0;

const server = createServer((req, res) => {
  // The delayed route is every other route behind a prefix, answered LATENCY_MS late.
  const delayed = req.url.startsWith(`${LATENCY_PREFIX}/`);
  const url = delayed ? req.url.slice(LATENCY_PREFIX.length) : req.url;
  const after = (answer) => (delayed ? setTimeout(answer, LATENCY_MS) : answer());
  if (url === "/v1/token") {
    tokenRequests++;
    const token = `${b64('{"alg":"HS256"}')}.${b64(`{"sub":"bench-${++issued}"}`)}.${b64("sig")}`;
    const body = JSON.stringify({ access_token: token, token_type: "bearer", expires_at: new Date(Date.now() + 86_400_000).toISOString() });
    setTimeout(() => after(() => res.writeHead(200, { "content-type": "application/json", date: new Date().toUTCString() }).end(body)), 20);
    return;
  }
  if (url === "/__stats") return void res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify({ tokenRequests }));
  if (url === "/__reset") {
    tokenRequests = 0;
    return void res.writeHead(204).end();
  }
  after(() => res.writeHead(200, { "content-type": "application/json", "content-length": Buffer.byteLength(BODY) }).end(BODY));
});
server.keepAliveTimeout = 60_000;
server.listen(0, "127.0.0.1", () => process.stdout.write(`${server.address().port}\n`));
process.on("disconnect", () => process.exit(0));
process.on("SIGTERM", () => process.exit(0));
