// `service-api verify`, as a function of its arguments and surroundings so tests can run it in
// process. Five steps, each named below and kept in the file of its concern: prepare (the flags,
// the client's configuration and the plan), read and compare the deployment's own document
// (drift.ts), call and probe (calls.ts), assemble one report (report.ts), and tell it (the
// terminal, the files, the exit code: 0 passed, 1 failed, 2 usage or connection error).
import { writeFileSync } from "node:fs";
import packageJson from "../../package.json" with { type: "json" };
import { hasCredentials } from "../client/auth.js";
import { resolveConfig, type ServiceClientOptions } from "../client/config.js";
import { ServiceConfigurationError } from "../client/errors.js";
// Every credential replaced, in case one ever reached a report (none should), by the client's
// own rule for how short a secret may be and still be searched for inside text.
import { scrub } from "../client/redact.js";
import { contract, contractOperations, type OpenApiDocument } from "../validation/contract.js";
import { readBaseline } from "./baseline.js";
import { driftReportOf } from "./drift.js";
import type { Finding } from "./findings.js";
import { toHtml } from "./html.js";
import { HELP, parseVerifyArgs, UsageError, type VerifyOptions } from "./options.js";
import { planVerify } from "./plan.js";
import { documentSources } from "./published-document.js";
import { readReplay } from "./replay.js";
import { toJunit } from "./junit.js";
import { assembleReport, toJson, type DriftReport, type VerifyReport } from "./report.js";
import { formatSummary } from "./terminal.js";
import { callAndProbe } from "./calls.js";
import { MOCK_PLACEHOLDER_KEY } from "./curl.js";

export interface VerifyIo {
  readonly env: Readonly<Record<string, string | undefined>>;
  readonly stdout: { write(text: string): unknown; readonly isTTY?: boolean };
  readonly stderr: { write(text: string): unknown };
  /** The client's fetch; tests may pass their own. Default: the global fetch. */
  readonly fetch?: typeof fetch;
  /** The contract to verify against. Default: the bundle shipped in the package. */
  readonly document?: OpenApiDocument;
  /** When the run started, for the names --write gives what it creates. Default: now. */
  readonly now?: Date;
}

export const EXIT = { passed: 0, failed: 1, usage: 2 } as const;

/** A step that cannot go on: the message a usage error prints, or an exit code already settled. */
class Stop {
  constructor(readonly code: number, readonly message?: string) {}
}

/** The client's configuration, or the client's refusal as a usage error. */
function resolved(clientOptions: ServiceClientOptions) {
  try {
    return resolveConfig(clientOptions);
  } catch (error) {
    // The client's refusals name the option and the fix, and never repeat a credential.
    if (error instanceof ServiceConfigurationError) throw new Stop(EXIT.usage, error.message.replace(/\bbaseUrl\b/, "--base-url").replace(/\bconsoleUrl\b/, "--console-url"));
    throw error;
  }
}

/** Step 1: the flags, the client's configuration and the plan; or why verify cannot start. */
function prepare(argv: readonly string[], io: VerifyIo) {
  const options: VerifyOptions = parseVerifyArgs(argv);
  if (options.help) {
    io.stdout.write(HELP);
    throw new Stop(EXIT.passed);
  }
  let clientOptions: ServiceClientOptions = {
    // Left out, each falls back to the environment exactly as the client documents.
    ...(options.baseUrl !== undefined ? { baseUrl: options.baseUrl } : options.consoleUrl !== undefined ? { consoleUrl: options.consoleUrl } : {}),
    ...(options.apiKey !== undefined ? { auth: { apiKey: options.apiKey } } : {}),
    ...(options.timeoutMs !== undefined ? { timeoutMs: options.timeoutMs } : {}),
    ...(io.fetch ? { fetch: io.fetch } : {}),
    env: io.env,
  };
  // The address and the credentials as the client will resolve them (flags, then SERVICE_*).
  let config = resolved(clientOptions);
  const placeholder = !hasCredentials(config.credentials);
  if (placeholder) {
    if (!options.mock) throw new Stop(EXIT.usage, "no credentials: pass --api-key, or set SERVICE_API_KEY (or SERVICE_USERNAME and SERVICE_PASSWORD, or SERVICE_JWT); for a mock, pass --mock");
    // A mock checks that a credential is there, not which one: a placeholder stands in.
    clientOptions = { ...clientOptions, auth: { apiKey: MOCK_PLACEHOLDER_KEY } };
    config = resolved(clientOptions);
    io.stdout.write(`--mock: no credential given, so each call sends the placeholder API key "${MOCK_PLACEHOLDER_KEY}" (a mock checks that a credential is there, not that it is right)\n`);
  }
  const document = io.document ?? contract;
  const replay = options.replayFile === undefined ? undefined : readReplay(options.replayFile);
  const baseline = options.baselineFile === undefined ? undefined : readBaseline(options.baselineFile);
  let only = options.only;
  if (replay) {
    const ids = new Map(contractOperations(document).map((operation) => [operation.key, operation.operationId]));
    only = [...only, ...replay.operations.flatMap((key) => (ids.has(key) ? [ids.get(key)!] : []))];
    if (only.length === 0 && (replay.chains.length === 0 || !options.write)) {
      io.stdout.write(`nothing to replay: ${options.replayFile} lists no failed operation${replay.chains.length > 0 ? " (its failed --write chains run again only with --write)" : ""}\n`);
      throw new Stop(EXIT.passed);
    }
  }
  let plan = planVerify(document, only, options.skip);
  if (replay && only.length === 0) plan = { ...plan, selected: [] };
  const sources = documentSources(options.openapi, config.baseUrl);
  return { options, clientOptions, config, document, replay, baseline, plan, sources, placeholder };
}

