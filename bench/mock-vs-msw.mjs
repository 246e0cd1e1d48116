// The testing mock against MSW (issue 37): most suites fake an API with MSW, so `service-api/testing`
// is measured beside it, per call, on three kinds of operation: a GET, a POST with a JSON body and
// a multipart upload. Every side answers the same body to the same request, the one our client
// hands its fetch for that call (its URL, method, headers and body bytes, taken from the client
// once per operation):
//   - "service-api/testing": `mockService(handlers).fetch`, which checks the request and the
//     answer against the contract on every call;
//   - "MSW + openapi-msw": `setupServer` from `msw/node` (it replaces the global fetch) with
//     handlers from `openapi-msw`, typed but checking nothing. Each handler reads the body it is
//     sent, as a handler that uses it would;
//   - "MSW + service-api/testing/msw": the same `setupServer`, with the handlers of
//     `service-api/testing/msw` over a mock of their own: MSW's work and the mock's checks.
// The goals bind on these (the fakes compared, as the issue's own figure was taken). The same
// calls made through our client are reported beside them: that is what a test of the client
// sees, and the client's own work, the same on both sides, dilutes the ratio (a multipart body is
// encoded by the platform's FormData, the largest cost of an upload).
// MSW patches the global fetch, so this runs in a child process of its own, on the Node being
// measured. Rounds of calls, the candidates rotated each round; CPU time; medians; each ratio is
// the median of the per-round ratios (paired), a row's time over the mock's at its level.
//   node bench/mock-vs-msw.mjs [--quick]     prints one JSON line
import path from "node:path";
import { pathToFileURL } from "node:url";
import { repoRoot } from "../scripts/lib/paths.mjs";
import { API_KEY, PROJECT_ID } from "./project.mjs";
import { report } from "./processes.mjs";
import { alternate, median, paired, round1, round3 } from "./stats.mjs";

/** The kinds of operation measured, in order (the goals read them). */
export const MOCK_KINDS = ["GET", "POST with a JSON body", "multipart upload"];
export const MOCK_ROW = "service-api/testing (request and answer checked)";
export const OPENAPI_MSW_ROW = "MSW + openapi-msw (no checks)";
/** Issue 36's MSW handlers, which hand each request to a mock: MSW's work and the checks. */
export const MSW_CONTRACT_ROW = "MSW + service-api/testing/msw (checked)";
/** A row's name for the same call made through our client (reported; no goal reads these). */
export const throughClient = (row) => `${row}, through our client`;

const BASE = "https://api.bench.example";
const dist = (file) => pathToFileURL(path.join(repoRoot, "dist", file)).href;

/** The three calls, each with what both sides answer. */
function operations(example) {
  const [get, post, upload] = MOCK_KINDS;
  return [
    {
      kind: get,
      key: "GET /current_user",
      answer: example("CurrentUserDB"),
      call: (client) => client.GET("/current_user"),
    },
    {
      kind: post,
      key: "POST /projects",
      answer: example("ProjectCreateResponse"),
      call: (client) => client.POST("/projects", { body: { name: "bench", type: "prompt_evaluation" } }),
    },
    {
      kind: upload,
      key: "POST /projects/{project_id}/upload_file",
      answer: {},
      call: (client) =>
        client.POST("/projects/{project_id}/upload_file", {
          params: { path: { project_id: PROJECT_ID } },
          body: { file: new Blob(["input,output\nhello,world\n"], { type: "text/csv" }), upload_metadata: "{}" },
        }),
    },
  ];
}

/** openapi-msw's handler for one operation: reads the body it is sent, answers `answer`. */
function openapiMswHandler(http, HttpResponse, { key, answer }) {
  const [method, route] = key.split(" ");
  return http[method.toLowerCase()](route, async ({ request }) => {
    const type = request.headers.get("content-type") ?? "";
    if (type.startsWith("multipart/form-data")) await request.formData();
    else if (request.body !== null) await request.json();
    return HttpResponse.json(answer);
  });
}

