// `service-api verify`, as a function of its arguments and surroundings so tests can run it in
// process: parses the flags, builds the client as a user would (same options, same SERVICE_*
// variables), runs the plan, prints the table and the summary, writes the reports, and returns
// the exit code: 0 all checked operations passed, 1 some failed, 2 usage or connection error.
import { writeFileSync } from "node:fs";
import { hasCredentials } from "../auth.js";
import { createServiceClient } from "../client.js";
import { resolveConfig, type ServiceClientOptions } from "../config.js";
import { ServiceConfigurationError } from "../errors.js";
import { contract, type OpenApiDocument } from "../validation/contract.js";
import { createResponseValidator } from "../validation/response-validator.js";
import { driftFindings } from "./drift.js";
import { discoveryRules } from "./inputs.js";
import { HELP, parseVerifyArgs, UsageError, type VerifyOptions } from "./options.js";
import { planVerify } from "./plan.js";
import { documentSource, readPublishedDocument } from "./published-document.js";
import { formatDrift, formatTable, summarize, summaryLine, toJson, toJunit, type DriftReport, type VerifyReport } from "./report.js";
import { createRunner, type OperationResult } from "./run.js";

export interface VerifyIo {
  readonly env: Readonly<Record<string, string | undefined>>;
  readonly stdout: { write(text: string): unknown; readonly isTTY?: boolean };
  readonly stderr: { write(text: string): unknown };
  /** The client's fetch; tests may pass their own. Default: the global fetch. */
  readonly fetch?: typeof fetch;
  /** The contract to verify against. Default: the bundle shipped in the package. */
  readonly document?: OpenApiDocument;
}

export const EXIT = { passed: 0, failed: 1, usage: 2 } as const;

export async function runVerify(argv: readonly string[], io: VerifyIo): Promise<number> {
  const fail = (message: string) => {
    io.stderr.write(`service-api verify: ${message}\n`);
    return EXIT.usage;
  };
  let options: VerifyOptions;
  try {
    options = parseVerifyArgs(argv);
  } catch (error) {
    if (error instanceof UsageError) return fail(error.message);
    throw error;
  }
  if (options.help) {
    io.stdout.write(HELP);
    return EXIT.passed;
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
    if (error instanceof ServiceConfigurationError) return fail(error.message.replace(/\bbaseUrl\b/, "--base-url").replace(/\bconsoleUrl\b/, "--console-url"));
    throw error;
  }
  if (!hasCredentials(config.credentials)) {
    return fail("no credentials: pass --api-key, or set SERVICE_API_KEY (or SERVICE_USERNAME and SERVICE_PASSWORD, or SERVICE_JWT)");
  }
  const document = io.document ?? contract;
  let plan;
  try {
    plan = planVerify(document, options.only, options.skip);
  } catch (error) {
    if (error instanceof UsageError) return fail(error.message);
    throw error;
  }

  const client = createServiceClient(clientOptions);
  const { baseUrl } = config;
  const validator = createResponseValidator(document);
  const runner = createRunner({ document, client, validator, rules: discoveryRules(document, plan.readOnly), concurrency: options.concurrency });

  // The deployment's own document, read while the answers are checked.
  let source;
  try {
    source = documentSource(options.openapi, baseUrl);
  } catch (error) {
    if (error instanceof UsageError) return fail(error.message);
    throw error;
  }
  const drift: Promise<DriftReport> = (async () => {
    const published = await readPublishedDocument(source, io.fetch ?? fetch, config.timeoutMs);
    if ("unpublished" in published) {
      const elsewhere = options.openapi === undefined ? "name another with --openapi" : "a local file is named ./openapi.json or file:///path/to/openapi.json";
      return { source: published.source, warning: `${published.unpublished}: the deployment publishes no OpenAPI document there (${elsewhere})`, findings: [] };
    }
    try {
      return { source: published.source, findings: driftFindings(document, published.document) };
    } catch (error) {
      // A document with a broken $ref, say: the deployment's fault, told without failing the answers' checks.
      return { source: published.source, warning: `${published.source} cannot be compared with the contract: ${error instanceof Error ? error.message : String(error)}`, findings: [] };
    }
  })();
  // A file named by --openapi that cannot be read is a usage error; say so before calling anything.
  try {
    if ("file" in source) await drift;
  } catch (error) {
    if (error instanceof UsageError) return fail(error.message);
    throw error;
  }

  // Reachability first, with the health check (it needs no credentials): a wrong address is a
  // usage error with a fix, not 121 failures.
  const health = plan.readOnly.find((operation) => operation.path === "/v1/healthcheck");
  if (health) {
    const failure = await runner.reach(health);
    if (failure?.connection) return fail(`cannot reach ${baseUrl}: ${failure.message}. Check --base-url (or SERVICE_API_URL), and that the API is up and reachable from here.`);
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

  const summary = summarize(results, { operations: plan.total, readOnly: plan.readOnly.length });
  const driftReport = await drift;
  const report: VerifyReport = { baseUrl, summary, operations: results, drift: driftReport };
  io.stdout.write(`${formatTable(results)}\n\n${formatDrift(driftReport)}\n\n${summaryLine(summary)}\n`);
  const checked = results.filter((result) => result.verdict !== "skip");
  if (checked.length > 0 && checked.every((result) => result.status === 401)) {
    io.stdout.write("every call answered 401: check the credentials (--api-key or SERVICE_API_KEY)\n");
  }
  try {
    if (options.jsonFile) writeFileSync(options.jsonFile, toJson(report));
    if (options.junitFile) writeFileSync(options.junitFile, toJunit(report));
  } catch (error) {
    return fail(`cannot write the report: ${error instanceof Error ? error.message : String(error)}`);
  }
  const lostConnection = results.some((result) => result.status === null && result.verdict === "fail");
  if (lostConnection) {
    io.stderr.write("service-api verify: some calls got no answer (see the table); check the connection and run it again\n");
    return EXIT.usage;
  }
  const breaking = driftReport.findings.some((finding) => finding.severity === "error");
  return summary.failed > 0 || breaking ? EXIT.failed : EXIT.passed;
}
