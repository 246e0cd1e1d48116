// Runs the plan against a deployment with the client: finds each operation's inputs by walking
// listings (resolve-inputs.ts, from what inputs.ts reads in the contract), calls it (send.ts),
// checks the answer (checks.ts), and, for an operation that takes a credential, calls it again
// without one and with a wrong one (the auth probes). Requests in flight are capped; the client's
// retries and Retry-After handling apply to every one of them.
import type { ServiceClient } from "../client/types.js";
import { specPolicy } from "../client/policies.js";
import type { ContractOperation, OpenApiDocument } from "../validation/contract.js";
import type { HeaderChecker } from "../validation/header-check.js";
import { mediaTypeOf, type ResponseValidator } from "../validation/response-validator.js";
import { dedupe, findingsOf } from "./checks.js";
import { curlCommand, type CallCredential, type CurlScheme } from "./curl.js";
import type { Finding, InvalidKind } from "./findings.js";
import { broken, invalidRequestsOf, judgeInvalid, outcomeOf, type InvalidOutcome } from "./invalid-requests.js";
import { inputsOf, type DiscoveryRules, type Inputs } from "./inputs.js";
import type { PlannedOperation } from "./plan.js";
import { resolveInputs, type InputSources } from "./resolve-inputs.js";
import { sendCall, type Answer, type Value } from "./send.js";

export type Verdict = "pass" | "fail" | "skip";

/** One invalid request as the report keeps it: what was broken, the status it got, and what that counts as. */
export interface InvalidCheck {
  readonly kind: InvalidKind;
  readonly in: "path" | "query" | "body";
  readonly parameter: string;
  readonly status: number | null;
  readonly outcome: InvalidOutcome;
  /** Its own call's time in ms, from its send to its answer. */
  readonly durationMs: number;
}

export interface OperationResult {
  /** "GET /projects/{project_id}". */
  readonly operation: string;
  readonly operationId: string;
  readonly tag: string | undefined;
  /** The answer's status; null when skipped or when no answer came. */
  readonly status: number | null;
  /** The answer's media type, for the coverage; null when skipped or when it had none. */
  readonly contentType: string | null;
  readonly verdict: Verdict;
  /** What the checks found, without repeats; `fail` when one of them is an error. */
  readonly findings: readonly Finding[];
  /** The statuses the auth probes got, by the credential they sent; absent when none was made. */
  readonly probes?: Partial<Record<Exclude<CallCredential, "user">, number | null>>;
  /** Why it was skipped. */
  readonly reason?: string;
  /** The invalid requests sent (invalid-requests.ts) and the status each got; absent when none was sent. Their findings are in `findings`, marked `invalid`, and do not decide `verdict`. */
  readonly invalid?: readonly InvalidCheck[];
  /** Its own calls' time in ms: the call and its auth probes, each from its send to its answer, without the wait for a free slot or the listings read for its inputs; 0 when skipped. */
  readonly durationMs: number;
}

/** A counting semaphore: at most `size` functions running at once. */
export function limiter(size: number): <T>(task: () => Promise<T>) => Promise<T> {
  let running = 0;
  const waiting: (() => void)[] = [];
  return async (task) => {
    // A freed slot is handed to the first waiter as it is: were it counted free in between, a
    // newcomer could take it before the waiter wakes, and both would run.
    if (running >= size) await new Promise<void>((resolve) => waiting.push(resolve));
    else running++;
    try {
      return await task();
    } finally {
      const next = waiting.shift();
      if (next) next();
      else running--;
    }
  };
}

export interface RunContext {
  readonly document: OpenApiDocument;
  readonly client: ServiceClient;
  readonly validator: ResponseValidator;
  readonly headers: HeaderChecker;
  readonly rules: DiscoveryRules;
  readonly concurrency: number;
  /** Clients for the auth probes: one with no credential, and (unless left out) one with a wrong one. */
  readonly probes: Partial<Record<Exclude<CallCredential, "user">, ServiceClient>>;
  /** How curl commands carry the credential the calls sent. */
  readonly scheme: CurlScheme;
  /** Send each operation its invalid requests (off with --no-negative). */
  readonly invalid: boolean;
}

/** What the runner's steps share: the context, the cap on requests in flight, and the calls made so far. */
interface Runner extends InputSources {
  readonly context: RunContext;
  readonly limit: <T>(task: () => Promise<T>) => Promise<T>;
  readonly call: (operation: ContractOperation, path: Record<string, Value>, query: Record<string, unknown>, body: unknown, credential?: CallCredential) => Promise<Answer>;
}

/** The findings of one answer to `operation`. */
function judge(context: RunContext, operation: ContractOperation, answer: Answer, body: unknown, credential: CallCredential, expectsSuccess: boolean): Finding[] {
  const secured = specPolicy(operation.method, operation.path).security.length > 0;
  return findingsOf({
    operation: operation.key,
    status: answer.status,
    check: answer.check,
    headers: answer.status === null || !answer.headers ? [] : context.headers(operation, answer.status, answer.headers),
    ...(answer.failure ? { failure: answer.failure.message } : {}),
    credential,
    expectsSuccess,
    curl: answer.url === undefined ? undefined : curlCommand({ method: operation.method, url: answer.url, body, credential, secured }, context.scheme),
  });
}

