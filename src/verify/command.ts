// `service-api verify`, as a function of its arguments and surroundings so tests can run it in
// process: parses the flags, builds the client as a user would (same options, same SERVICE_*
// variables), runs the plan (and, with --write, the chains), prints the table and the summary,
// writes the reports, and returns the exit code: 0 all checked operations passed, 1 some failed,
// 2 usage or connection error.
import { writeFileSync } from "node:fs";
import { hasCredentials, type ServiceAuth } from "../auth.js";
import { createServiceClient } from "../client.js";
import { resolveConfig, type ServiceClientOptions } from "../config.js";
import { ServiceConfigurationError } from "../errors.js";
import { contract, contractOperations, type OpenApiDocument } from "../validation/contract.js";
import { createHeaderChecker } from "../validation/header-check.js";
import { createResponseValidator } from "../validation/response-validator.js";
import { createSchemaValidator } from "../validation/schema-validator.js";
import { userScheme, WRONG, type UserScheme } from "./curl.js";
import { readBaseline, findingKey } from "./baseline.js";
import { driftReportOf } from "./drift.js";
import type { Finding } from "./findings.js";
import { toHtml } from "./html.js";
import { discoveryRules } from "./inputs.js";
import { HELP, parseVerifyArgs, UsageError, type VerifyOptions } from "./options.js";
import { planVerify } from "./plan.js";
import { documentSource } from "./published-document.js";
import { readReplay } from "./replay.js";
import { toJunit } from "./junit.js";
import { aggregateWarnings, coverageOf, summarize, toJson, verdictWarnings, type DriftReport, type VerifyReport } from "./report.js";
import { formatSummary } from "./terminal.js";
import { createRunner, type OperationResult } from "./run.js";
import { runChains, writeChains, type WriteReport } from "./write.js";

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

/** The wrong credential of the auth probe, in the form the user's own takes. */
function wrongAuth(scheme: UserScheme): ServiceAuth {
  if (scheme === "apiKey") return { apiKey: WRONG.apiKey };
  if (scheme === "jwt") return { token: WRONG.token };
  return { username: WRONG.username, password: WRONG.password };
}

/** Every credential replaced, in case one ever reached a report: none should. */
function scrub(text: string, secrets: readonly string[]): string {
  return secrets.reduce((clean, secret) => (secret.length >= 4 ? clean.split(secret).join("[REDACTED]") : clean), text);
}

export const EXIT = { passed: 0, failed: 1, usage: 2 } as const;

/** A step that cannot go on: the message a usage error prints, or an exit code already settled. */
class Stop {
  constructor(readonly code: number, readonly message?: string) {}
}

const usage = (error: unknown): Stop => {
  if (error instanceof UsageError) return new Stop(EXIT.usage, error.message);
  throw error;
};

/** Step 1: the flags, the client's configuration and the plan; or why verify cannot start. */
function prepare(argv: readonly string[], io: VerifyIo) {
  let options: VerifyOptions;
  try {
    options = parseVerifyArgs(argv);
  } catch (error) {
    throw usage(error);
  }
  if (options.help) {
    io.stdout.write(HELP);
    throw new Stop(EXIT.passed);
  }
  const clientOptions: ServiceClientOptions = {
    // Left out, each falls back to the environment exactly as the client documents.
    ...(options.baseUrl !== undefined ? { baseUrl: options.baseUrl } : options.consoleUrl !== undefined ? { consoleUrl: options.consoleUrl } : {}),
    ...(options.apiKey !== undefined ? { auth: { apiKey: options.apiKey } } : {}),
    ...(options.timeoutMs !== undefined ? { timeoutMs: options.timeoutMs } : {}),
    ...(io.fetch ? { fetch: io.fetch } : {}),
    env: io.env,
  };
  // The address and the credentials as the client will resolve them (flags, then SERVICE_*).
  let config;
  try {
    config = resolveConfig(clientOptions);
  } catch (error) {
    // The client's refusals name the option and the fix, and never repeat a credential.
    if (error instanceof ServiceConfigurationError) throw new Stop(EXIT.usage, error.message.replace(/\bbaseUrl\b/, "--base-url").replace(/\bconsoleUrl\b/, "--console-url"));
    throw error;
  }
  if (!hasCredentials(config.credentials)) {
    throw new Stop(EXIT.usage, "no credentials: pass --api-key, or set SERVICE_API_KEY (or SERVICE_USERNAME and SERVICE_PASSWORD, or SERVICE_JWT)");
  }
  const document = io.document ?? contract;
  try {
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
    const source = documentSource(options.openapi, config.baseUrl);
    return { options, clientOptions, config, document, replay, baseline, plan, source };
  } catch (error) {
    if (error instanceof Stop) throw error;
    throw usage(error);
  }
}

type Prepared = ReturnType<typeof prepare>;

