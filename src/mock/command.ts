// `service-api mock`: the contract's mock (`mockService()` of `service-api/testing`) served over
// HTTP from the package alone, with no clone and no other tool. As a function of its arguments,
// its output and a signal that stops it, so tests can run it in process; src/cli.ts connects it to
// the process (Ctrl-C aborts the signal). Exit codes: 0 stopped, 2 usage error or address taken.
import { parseArgs } from "node:util";
import { basePathOf } from "../testing/base-address.js";
import { mockService } from "../testing/mock-service.js";
import { serveMock } from "./server.js";

export interface MockIo {
  readonly stdout: { write(text: string): unknown };
  readonly stderr: { write(text: string): unknown };
}

export const DEFAULT_HOST = "127.0.0.1";
export const DEFAULT_PORT = 4010;

export const MOCK_HELP = `Usage: service-api mock [--port <port>] [--host <address>] [--base-path <path>]

Serves the service-api contract over HTTP: every operation answers with the contract's example
of its success answer, after checking the request as the service would. A request without a
credential the operation accepts gets a 401; one whose parameters or body the contract refuses
gets a 422 whose detail names each problem (loc, msg, type). Any credential is accepted: the
mock checks that one is there, not that it is right. Each refused request is printed here with
its reason. The contract itself is served at /openapi.json. Ctrl-C stops it.

  --port <port>      the port (default ${DEFAULT_PORT}; 0 for any free port)
  --host <address>   the address to listen on (default ${DEFAULT_HOST}, this machine only)
  --base-path <path>
                     serve the contract's paths below this path (/v1), for clients whose base
                     address has one (default: at the root; anything else gets a 404)
  --help             this text

Then, in another terminal: service-api verify --base-url http://${DEFAULT_HOST}:${DEFAULT_PORT} --mock
`;

class UsageError extends Error {}

function readOptions(argv: readonly string[]) {
  let parsed;
  try {
    parsed = parseArgs({ args: [...argv], strict: true, allowPositionals: true, options: { port: { type: "string" }, host: { type: "string" }, "base-path": { type: "string" }, help: { type: "boolean", short: "h" } } });
  } catch (error) {
    // Node's message names the flag ("Unknown option '--prot'"); strip its advice on positionals.
    const message = error instanceof Error ? error.message.replace(/\. To specify a positional argument.*$/s, "") : String(error);
    throw new UsageError(`${message}. Run service-api mock --help for the flags.`);
  }
  const { values, positionals } = parsed;
  const [command, ...extra] = positionals;
  if (command !== "mock") throw new UsageError(`unknown command ${JSON.stringify(command)}: the command is service-api mock`);
  if (extra.length > 0) throw new UsageError(`unexpected argument ${JSON.stringify(extra[0])}: mock takes flags only (see --help)`);
  const rawPort = values.port ?? String(DEFAULT_PORT);
  const port = /^\d{1,5}$/.test(rawPort) ? Number(rawPort) : Number.NaN;
  if (!(port >= 0 && port <= 65535)) throw new UsageError(`--port takes a port number from 1 to 65535 (or 0 for any free port), got ${JSON.stringify(rawPort)}; for example --port ${DEFAULT_PORT + 1}`);
  if (values.host === "") throw new UsageError(`--host needs an address, such as ${DEFAULT_HOST}`);
  const basePath = values["base-path"] === undefined ? "" : basePathOf(values["base-path"]);
  if (basePath === undefined) throw new UsageError(`--base-path takes the path alone of the base address your client calls: /v1 for http://${DEFAULT_HOST}:${DEFAULT_PORT}/v1; got ${JSON.stringify(values["base-path"])}`);
  return { port, host: values.host ?? DEFAULT_HOST, basePath, help: values.help === true };
}

/**
 * `service-api mock [flags]`: serves until `stop` aborts, then closes and resolves 0; resolves 2
 * at once on a usage error or an address it cannot take, saying what to change.
 */
export async function runMock(argv: readonly string[], io: MockIo, stop: AbortSignal): Promise<number> {
  let options;
  try {
    options = readOptions(argv);
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    io.stderr.write(`service-api mock: ${error.message}\n`);
    return 2;
  }
  if (options.help) {
    io.stdout.write(MOCK_HELP);
    return 0;
  }
  let server;
  try {
    server = await serveMock(mockService(), { host: options.host, port: options.port, basePath: options.basePath, onViolation: (violation) => io.stdout.write(`${violation.message}\n`) });
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    const where = `${options.host}:${options.port}`;
    if (code === "EADDRINUSE") io.stderr.write(`service-api mock: ${where} is already in use; stop what holds it, or pass another --port (0 for any free port)\n`);
    else if (code === "EADDRNOTAVAIL" || code === "ENOTFOUND" || code === "EAI_AGAIN") io.stderr.write(`service-api mock: cannot listen on ${options.host}: no such address on this machine; pass --host ${DEFAULT_HOST}, or one of this machine's addresses\n`);
    else if (code === "EACCES") io.stderr.write(`service-api mock: not allowed to listen on ${where}; pass a --port above 1023\n`);
    else throw error;
    return 2;
  }
  io.stdout.write(`service-api mock: the contract's mock on ${server.url}${options.basePath} (any credential is accepted; refused requests are printed here; Ctrl-C to stop)\n`);
  if (!stop.aborted) await new Promise((resolve) => stop.addEventListener("abort", resolve, { once: true }));
  await server.close();
  return 0;
}