/** Verifies one operation: its inputs, its call, its answer, and whether it refuses a caller without a valid credential. */
async function verifyOperation(runner: Runner, operation: PlannedOperation): Promise<OperationResult> {
  const { context } = runner;
  const base = { operation: operation.key, operationId: operation.operationId, tag: operation.tag, contentType: null };
  if (operation.sideEffect) return { ...base, status: null, verdict: "skip", findings: [], reason: `not called: ${operation.sideEffect}`, durationMs: 0 };
  const resolved = await resolveInputs(runner, operation, {}, []);
  if ("missing" in resolved) return { ...base, status: null, verdict: "skip", findings: [], reason: resolved.missing, durationMs: 0 };
  const { body } = runner.inputs(operation);
  const answer = await runner.call(operation, resolved.path, resolved.query, body);
  const findings = judge(context, operation, answer, body, "user", true);
  let durationMs = answer.durationMs;
  // The same call without a credential and with a wrong one, where the contract requires one.
  const probes: Partial<Record<Exclude<CallCredential, "user">, number | null>> = {};
  if (answer.status !== null && specPolicy(operation.method, operation.path).security.length > 0) {
    for (const credential of ["none", "wrong"] as const) {
      if (!context.probes[credential]) continue;
      const refused = await runner.call(operation, resolved.path, resolved.query, body, credential);
      probes[credential] = refused.status;
      durationMs += refused.durationMs;
      findings.push(...judge(context, operation, refused, body, credential, false));
    }
  }
  const verdict = findings.some((finding) => finding.severity === "error") ? "fail" : "pass";
  // The invalid requests, once the valid one got an answer: each through the same cap on requests
  // in flight and the same client (its retries, its 429 handling), so the run is no harsher.
  const invalid: InvalidCheck[] = [];
  if (context.invalid && answer.status !== null) {
    const secured = specPolicy(operation.method, operation.path).security.length > 0;
    const sent = await Promise.all(
      invalidRequestsOf(context.document, operation, body).map(async (request) => {
        const target = broken(request, resolved.path, resolved.query, body);
        return { request, body: target.body, answer: await runner.call(operation, target.path, target.query, target.body) };
      }),
    );
    for (const { request, body: sentBody, answer: refused } of sent) {
      durationMs += refused.durationMs;
      invalid.push({ kind: request.kind, in: request.in, parameter: request.parameter, status: refused.status, outcome: outcomeOf(request, refused.status), durationMs: refused.durationMs });
      const curl = refused.url === undefined ? undefined : curlCommand({ method: operation.method, url: refused.url, body: sentBody, credential: "user", secured }, context.scheme);
      const finding = judgeInvalid(operation.key, request, refused.status, curl);
      if (finding) findings.push(finding);
    }
  }
  return {
    ...base,
    status: answer.status,
    contentType: mediaTypeOf(answer.contentType) ?? null,
    verdict,
    findings: dedupe(findings),
    ...(Object.keys(probes).length > 0 ? { probes } : {}),
    ...(invalid.length > 0 ? { invalid } : {}),
    durationMs,
  };
}

/** One call of a --write chain, with the user's credential: sent as it is (no sharing), checked as a call that must succeed. */
async function exchange(runner: Runner, operation: ContractOperation, path: Record<string, string>, body: unknown) {
  const { context } = runner;
  const answer = await runner.limit(() => sendCall(context.client, context.validator, operation, path, {}, body));
  const secured = specPolicy(operation.method, operation.path).security.length > 0;
  return {
    status: answer.status,
    body: answer.body,
    findings: dedupe(judge(context, operation, answer, body, "user", true)),
    ...(answer.url === undefined ? {} : { curl: curlCommand({ method: operation.method, url: answer.url, body, credential: "user", secured }, context.scheme) }),
  };
}

/** The health check (no credentials needed): whether the deployment answers at all, and what. */
async function reach(runner: Runner, operation: ContractOperation): Promise<Answer> {
  return runner.call(operation, {}, {}, undefined);
}

/**
 * The runner's shared state (each operation's inputs read once, each distinct call made once and
 * its answer shared by every asker, the cap on requests in flight) and its three steps.
 */
export function createRunner(context: RunContext) {
  const { document, client, validator, rules } = context;
  const limit = limiter(context.concurrency);
  const inputsCache = new Map<string, Inputs>();
  const answers = new Map<string, Promise<Answer>>();
  const runner: Runner = {
    context,
    document,
    limit,
    inputs(operation) {
      let known = inputsCache.get(operation.key);
      if (!known) inputsCache.set(operation.key, (known = inputsOf(document, operation, rules)));
      return known;
    },
    /** Calls an operation once per distinct input and credential; later askers share the answer. */
    call(operation, path, query, body, credential = "user") {
      // The body too: an invalid request may differ from the valid one in its body alone.
      const key = `${credential} ${operation.key} ${JSON.stringify(path)} ${JSON.stringify(query)} ${JSON.stringify(body)}`;
      let answer = answers.get(key);
      const by = credential === "user" ? client : context.probes[credential]!;
      if (!answer) answers.set(key, (answer = limit(() => sendCall(by, validator, operation, path, query, body))));
      return answer;
    },
  };
  return {
    verify: (operation: PlannedOperation) => verifyOperation(runner, operation),
    reach: (operation: ContractOperation) => reach(runner, operation),
    exchange: (operation: ContractOperation, path: Record<string, string>, body: unknown) => exchange(runner, operation, path, body),
  };
}
