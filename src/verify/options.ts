// `service-api verify`'s command line: the flags, their checks and the help text. Every refusal
// is a UsageError whose message says what to fix; none repeats the value of --api-key.
import { parseArgs, type ParseArgsConfig } from "node:util";
import { DEFAULT_TIMEOUT_MS } from "../client/config.js";

export class UsageError extends Error {}

export interface VerifyOptions {
  readonly baseUrl: string | undefined;
  readonly consoleUrl: string | undefined;
  /** From --api-key; otherwise the client reads SERVICE_API_KEY & co. from the environment. */
  readonly apiKey: string | undefined;
  readonly concurrency: number;
  /** operationIds or tags; empty means all. */
  readonly only: readonly string[];
  readonly skip: readonly string[];
  readonly jsonFile: string | undefined;
  readonly junitFile: string | undefined;
  /** From --openapi, each time it is given: where the deployment's own OpenAPI documents are; empty means the default addresses. */
  readonly openapi: readonly string[];
  readonly htmlFile: string | undefined;
  /** An earlier --json report whose failed operations are the only ones run again. */
  readonly replayFile: string | undefined;
  /** An earlier --json report whose findings are known: they are reported, and fail no run. */
  readonly baselineFile: string | undefined;
  /** Every operation and every finding on the terminal, not only the summary. */
  readonly verbose: boolean;
  /** Also run the create → read → update → delete chains of the contract's links. */
  readonly write: boolean;
  /** The deployment is a mock that checks a credential is there, not that it is right. */
  readonly mock: boolean;
  /** Send each read-only operation its invalid requests (the default; --no-negative turns it off). */
  readonly invalid: boolean;
  readonly timeoutMs: number | undefined;
  readonly help: boolean;
}

/** Verify runs only when named (it once ran with no command): what to type instead. */
export const VERIFY_BY_NAME = "verify runs only by its name: write service-api verify --base-url … (service-api --help lists the commands)";

export const DEFAULT_CONCURRENCY = 4;
/**
 * Where the service publishes its own OpenAPI documents, below the API's address: the full one,
 * the client API document its SDKs are generated from, and the reference its docs site reads.
 */
export const DEFAULT_DOCUMENT_PATHS = ["/openapi.json", "/client/openapi.json", "/public/openapi.json"] as const;
const MAX_CONCURRENCY = 64;

export const HELP = `Usage: service-api verify [options]

Calls every read-only operation of the service-api contract on a deployment (GET, and the POSTs
the contract marks x-idempotent; never a write, never the signup link, unless --write) and checks
each answer against the contract: declared status (even a 2xx), no server error, declared content
type, body valid against the schema, declared headers present and valid. Each operation that
takes a credential is called again with none and with a wrong one: anything but 401/403 fails.
Each also gets invalid requests made from the contract, one per kind its parameters (and, for an
x-idempotent POST, its JSON body's top-level fields) have; a 2xx or a 5xx to one fails (see
--no-negative).
It also reads the OpenAPI document the deployment publishes about itself (no credential sent)
and reports how it drifts from the contract: operations removed or added; parameters, fields,
defaults, enum values, union members and error answers changed. Each drift is classed
breaking-for-callers (a call written against the contract is refused), breaking-for-readers
(code reading answers is wrong) or compatible; the breaking ones are errors, the compatible ones
warnings. Where the contract deliberately says something other than the service's release
(recorded, with why, in the package), the difference is listed apart as information. A
deployment that publishes no document is a warning.

Where:
  --base-url <url>       the API's address, e.g. https://api.acme.example (or SERVICE_API_URL)
  --console-url <url>    the console's address; the API's is derived from it (or SERVICE_CONSOLE_URL)
Credentials (never printed):
  --api-key <key>        or SERVICE_API_KEY; or SERVICE_USERNAME and SERVICE_PASSWORD; or SERVICE_JWT
                         (the environment keeps the key out of your shell history and process list)
  --mock                 the deployment is a mock that checks a credential is there, not that it
                         is right (service-api mock, which this package runs; Prism; a
                         service-api/testing mock): skip the wrong-credential probe, and with no
                         credential given, send a placeholder key
What to call:
  --only <ids|tags>      only these operationIds or tags (comma-separated, repeatable)
  --skip <ids|tags>      leave these out
  --replay <file>        only the operations that failed in this earlier --json report
  --write                also create, read, update and delete through the contract's links
                         (on a sandbox only: names start ${"service-api-verify-"}; all deleted at the end)
  --no-negative          send no invalid requests (by default each read-only operation also gets
                         one per kind it has: a required query parameter left out, a wrong
                         type, a value outside its enum or its bounds or pattern, a path id that
                         is not a uuid; an x-idempotent POST's JSON body with a required field
                         left out or a field broken the same ways, and with --write each create's
                         body broken so; each must be refused with 400 or 422, or 404 for the id)
  --concurrency <n>      requests in flight at most (default ${DEFAULT_CONCURRENCY}, 1 to ${MAX_CONCURRENCY})
  --timeout-ms <ms>      per attempt (default: the client's, ${DEFAULT_TIMEOUT_MS})
Drift:
  --openapi <where>      a document the deployment publishes: a path on the API, an http(s) URL,
                         or a local JSON file, relative or absolute (./openapi.json,
                         /srv/openapi.json, file:///srv/openapi.json); a value starting with /
                         is read as a file when that file exists. Give it once per document:
                         the contract is compared with their union. Default: each of
                         ${DEFAULT_DOCUMENT_PATHS.join(", ")} that answers
Known findings:
  --baseline <file>      an earlier --json report: its findings are known, listed apart, and
                         fail no run; a new one still does (accept a state, then watch for change)
Reports:
  --verbose              every operation and every finding on the terminal, not only the summary
  --json <file>          { verdict, reason, startedAt, versions, summary, notes, findings, … } as JSON
  --junit <file>         JUnit XML for CI systems: a case's time is its own calls', a suite's the
                         wall time of what it covers
  --html <file>          one self-contained HTML page, to share
  --help                 this text

Exit codes: 0 every checked operation passed and no drift breaks this client (findings the
--baseline report holds aside); 1 otherwise; 2 usage or connection error.
`;