export async function mockVsMsw({ quick }) {
  // Imported here, not at the top: goals.mjs reads this file's row names without loading MSW.
  const { HttpResponse } = await import("msw");
  const { setupServer } = await import("msw/node");
  const { createOpenApiHttp } = await import("openapi-msw");
  const { createServiceClient } = await import(dist("index.js"));
  const { mockService } = await import(dist("testing.js"));
  const { mswHandlers } = await import(dist("testing/msw.js"));
  const example = (name) => mockService().example(name);
  const ops = operations(example);
  const client = (fetch) => createServiceClient({ baseUrl: BASE, auth: { apiKey: API_KEY }, env: {}, ...(fetch ? { fetch } : {}) });

  const handlers = Object.fromEntries(ops.map(({ key, answer }) => [key, () => ({ status: 200, body: answer })]));
  const mock = mockService(handlers, { unhandled: "error" });
  const mocked = client(mock.fetch);
  const behindMsw = mockService(handlers, { unhandled: "error" });

  // One MSW server, its handlers swapped when another candidate's round begins (within that
  // round's first call; a swap is one assignment).
  const openapiMsw = ops.map((op) => openapiMswHandler(createOpenApiHttp({ baseUrl: BASE }), HttpResponse, op));
  const contractMsw = mswHandlers(behindMsw, { baseUrl: BASE });
  const server = setupServer(...openapiMsw);
  server.listen({ onUnhandledRequest: "error" });
  let active = openapiMsw;
  const under = (set, call) => () => {
    if (active !== set) server.resetHandlers(...(active = set));
    return call();
  };
  // The global fetch, read at each call: MSW has replaced it.
  const viaMsw = client(undefined);

  const rows = [];
  try {
    for (const op of ops) {
      const [url, init] = await sentBy(client, op);
      const send = (fetch) => () => fetch(url, { ...init, headers: new Headers(init.headers) }).then(answered);
      // The global fetch, read at each call: MSW has replaced it.
      const toMsw = send((...args) => fetch(...args));
      const list = [
        [MOCK_ROW, send(mock.fetch)],
        [OPENAPI_MSW_ROW, under(openapiMsw, toMsw)],
        [MSW_CONTRACT_ROW, under(contractMsw, toMsw)],
        [throughClient(MOCK_ROW), () => op.call(mocked).then(checked)],
        [throughClient(OPENAPI_MSW_ROW), under(openapiMsw, () => op.call(viaMsw).then(checked))],
      ];
      for (const [, call] of list) await call();
      // CPU time, as for the stub benchmark: no other process takes part, and a busy host does not
      // stretch it. The recorded calls are let go of between rounds, as a suite resets its mock.
      const reset = () => (mock.reset(), behindMsw.reset());
      const rounds = await alternate(list, { ...(quick ? { rounds: 7, calls: 50, warmup: 100 } : { rounds: 31, calls: 100, warmup: 500 }), clock: "cpu", between: reset });
      const vsMock = paired(rounds, MOCK_ROW);
      const vsMockByClient = paired(rounds, throughClient(MOCK_ROW));
      for (const r of rounds) {
        const ratio = (r.name.endsWith(throughClient("")) ? vsMockByClient : vsMock)[r.name].ratio;
        rows.push({ kind: op.kind, operation: op.key, name: r.name, us: round1(r.us), overMock: round3(ratio), ...(r.name === MSW_CONTRACT_ROW ? { overBoundUs: round1(overBound(rounds)) } : {}) });
      }
    }
  } finally {
    server.close();
  }
  const violations = [...mock.violations, ...behindMsw.violations];
  if (violations.length > 0) throw new Error(`the mock saw contract violations: ${violations.map((v) => v.message).join("; ")}`);
  return rows;
}

/**
 * The MSW handlers' time over their bound (MSW with openapi-msw's plus the mock's), round by round:
 * the median of the per-round differences. Three rows' medians drawn apart carry three drifts; a
 * round's three figures are taken minutes closer together (issue 48: the misses of the earlier
 * reading, 4–30% over, were not there paired).
 */
function overBound(rounds) {
  const row = (name) => rounds.find((r) => r.name === name).rounds;
  const [contract, msw, mock] = [row(MSW_CONTRACT_ROW), row(OPENAPI_MSW_ROW), row(MOCK_ROW)];
  return median(contract.map((us, i) => us - msw[i] - mock[i]));
}

/** What our client hands its fetch for `op`: the URL and the init, the body as its bytes. */
async function sentBy(client, op) {
  let sent;
  await op.call(
    client(async (request, init) => {
      sent = [request.url, { method: init.method ?? request.method, headers: [...new Headers(init.headers ?? request.headers)], ...(init.body ? { body: init.body } : {}) }];
      return new Response(JSON.stringify(op.answer), { status: 200, headers: { "content-type": "application/json" } });
    }),
  );
  return sent;
}

/** A fake's answer, read as the client would read it; a failed one stops the run. */
async function answered(response) {
  const text = await response.text();
  if (!response.ok) throw new Error(`the benchmark call failed: HTTP ${response.status} ${text.slice(0, 300)}`);
  return text;
}

/** A call that failed must stop the run, not be timed as a fast one. */
function checked(result) {
  if (result.error !== undefined || !result.response.ok) throw new Error(`the benchmark call failed: HTTP ${result.response.status} ${JSON.stringify(result.error).slice(0, 300)}`);
  return result;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  report(await mockVsMsw({ quick: process.argv.includes("--quick") }));
}
