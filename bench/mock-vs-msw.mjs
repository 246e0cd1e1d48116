// The testing mock against MSW (issue 37): most suites fake an API with MSW, so `service-api/testing`
// is measured beside it, per call, on three kinds of operation: a GET, a POST with a JSON body and
// a multipart upload. Both sides make the same call with our client and answer the same body:
//   - "service-api/testing": `mockService(handlers).fetch`, which checks the request and the
//     answer against the contract on every call;
//   - "MSW + openapi-msw": `setupServer` from `msw/node` (it replaces the global fetch) with
//     handlers from `openapi-msw`, typed but checking nothing. Each handler reads the body it is
//     sent, as a handler that uses it would.
// MSW patches the global fetch, so this runs in a child process of its own, on the Node being
// measured. Rounds of calls, the candidates rotated each round; CPU time; medians; the ratio is
// the median of the per-round ratios (paired), MSW's time over the mock's.
//   node bench/mock-vs-msw.mjs [--quick]     prints one JSON line
//
// The MSW handlers that issue 36 builds from the contract (`service-api/testing/msw`) get a row
// too, once they exist: add them to MSW_ROWS below under MSW_CONTRACT_ROW, each handler set run by
// its own `setupServer`. Their goal (goals.mjs) is MSW's own cost plus at most the checks.
import path from "node:path";
import { pathToFileURL } from "node:url";
import { repoRoot } from "../scripts/lib/paths.mjs";
import { API_KEY, PROJECT_ID } from "./project.mjs";
import { report } from "./processes.mjs";
import { alternate, paired, round1, round3 } from "./stats.mjs";

/** The kinds of operation measured, in order (the goals read them). */
export const MOCK_KINDS = ["GET", "POST with a JSON body", "multipart upload"];
export const MOCK_ROW = "service-api/testing (request and answer checked)";
export const OPENAPI_MSW_ROW = "MSW + openapi-msw (no checks)";
/** The row of issue 36's contract-checked MSW handlers; absent until they are added here. */
export const MSW_CONTRACT_ROW = "MSW + service-api/testing/msw (checked)";

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
  const example = (name) => mockService().example(name);
  const ops = operations(example);
  const client = (fetch) => createServiceClient({ baseUrl: BASE, auth: { apiKey: API_KEY }, env: {}, ...(fetch ? { fetch } : {}) });

  const handlers = Object.fromEntries(ops.map(({ key, answer }) => [key, () => ({ status: 200, body: answer })]));
  const mock = mockService(handlers, { unhandled: "error" });
  const mocked = client(mock.fetch);

  const http = createOpenApiHttp({ baseUrl: BASE });
  const server = setupServer(...ops.map((op) => openapiMswHandler(http, HttpResponse, op)));
  server.listen({ onUnhandledRequest: "error" });
  // The global fetch, read at each call: MSW has replaced it.
  const viaMsw = client(undefined);

  const rows = [];
  try {
    for (const op of ops) {
      const list = [
        [MOCK_ROW, () => op.call(mocked).then(checked)],
        [OPENAPI_MSW_ROW, () => op.call(viaMsw).then(checked)],
      ];
      for (const [, call] of list) await call();
      // CPU time, as for the stub benchmark: no other process takes part, and a busy host does not
      // stretch it.
      const rounds = await alternate(list, { ...(quick ? { rounds: 7, calls: 50, warmup: 100 } : { rounds: 31, calls: 100, warmup: 500 }), clock: "cpu" });
      const vsMock = paired(rounds, MOCK_ROW);
      for (const r of rounds) rows.push({ kind: op.kind, operation: op.key, name: r.name, us: round1(r.us), overMock: round3(vsMock[r.name].ratio) });
    }
  } finally {
    server.close();
  }
  if (mock.violations.length > 0) throw new Error(`the mock saw contract violations: ${mock.violations.map((v) => v.message).join("; ")}`);
  return rows;
}

/** A call that failed must stop the run, not be timed as a fast one. */
function checked(result) {
  if (result.error !== undefined || !result.response.ok) throw new Error(`the benchmark call failed: HTTP ${result.response.status} ${JSON.stringify(result.error).slice(0, 300)}`);
  return result;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  report(await mockVsMsw({ quick: process.argv.includes("--quick") }));
}
