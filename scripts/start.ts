// `npm start`: the main job on its embedded default, the local mock. Builds the bundle, types and
// docs, starts the contract's mock (what `service-api mock` serves, in process), walks through
// three operations with the client, and keeps the mock and the docs available until interrupted.
//
//   --once              stop after the demo (nothing is left running, so no addresses are printed)
//   --mock-port <n>     the mock's port (or SERVICE_API_MOCK_PORT); default 4010
//   --docs-port <n>     the docs' port (or SERVICE_API_DOCS_PORT); default 8080
//
// A default port that is taken is replaced by a free one; a port you name must be free.
import path from "node:path";
import { parseArgs } from "node:util";
import { createServiceClient, unwrap } from "../src/index.js";
import { runBuildSteps } from "./lib/build-steps.mjs";
import { repoRoot } from "./lib/paths.mjs";
import { DOCS_PORT, MOCK_PORT, PortSettingError, readPortSetting, resolvePort } from "./lib/ports.mjs";
import { runNode } from "./lib/run.mjs";
import { serveFile } from "./lib/serve-file.mjs";

const USAGE = "usage: npm start -- [--once] [--mock-port <port>] [--docs-port <port>]";

let options: { once: boolean; mockPort: number; docsPort: number };
try {
  options = await readOptions();
} catch (error) {
  // A usage mistake, not a crash: one line saying what to pass, no stack trace.
  const usageMistake = error instanceof PortSettingError || String((error as { code?: unknown }).code).startsWith("ERR_PARSE_ARGS");
  if (!usageMistake) throw error;
  console.error(`npm start: ${(error as Error).message}\n${USAGE}`);
  process.exit(2);
}

runBuildSteps({ inherit: true });
runNode("scripts/docs.mjs", [], { stdio: "inherit" });

// Loaded once the build is done: the mock reads the contract as it is then.
const { serveMock } = await import("../src/mock/server.js");
const { mockService } = await import("../src/testing/mock-service.js");
// Each request the mock refuses is printed with its reason, as `service-api mock` prints it.
const mock = await serveMock(mockService(), { host: "127.0.0.1", port: options.mockPort, onViolation: (violation) => console.log(violation.message) });
// --once serves no docs: nobody could open them before they close.
const docs = options.once ? undefined : await serveFile(path.join(repoRoot, "build", "docs", "index.html"), { port: options.docsPort });
const stopAll = () => Promise.all([mock.close(), docs?.stop()]);

try {
  await demo(mock.url);
} catch (error) {
  console.error(`demo failed: ${error instanceof Error ? error.message : String(error)}`);
  await stopAll();
  process.exit(1);
}

if (!docs) {
  await stopAll();
  console.log("\nDemo done (--once); the mock is stopped.");
} else {
  console.log(`\nMock API: ${mock.url}  (the contract's mock: any credential is accepted; refused requests are printed here with the reason)`);
  console.log(`API docs: ${docs.url}`);
  console.log("Press Ctrl-C to stop.");
  for (const signal of ["SIGINT", "SIGTERM"] as const) {
    process.on(signal, () => {
      void stopAll().then(() => process.exit(0));
    });
  }
}

/** Flags and environment, checked before any work starts; ports resolved to free ones. */
async function readOptions() {
  // strict: an unknown flag, or a flag without its value, is an ERR_PARSE_ARGS_* error naming it.
  const { values } = parseArgs({
    options: { once: { type: "boolean", default: false }, "mock-port": { type: "string" }, "docs-port": { type: "string" } },
    strict: true,
    allowPositionals: false,
  });
  const once = values.once ?? false;
  const mock = readPortSetting(MOCK_PORT, values["mock-port"]);
  const docs = readPortSetting(DOCS_PORT, values["docs-port"]);
  const mockPort = await resolvePort(mock);
  // The docs port is still read (a bad value is still an error) but not taken with --once.
  const docsPort = once ? docs.port : await resolvePort(docs);
  if (!once && mockPort === docsPort) throw new PortSettingError(`the mock and the docs cannot share port ${mockPort}; give them different ports`);
  return { once, mockPort, docsPort };
}

async function demo(baseUrl: string) {
  // The mock accepts any well-formed credential; these values are placeholders, not secrets.
  const withKey = createServiceClient({ baseUrl, auth: { apiKey: "demo-api-key" } });

  const health = await unwrap(withKey.GET("/v1/healthcheck"));
  console.log(`\n1. GET /v1/healthcheck (no credentials) → ${health.message}, API ${health.api_version}, service ${health.version}`);

  const token = await unwrap(withKey.GET("/v1/token"));
  console.log(`2. GET /v1/token (API key) → a ${token.token_type ?? "bearer"} JWT (${token.access_token.length} characters, not shown)`);

  const link = await unwrap(
    withKey.POST("/signup_link", { params: { query: { user_email: "new.user@acme.example", send_email: false } } }),
  );
  console.log(`3. POST /signup_link (API key only) → ${link.signup_url}`);

  // In JWT mode the client fetches one token with the API key and keeps it for its 24-hour lifetime;
  // its log shows the token requests (never the token). The signup link accepts only the API key.
  let tokenRequests = 0;
  const withJwt = createServiceClient({
    baseUrl,
    auth: { apiKey: "demo-api-key", jwt: true },
    logger: (event) => void (event.event === "token-refresh" && event.outcome === "success" && tokenRequests++),
  });
  const me = await unwrap(withJwt.GET("/current_user"));
  const groups = await unwrap(withJwt.GET("/current_user/groups"));
  const viaKey = await withJwt.POST("/signup_link", { params: { query: { user_email: "second.user@acme.example", send_email: false } } });
  console.log(
    `4. JWT mode: GET /current_user → ${me.email}, GET /current_user/groups → ${groups.length} group(s), one token for both (${tokenRequests} token request(s)); signup link still sent with the API key → HTTP ${viaKey.response.status}`,
  );
}