type Prepared = ReturnType<typeof prepare>;

/** Step 5: the summary on the terminal, the files asked for, and the exit code. */
function tell(prepared: Prepared, report: VerifyReport, drift: DriftReport, writeFindings: readonly Finding[], io: VerifyIo): number {
  const { options } = prepared;
  // The --mock placeholder is no secret, and a reproduce command must carry it to reproduce.
  const secrets = prepared.config.credentials.secrets.filter((secret) => !(prepared.placeholder && secret === MOCK_PLACEHOLDER_KEY));
  io.stdout.write(scrub(`${formatSummary(report, drift.warning === undefined ? drift : undefined, options.verbose)}\n`, secrets));
  for (const thing of report.writes?.created ?? []) io.stdout.write(`--write: ${thing.operation} created ${thing.name}${thing.id ? ` (${thing.id})` : ""}: ${thing.deleted ? "deleted" : "NOT deleted: remove it by hand"}\n`);
  for (const finding of writeFindings.filter((f) => f.severity === "error")) io.stdout.write(scrub(`--write FAIL ${finding.operation}: ${finding.kind}: ${finding.message}\n  reproduce: ${finding.curl ?? "-"}\n`, secrets));
  for (const note of report.notes) io.stdout.write(`note: ${note}\n`);
  try {
    if (options.jsonFile) writeFileSync(options.jsonFile, scrub(toJson(report), secrets));
    if (options.junitFile) writeFileSync(options.junitFile, scrub(toJunit(report), secrets));
    if (options.htmlFile) writeFileSync(options.htmlFile, scrub(toHtml(report), secrets));
  } catch (error) {
    throw new Stop(EXIT.usage, `cannot write the report: ${error instanceof Error ? error.message : String(error)}`);
  }
  if (report.operations.some((result) => result.status === null && result.verdict === "fail")) {
    io.stderr.write("service-api verify: some calls got no answer (see the table); check the connection and run it again\n");
    return EXIT.usage;
  }
  // A run fails on an error the baseline does not know: a failed answer, a failed write, breaking drift.
  return report.findings.some((finding) => finding.severity === "error" && !finding.known) ? EXIT.failed : EXIT.passed;
}

/**
 * `service-api verify`: prepare, then read and compare the deployment's document while the
 * operations are called and probed, assemble one report, and tell it.
 */
export async function runVerify(argv: readonly string[], io: VerifyIo): Promise<number> {
  try {
    const startedAt = new Date();
    const started = performance.now();
    const prepared = prepare(argv, io);
    const { options, config, document, sources } = prepared;
    // Read while the answers are checked; each part's own wall time, for the JUnit suites.
    const driftStarted = performance.now();
    const drift = driftReportOf(sources, io.fetch ?? fetch, config.timeoutMs, document, options.openapi.length > 0).then((report) => ({ report, ms: performance.now() - driftStarted }));
    // A file named by --openapi that cannot be read is a usage error; say so before calling anything.
    if (sources.some((source) => "file" in source)) await drift;
    const callsStarted = performance.now();
    const calls = await callAndProbe({ ...prepared, io });
    const callsMs = performance.now() - callsStarted;
    const { report: driftReport, ms: driftMs } = await drift;
    const run = { startedAt: startedAt.toISOString(), callsMs, driftMs, tool: packageJson.version, contract: String((document as { info?: { version?: unknown } }).info?.version ?? "") };
    const report = assembleReport(calls, driftReport, { operations: prepared.plan.total, readOnly: prepared.plan.readOnly.length }, config.baseUrl, prepared.baseline, { ...run, durationMs: performance.now() - started });
    return tell(prepared, report, driftReport, calls.writeFindings, io);
  } catch (error) {
    // A usage error (a flag, a file, an address where nothing answers) says what to fix.
    const stop = error instanceof UsageError ? new Stop(EXIT.usage, error.message) : error;
    if (!(stop instanceof Stop)) throw error;
    if (stop.message !== undefined) io.stderr.write(`service-api verify: ${stop.message}\n`);
    return stop.code;
  }
}
