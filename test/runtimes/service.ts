// The service the shared cases (app/cases.js) call: a loopback HTTP server that plays the API for
// exactly those cases, with the contract's own example answers. Every address starts with
// /<run>/<case>/, and each such pair keeps its own state: one runtime's retries, tokens and stalls
// never meet another's. Answers carry CORS headers, so a page on another origin can call it too.
//
// Besides the API, each case may ask:
//   GET …/__state          what the service received (request and token counts)
//   GET …/__wait/arrived   answers once the case's stalled request has arrived
//   GET …/__wait/closed    answers once that request's connection has closed
// The waits answer `false` after WAIT_LIMIT_MS, so a runtime that never closes fails its case
// instead of hanging the run.
import type { IncomingMessage, ServerResponse } from "node:http";
import { answerExample } from "../support/bundle.js";
import { jwt, sendJson, startServer, tokenBody, type Received, type TestServer } from "../support/loopback-server.js";

export const API_KEY = "runtime-suite-key";
const WAIT_LIMIT_MS = 10_000;

/** The contract's example answer of an operation's 200. */
function example(path: string, method: string): any {
  return structuredClone(answerExample(path, method));
}

const health = example("/v1/healthcheck", "get");
const currentUser = example("/current_user", "get");
const [ada, grace] = example("/users", "get").users;
const alan = { ...grace, id: "1f0e9d8c-7b6a-4954-8c3d-2e1f0a9b8c7d", email: "alan@acme.example", first_name: "Alan", last_name: "Turing" };

interface Stall {
  arrived: boolean;
  closed: boolean;
  readonly waiters: { event: "arrived" | "closed"; res: ServerResponse }[];
}

interface CaseState {
  requests: number;
  tokenRequests: number;
  bearerRequests: number;
  readonly tokens: Set<string>;
  readonly stall: Stall;
}

const CORS = {
  "access-control-allow-origin": "*",
  "access-control-expose-headers": "retry-after, x-request-id, date",
};

export async function startService(): Promise<TestServer> {
  const states = new Map<string, CaseState>();
  const stateOf = (scope: string): CaseState => {
    let state = states.get(scope);
    if (!state) {
      state = { requests: 0, tokenRequests: 0, bearerRequests: 0, tokens: new Set(), stall: { arrived: false, closed: false, waiters: [] } };
      states.set(scope, state);
    }
    return state;
  };
  const server = await startServer((req, res, received) => {
    const url = new URL(received.path, "http://127.0.0.1");
    const [, run, name, ...rest] = url.pathname.split("/");
    if (req.method === "OPTIONS") {
      res.writeHead(204, { ...CORS, "access-control-allow-methods": "GET, POST", "access-control-allow-headers": req.headers["access-control-request-headers"] ?? "", "access-control-max-age": "600" }).end();
      return;
    }
    if (!run || !name) return sendJson(res, 404, { detail: "no /<run>/<case>/ prefix" }, CORS);
    const state = stateOf(`${run}/${name}`);
    const route = `${req.method} /${rest.join("/")}`;
    if (route === "GET /__state") return sendJson(res, 200, { requests: state.requests, tokenRequests: state.tokenRequests, bearerRequests: state.bearerRequests }, CORS);
    if (route === "GET /__wait/arrived" || route === "GET /__wait/closed") return wait(state.stall, route.endsWith("arrived") ? "arrived" : "closed", res);
    if (route === "GET /v1/token") {
      state.tokenRequests++;
      if (req.headers["service-api-key"] !== API_KEY) return sendJson(res, 401, { detail: "Not authenticated" }, CORS);
      const token = jwt(`${run}-${name}-${state.tokenRequests}`);
      state.tokens.add(token);
      return sendJson(res, 200, tokenBody(token), { ...CORS, "cache-control": "no-store", date: new Date().toUTCString() });
    }
    state.requests++;
    return answer(name, route, req, res, received, url, state);
  });
  return server;
}

function authorised(req: IncomingMessage, state: CaseState): boolean {
  const bearer = /^Bearer (.+)$/.exec(req.headers.authorization ?? "")?.[1];
  if (bearer !== undefined && state.tokens.has(bearer)) {
    state.bearerRequests++;
    return true;
  }
  return req.headers["service-api-key"] === API_KEY;
}

