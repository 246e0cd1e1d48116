// `npm run mock`: the Prism mock of the bundle on 127.0.0.1, validating every answer it gives.
//
//   --port <n>     the port (or SERVICE_API_MOCK_PORT); default 4010, or a free one when 4010 is taken
//   --verbose      Prism's own log: one line per route at start-up, then one per request
//
// Quiet by default: the start-up log lists every route (hundreds of lines) and would push the one
// line that matters, the address, off the screen.
import { parseArgs } from "node:util";
import { MOCK_PORT, PortSettingError, readPortSetting, resolvePort } from "./lib/ports.mjs";
import { startPrism } from "./lib/prism.mjs";

const USAGE = "usage: npm run mock -- [--port <port>] [--verbose]";
const setting = { ...MOCK_PORT, flag: "--port" };

let port;
let verbose;
try {
  const { values } = parseArgs({ options: { port: { type: "string" }, verbose: { type: "boolean", default: false } }, strict: true, allowPositionals: false });
  verbose = values.verbose;
  port = await resolvePort(readPortSetting(setting, values.port));
} catch (error) {
  if (!(error instanceof PortSettingError) && !String(error.code).startsWith("ERR_PARSE_ARGS")) throw error;
  console.error(`npm run mock: ${error.message}\n${USAGE}`);
  process.exit(2);
}

// live: the mock picks up `npm run build:spec` without a restart.
const prism = await startPrism({ port, live: true, onLog: verbose ? (line) => console.log(line) : undefined });
console.log(`Mock of the API on ${prism.url} (try: curl -s ${prism.url}/v1/healthcheck; Ctrl-C to stop${verbose ? "" : "; --verbose for Prism's log"})`);
for (const signal of ["SIGINT", "SIGTERM"]) {
  process.on(signal, async () => {
    await prism.stop();
    process.exit(0);
  });
}
