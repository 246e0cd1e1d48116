// Step 3 of verify, call and probe: the user's client and the auth probes' clients built as a user
// would build them, the validators, and the runner (run.ts) over every selected operation, with
// the health check first so that a wrong address is one usage error; then, with --write only,
// the create → read → update → delete chains (write.ts).
import type { ServiceAuth } from "../client/auth.js";
import { scrub } from "../client/redact.js";
import { createServiceClient } from "../client/client.js";
import type { ResolvedConfig, ServiceClientOptions } from "../client/config.js";
import { contractOperations, type OpenApiDocument } from "../validation/contract.js";
import { createHeaderChecker } from "../validation/header-check.js";
import { createResponseValidator } from "../validation/response-validator.js";
import { createSchemaValidator } from "../validation/schema-validator.js";
import { userScheme, WRONG, type UserScheme } from "./curl.js";
import type { Finding } from "./findings.js";
import { discoveryRules } from "./inputs.js";
import { UsageError, type VerifyOptions } from "./options.js";
import type { VerifyPlan } from "./plan.js";
import type { Replay } from "./replay.js";
import { createRunner, type OperationResult } from "./run.js";
import { runChains, runInvalidWrites, writeChains, type WriteReport } from "./write.js";

/** The wrong credential of the auth probe, in the form the user's own takes. */
function wrongAuth(scheme: UserScheme): ServiceAuth {
  if (scheme === "apiKey") return { apiKey: WRONG.apiKey };
  if (scheme === "jwt") return { token: WRONG.token };
  return { username: WRONG.username, password: WRONG.password };
}

/** What an answer's string `detail` says, in parentheses, shortened and with no credential in it; "" when it has none. */
function said(body: unknown, secrets: readonly string[]): string {
  const detail = body !== null && typeof body === "object" ? (body as { detail?: unknown }).detail : undefined;
  if (typeof detail !== "string" || detail.trim() === "") return "";
  const flat = scrub(detail, secrets).replace(/\s+/g, " ").trim();
  return ` (${flat.length > 300 ? `${flat.slice(0, 299)}…` : flat})`;
}

/** What step 3 of verify needs: the command's options, the client's, the plan and where to write progress. */
export interface CallSetup {
  readonly options: VerifyOptions;
  readonly clientOptions: ServiceClientOptions;
  readonly config: ResolvedConfig;
  readonly document: OpenApiDocument;
  readonly replay: Replay | undefined;
  readonly plan: VerifyPlan;
  /** The calls send the --mock placeholder, as no credential was given. */
  readonly placeholder: boolean;
  readonly io: { readonly stdout: { write(text: string): unknown; readonly isTTY?: boolean }; readonly fetch?: typeof fetch; readonly now?: Date };
}

/**
 * Step 3 of verify: every selected operation called and its answer checked, with the auth probes;
 * then the --write chains. A deployment the health check cannot reach is a UsageError that says
 * what to check.
 */
export async function callAndProbe({ options, clientOptions, config, document, replay, plan, placeholder, io }: CallSetup) {
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
    scheme: placeholder ? "mockPlaceholder" : scheme,
    invalid: options.invalid,
  });
  // Reachability first, with the health check (it needs no credentials): a wrong address is a
  // usage error with a fix, not 121 failures.
  const health = plan.readOnly.find((operation) => operation.path === "/v1/healthcheck");
  if (health) {
    const answer = await runner.reach(health);
    if (answer.failure?.connection) throw new UsageError(`cannot reach ${config.baseUrl}: ${answer.failure.message}. Check --base-url (or SERVICE_API_URL), and that the API is up and reachable from here.`);
    // Every deployment has the health check: a 404 there means the contract's paths are not
    // under this address (a path too many, such as /v1, or too few), and every call would fail.
    if (answer.status === 404) throw new UsageError(`${config.baseUrl} is not the API's base address: ${health.key} answered HTTP 404${said(answer.body, config.credentials.secrets)}. Check --base-url (or SERVICE_API_URL): the contract's paths go directly under it.`);
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
    if (options.invalid) {
      const negative = await runInvalidWrites(document, chains, runner.exchange, stamp);
      writes = { ...writes, created: [...writes.created, ...negative.created], invalid: negative.invalid };
      writeFindings = [...writeFindings, ...negative.findings];
    }
  }
  return { results, writes, writeFindings, probes: Object.keys(probes), invalid: options.invalid };
}