function list(values: readonly string[] | undefined): string[] {
  return (values ?? []).flatMap((value) => value.split(",")).map((value) => value.trim()).filter(Boolean);
}

function positiveInteger(value: string | undefined, flag: string, max: number): number | undefined {
  if (value === undefined) return undefined;
  const number = Number(value);
  if (!/^\d+$/.test(value) || !Number.isSafeInteger(number) || number < 1 || number > max) {
    throw new UsageError(`${flag} takes a whole number from 1 to ${max}, e.g. ${flag} ${flag === "--concurrency" ? DEFAULT_CONCURRENCY : 10000}`);
  }
  return number;
}

/** Every flag verify takes (the verify guide's table, docs/verify.md, and the help text are checked against this list). */
export const FLAGS = {
  "base-url": { type: "string" },
  "console-url": { type: "string" },
  "api-key": { type: "string" },
  concurrency: { type: "string" },
  only: { type: "string", multiple: true },
  skip: { type: "string", multiple: true },
  json: { type: "string" },
  junit: { type: "string" },
  openapi: { type: "string", multiple: true },
  html: { type: "string" },
  replay: { type: "string" },
  baseline: { type: "string" },
  verbose: { type: "boolean" },
  write: { type: "boolean" },
  mock: { type: "boolean" },
  "no-negative": { type: "boolean" },
  "timeout-ms": { type: "string" },
  help: { type: "boolean", short: "h" },
} as const satisfies ParseArgsConfig["options"];

export function parseVerifyArgs(argv: readonly string[]): VerifyOptions {
  let parsed;
  try {
    parsed = parseArgs({ args: [...argv], strict: true, allowPositionals: true, options: FLAGS });
  } catch (error) {
    // Node's message names the flag ("Unknown option '--bse-url'"); a value is never part of it.
    const message = error instanceof Error ? error.message.replace(/\. To specify a positional argument.*$/s, "") : String(error);
    throw new UsageError(`${message}. Run service-api verify --help for the flags.`);
  }
  const { values, positionals } = parsed;
  const [command, ...extra] = positionals;
  if (command === undefined) throw new UsageError(VERIFY_BY_NAME);
  if (command !== "verify") throw new UsageError(`unknown command ${JSON.stringify(command)}: the commands are service-api verify and service-api mock`);
  if (extra.length > 0) throw new UsageError(`unexpected argument ${JSON.stringify(extra[0])}: verify takes flags only (see --help)`);
  if (values["api-key"] === "") throw new UsageError("--api-key is empty: pass the key, or leave the flag out and set SERVICE_API_KEY");
  for (const flag of ["json", "junit", "html", "replay", "baseline", "base-url", "console-url"] as const) {
    if (values[flag] === "") throw new UsageError(`--${flag} needs a value`);
  }
  if (values.openapi?.includes("")) throw new UsageError("--openapi needs a value each time it is given");
  return {
    baseUrl: values["base-url"],
    consoleUrl: values["console-url"],
    apiKey: values["api-key"],
    concurrency: positiveInteger(values.concurrency, "--concurrency", MAX_CONCURRENCY) ?? DEFAULT_CONCURRENCY,
    only: list(values.only),
    skip: list(values.skip),
    jsonFile: values.json,
    junitFile: values.junit,
    openapi: values.openapi ?? [],
    htmlFile: values.html,
    replayFile: values.replay,
    baselineFile: values.baseline,
    verbose: values.verbose === true,
    write: values.write === true,
    mock: values.mock === true,
    invalid: values["no-negative"] !== true,
    timeoutMs: positiveInteger(values["timeout-ms"], "--timeout-ms", 2 ** 31 - 1),
    help: values.help === true,
  };
}