function answer(name: string, route: string, req: IncomingMessage, res: ServerResponse, received: Received, url: URL, state: CaseState): void {
  if (route === "GET /v1/healthcheck") {
    if (name === "retry-503" && state.requests === 1) return sendJson(res, 503, { detail: "Service Unavailable" }, { ...CORS, "retry-after": "0" });
    if (name === "timeout") return; // never answers: the client's deadline must end it
    if (name === "validate") return sendJson(res, 200, { ...health, message: 42 }, CORS);
    return sendJson(res, 200, health, CORS);
  }
  if (!authorised(req, state)) return sendJson(res, 401, { detail: "Not authenticated" }, CORS);
  if (route === "GET /current_user") {
    if (name === "abort") return stall(state.stall, req);
    return sendJson(res, 200, currentUser, CORS);
  }
  if (route === "POST /signup_link") {
    if (url.searchParams.get("user_email")?.includes("@")) return sendJson(res, 500, { detail: "the runtime suite sends only a bad address" }, CORS);
    return sendJson(res, 422, { detail: [{ loc: ["query", "user_email"], msg: "not a valid email", type: "value_error" }] }, CORS);
  }
  if (route === "GET /users") {
    const start = Number(url.searchParams.get("starting_token") ?? "0");
    const limit = Number(url.searchParams.get("limit"));
    if (limit !== 2) return sendJson(res, 422, { detail: [{ loc: ["query", "limit"], msg: "the runtime suite pages by 2", type: "value_error" }] }, CORS);
    const users = [ada, grace, alan].slice(start, start + limit);
    const next = start + limit < 3 ? start + limit : null;
    return sendJson(res, 200, { users, starting_token: start, limit, paginated: true, next_starting_token: next }, CORS);
  }
  if (/^POST \/projects\/[^/]+\/upload_file$/.test(route)) {
    void upload(req, res, received);
    return;
  }
  sendJson(res, 404, { detail: `the runtime suite's service does not play ${route}` }, CORS);
}

/** Parses the multipart body as a server would: it needs the Content-Type with its boundary. */
async function upload(req: IncomingMessage, res: ServerResponse, received: Received): Promise<void> {
  const type = req.headers["content-type"] ?? "";
  if (!/^multipart\/form-data;\s*boundary=/i.test(type)) {
    return sendJson(res, 422, { detail: [{ loc: ["header", "content-type"], msg: `expected multipart/form-data with a boundary, got ${JSON.stringify(type)}`, type: "value_error" }] }, CORS);
  }
  let form: FormData;
  try {
    form = await new Request("http://127.0.0.1/", { method: "POST", headers: { "content-type": type }, body: received.body }).formData();
  } catch (error) {
    return sendJson(res, 422, { detail: [{ loc: ["body"], msg: `not a multipart body: ${String(error)}`, type: "value_error" }] }, CORS);
  }
  const file = form.get("file");
  if (!(file instanceof Blob)) return sendJson(res, 422, { detail: [{ loc: ["body", "file"], msg: "Field required (a file)", type: "missing" }] }, CORS);
  sendJson(res, 200, { file: { type: file.type, text: await file.text() }, upload_metadata: form.get("upload_metadata") }, CORS);
}

/** Holds the request open and notes when its connection closes. */
function stall(state: Stall, req: IncomingMessage): void {
  state.arrived = true;
  notify(state, "arrived");
  req.socket.once("close", () => {
    state.closed = true;
    notify(state, "closed");
  });
}

function notify(state: Stall, event: "arrived" | "closed"): void {
  for (const waiter of state.waiters.filter((w) => w.event === event)) sendJson(waiter.res, 200, { [event]: true }, CORS);
  state.waiters.splice(0, state.waiters.length, ...state.waiters.filter((w) => w.event !== event));
}

function wait(state: Stall, event: "arrived" | "closed", res: ServerResponse): void {
  if (state[event]) return sendJson(res, 200, { [event]: true }, CORS);
  const waiter = { event, res };
  state.waiters.push(waiter);
  const timer = setTimeout(() => {
    const at = state.waiters.indexOf(waiter);
    if (at === -1) return;
    state.waiters.splice(at, 1);
    sendJson(res, 200, { [event]: false }, CORS);
  }, WAIT_LIMIT_MS);
  res.once("close", () => clearTimeout(timer));
}