/** Step 3: every selected operation called and its answer checked, with the auth probes; then the --write chains. */
async function callAndProbe({ options, clientOptions, config, document, replay, plan }: Prepared, io: VerifyIo) {
  const client = createServiceClient(clientOptions);
  const scheme = userScheme(config.credentials);
  // The auth probes: the same client settings, with no credential, and with a wrong one.
  const probeOptions = { baseUrl: config.baseUrl, ...(options.timeoutMs !== undefined ? { timeoutMs: options.timeoutMs } : {}), ...(io.fetch ? { fetch: io.fetch } : {}), env: {} };
  const probes = {
    none: createServiceClient(probeOptions),
    ...(options.mock ? {} : { wrong: createServiceClient({ ...probeOptions, auth: wrongAuth(scheme) }) }),
  };
  const schemas = createSchemaValidator(document);
  const runner = createRunner({
    document,
    client,
    validator: createResponseValidator(document, schemas),
    headers: createHeaderChecker(document, schemas),
    rules: discoveryRules(document, plan.readOnly),
    concurrency: options.concurrency,
    probes,
    scheme,
  });
  // Reachability first, with the health check (it needs no credentials): a wrong address is a
  // usage error with a fix, not 121 failures.
  const health = plan.readOnly.find((operation) => operation.path === "/v1/healthcheck");
  if (health) {
    const failure = await runner.reach(health);
    if (failure?.connection) throw new Stop(EXIT.usage, `cannot reach ${config.baseUrl}: ${failure.message}. Check --base-url (or SERVICE_API_URL), and that the API is up and reachable from here.`);
  }
  const progress = io.stdout.isTTY === true;
  let done = 0;
  const results: OperationResult[] = await Promise.all(
    plan.selected.map(async (operation) => {
      const result = await runner.verify(operation);
      done++;
      if (progress) io.stdout.write(`\r\u001b[2K[${done}/${plan.selected.length}] ${result.operation}`);
      return result;
    }),
  );
  if (progress) io.stdout.write("\r\u001b[2K");
  // Writes only when asked: without --write nothing that changes state is sent.
  let writes: WriteReport | undefined;
  let writeFindings: Finding[] = [];
  if (options.write) {
    const chains = writeChains(document, contractOperations(document)).filter((chain) => !replay || replay.chains.includes(chain.create.key));
    const stamp = (io.now ?? new Date()).toISOString().replace(/[-:]/g, "").replace(/\.\d+Z$/, "Z").toLowerCase();
    ({ report: writes, findings: writeFindings } = await runChains(document, chains, runner.exchange, stamp));
  }
  return { results, writes, writeFindings, probes: Object.keys(probes) };
}

/** Step 4: one report of the answers, the writes and the drift, findings the baseline knows marked. */
function assemble(prepared: Prepared, calls: Awaited<ReturnType<typeof callAndProbe>>, drift: DriftReport): VerifyReport {
  const { results, writes, writeFindings } = calls;
  const coverage = coverageOf(results, calls.probes);
  const all = aggregateWarnings([...results.flatMap((result) => result.findings), ...writeFindings, ...drift.findings]);
  const baseline = prepared.baseline;
  const findings = baseline ? all.map((finding) => (baseline.has(findingKey(finding)) ? { ...finding, known: true } : finding)) : all;
  const summary = summarize(results, { operations: prepared.plan.total, readOnly: prepared.plan.readOnly.length }, [...writeFindings, ...drift.findings]);
  const warnings = verdictWarnings(coverage);
  if (drift.warning !== undefined) warnings.push(`drift not checked: ${drift.warning}`);
  const wrongProbed = results.filter((result) => result.probes?.wrong !== undefined);
  if (wrongProbed.length > 0 && wrongProbed.every((result) => result.probes!.wrong! >= 200 && result.probes!.wrong! < 300)) {
    warnings.push("every operation accepted a wrong credential: if this is a mock (Prism, service-api/testing), which checks that a credential is there and not that it is right, pass --mock; on a real deployment, anyone can call it");
  }
  return {
    baseUrl: prepared.config.baseUrl,
    summary,
    coverage,
    warnings,
    findings,
    differences: drift.recorded,
    operations: results,
    drift: { source: drift.source, compared: drift.warning === undefined },
    ...(writes ? { writes } : {}),
  };
}

/** Step 5: the summary on the terminal, the files asked for, and the exit code. */
function tell(prepared: Prepared, report: VerifyReport, drift: DriftReport, writeFindings: readonly Finding[], io: VerifyIo): number {
  const { options } = prepared;
  const secrets = prepared.config.credentials.secrets;
  io.stdout.write(scrub(`${formatSummary(report, drift.warning === undefined ? drift : undefined, options.verbose)}\n`, secrets));
  for (const thing of report.writes?.created ?? []) io.stdout.write(`--write: ${thing.operation} created ${thing.name}${thing.id ? ` (${thing.id})` : ""}: ${thing.deleted ? "deleted" : "NOT deleted: remove it by hand"}\n`);
  for (const finding of writeFindings.filter((f) => f.severity === "error")) io.stdout.write(scrub(`--write FAIL ${finding.operation}: ${finding.kind}: ${finding.message}\n  reproduce: ${finding.curl ?? "-"}\n`, secrets));
  for (const warning of report.warnings) io.stdout.write(`warning: ${warning}\n`);
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
    const prepared = prepare(argv, io);
    const { options, config, document, source } = prepared;
    // Read while the answers are checked.
    const drift = driftReportOf(source, io.fetch ?? fetch, config.timeoutMs, document, options.openapi !== undefined);
    // A file named by --openapi that cannot be read is a usage error; say so before calling anything.
    if ("file" in prepared.source) await drift.catch((error: unknown) => Promise.reject(usage(error)));
    const calls = await callAndProbe(prepared, io);
    const driftReport = await drift.catch((error: unknown) => Promise.reject(usage(error)));
    return tell(prepared, assemble(prepared, calls, driftReport), driftReport, calls.writeFindings, io);
  } catch (error) {
    if (!(error instanceof Stop)) throw error;
    if (error.message !== undefined) io.stderr.write(`service-api verify: ${error.message}\n`);
    return error.code;
  }
}
