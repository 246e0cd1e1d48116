// Runs the plan against a deployment with the client: finds each operation's inputs by walking
// listings (inputs.ts), calls it, checks the answer (checks.ts), and, for an operation that takes
// a credential, calls it again without one and with a wrong one (the auth probes). Requests in
// flight are capped; the client's retries and Retry-After handling apply to every one of them.
import type { ServiceClient } from "../types.js";
import { ServiceConnectionError, ServiceTimeoutError } from "../errors.js";
import { specPolicy } from "../policies.js";
import type { ContractOperation, OpenApiDocument } from "../validation/contract.js";
import type { HeaderChecker } from "../validation/header-check.js";
import { mediaTypeOf, parseJsonBody, type CheckResult, type ResponseValidator } from "../validation/response-validator.js";
import { dedupe, findingsOf } from "./checks.js";
import { curlCommand, type CallCredential, type UserScheme } from "./curl.js";
import type { Finding } from "./findings.js";
import { inputsOf, itemsOf, type DiscoveryRules, type Inputs, type ListingSource } from "./inputs.js";
import type { PlannedOperation } from "./plan.js";

export type Verdict = "pass" | "fail" | "skip";

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
  /** Its own calls' time in ms: the call and its auth probes, each from its send to its answer, without the wait for a free slot or the listings read for its inputs; 0 when skipped. */
  readonly durationMs: number;
}

/** One answer, as verify keeps it. */
export interface Answer {
  readonly status: number | null;
  readonly contentType: string | null;
  readonly body: unknown;
  readonly check: CheckResult | undefined;
  readonly headers: Headers | undefined;
  /** The URL as sent, query included; undefined when no answer came. */
  readonly url: string | undefined;
  /** No answer at all: the transport failed. */
  readonly failure?: { readonly message: string; readonly connection: boolean };
  readonly durationMs: number;
}

type Value = string | number | boolean;
type Bindings = Readonly<Record<string, Value>>;
/** Arrays that must hold several distinct values, by parameter name (see `Parameter.minItems`). */
type Lists = Readonly<Record<string, readonly Value[]>>;
type Resolved = { readonly path: Record<string, Value>; readonly query: Record<string, unknown>; readonly bindings: Bindings } | { readonly missing: string };

/** How many of a listing's items are tried before an input counts as missing. */
const CANDIDATES = 3;
/** How deep listings may depend on listings (projects → runs → rows → …). */
const MAX_DEPTH = 6;

/**
 * The innermost cause's words ("bad port", say), which tell what to fix, appended to the
 * client's message. Not when that message already names the cause's system code: the client puts
 * the code there ("… (ECONNREFUSED)"), and the cause's words ("connect ECONNREFUSED 127.0.0.1:4010")
 * would only say it again, with the address the caller already gave.
 */
function rootCause(error: Error): string {
  let cause: unknown = error.cause;
  while (cause instanceof Error && cause.cause instanceof Error) cause = cause.cause;
  if (!(cause instanceof Error) || !cause.message) return "";
  const code = (cause as { code?: unknown }).code;
  // Word by word, so a short code is not found inside a longer one.
  if (typeof code === "string" && error.message.split(/\W+/).includes(code)) return "";
  return ` (${cause.message})`;
}

/** A counting semaphore: at most `size` functions running at once. */
export function limiter(size: number): <T>(task: () => Promise<T>) => Promise<T> {
  let running = 0;
  const waiting: (() => void)[] = [];
  return async (task) => {
    if (running >= size) await new Promise<void>((resolve) => waiting.push(resolve));
    running++;
    try {
      return await task();
    } finally {
      running--;
      waiting.shift()?.();
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
  /** How curl commands carry the user's credential. */
  readonly scheme: UserScheme;
}

export function createRunner(context: RunContext) {
  const { document, client, validator, rules } = context;
  const limit = limiter(context.concurrency);
  const inputsCache = new Map<string, Inputs>();
  const answers = new Map<string, Promise<Answer>>();

  const inputs = (operation: ContractOperation) => {
    let known = inputsCache.get(operation.key);
    if (!known) inputsCache.set(operation.key, (known = inputsOf(document, operation, rules)));
    return known;
  };

  /** Calls an operation once per distinct input and credential; later askers share the answer. */
  function call(operation: ContractOperation, path: Record<string, Value>, query: Record<string, unknown>, body: unknown, credential: CallCredential = "user"): Promise<Answer> {
    const key = `${credential} ${operation.key} ${JSON.stringify(path)} ${JSON.stringify(query)}`;
    let answer = answers.get(key);
    const by = credential === "user" ? client : context.probes[credential]!;
    if (!answer) answers.set(key, (answer = limit(() => send(by, operation, path, query, body))));
    return answer;
  }

  async function send(by: ServiceClient, operation: ContractOperation, path: Record<string, Value>, query: Record<string, unknown>, body: unknown): Promise<Answer> {
    const started = performance.now();
    try {
      const init = { params: { path, query }, parseAs: "text", ...(body === undefined ? {} : { body }) };
      const result = (await by.request(operation.method as never, operation.path as never, init as never)) as { data?: unknown; error?: unknown; response: Response };
      const { response } = result;
      const contentType = response.headers.get("content-type");
      let parsed: unknown;
      if (validator.readsBody(contentType)) {
        const raw = response.ok ? result.data : result.error;
        parsed = typeof raw === "string" ? parseJsonBody(raw) : raw;
      }
      const check = validator.check({ operation: operation.key, status: response.status, contentType, body: parsed });
      return { status: response.status, contentType, body: parsed, check, headers: response.headers, url: response.url, durationMs: performance.now() - started };
    } catch (error) {
      const connection = error instanceof ServiceConnectionError || error instanceof ServiceTimeoutError;
      // The client's errors carry no credential; anything else is reduced to its class.
      const message = error instanceof Error && error.name.startsWith("Service") ? `${error.message}${rootCause(error)}` : `the call failed (${error instanceof Error ? error.name : typeof error})`;
      return { status: null, contentType: null, body: undefined, check: undefined, headers: undefined, url: undefined, failure: { message, connection }, durationMs: performance.now() - started };
    }
  }

  /** The findings of one answer to `operation`. */
  function judge(operation: ContractOperation, answer: Answer, body: unknown, credential: CallCredential, expectsSuccess: boolean): Finding[] {
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

  /** Values for `source`'s field from its listing, within `bindings`; or why there are none. */
  async function valuesFrom(source: ListingSource, bindings: Bindings, stack: readonly string[]): Promise<Value[] | string> {
    const resolved = await resolve(source.listing, bindings, stack);
    if ("missing" in resolved) return `${source.listing.key} cannot be called (${resolved.missing})`;
    const answer = await call(source.listing, resolved.path, resolved.query, inputs(source.listing).body);
    if (answer.failure) return `${source.listing.key} got no answer`;
    if (answer.status === null || answer.status < 200 || answer.status > 299) return `${source.listing.key} answered HTTP ${answer.status}`;
    const values: Value[] = [];
    for (const item of itemsOf(document, source.listing, answer.body)) {
      const value = item !== null && typeof item === "object" ? (item as Record<string, unknown>)[source.field] : undefined;
      if ((typeof value === "string" && value !== "") || typeof value === "number" || typeof value === "boolean") {
        if (!values.includes(value)) values.push(value);
      }
      if (values.length >= CANDIDATES) break;
    }
    return values.length > 0 ? values : `${source.listing.key} listed no ${source.field === "id" ? "items" : `items with ${source.field}`}`;
  }

  /** The inputs of `operation`, each found in turn; a later input may need another value of an earlier one. */
  async function resolve(operation: ContractOperation, preset: Bindings, stack: readonly string[]): Promise<Resolved> {
    const { parameters, query, missing } = inputs(operation);
    if (missing) return { missing };
    if (stack.length > MAX_DEPTH) return { missing: "its inputs depend on too many listings" };
    const inner = [...stack, operation.key];
    const step = async (index: number, bindings: Bindings, lists: Lists = {}): Promise<Resolved> => {
      if (index === parameters.length) {
        const path: Record<string, Value> = {};
        const foundQuery: Record<string, unknown> = { ...query };
        for (const parameter of parameters) {
          const value = bindings[parameter.valuesOf ?? parameter.name]!;
          if (parameter.in === "path") path[parameter.name] = value;
          else foundQuery[parameter.name] = parameter.array ? (lists[parameter.name] ?? [value]) : value;
        }
        return { path, query: foundQuery, bindings };
      }
      const parameter = parameters[index]!;
      const name = parameter.valuesOf ?? parameter.name;
      let candidates: Value[] = [];
      let why = "";
      if (bindings[name] !== undefined) candidates = [bindings[name]!];
      else {
        for (const source of parameter.listings) {
          if (inner.includes(source.listing.key)) continue; // a listing that needs this very value
          const values = await valuesFrom(source, bindings, inner);
          if (typeof values !== "string") {
            candidates = values;
            break;
          }
          why ||= values;
        }
        if (candidates.length === 0 && parameter.fixed !== undefined) candidates = [parameter.fixed];
      }
      if (candidates.length === 0) return { missing: `no value for ${parameter.name}${why ? `: ${why}` : ""}` };
      if (parameter.minItems !== undefined) {
        if (candidates.length < parameter.minItems) {
          return { missing: `${parameter.name} takes at least ${parameter.minItems} distinct values; found ${candidates.length}${why ? ` (${why})` : ""}` };
        }
        return step(index + 1, { ...bindings, [name]: candidates[0]! }, { ...lists, [parameter.name]: candidates.slice(0, parameter.minItems) });
      }
      let last: Resolved = { missing: `no value for ${parameter.name}` };
      for (const candidate of candidates) {
        last = await step(index + 1, { ...bindings, [name]: candidate }, lists);
        if (!("missing" in last)) return last;
      }
      return last;
    };
    return step(0, preset);
  }

  /** Verifies one operation: its inputs, its call, its answer, and whether it refuses a caller without a valid credential. */
  async function verify(operation: PlannedOperation): Promise<OperationResult> {
    const base = { operation: operation.key, operationId: operation.operationId, tag: operation.tag, contentType: null };
    if (operation.sideEffect) return { ...base, status: null, verdict: "skip", findings: [], reason: `not called: ${operation.sideEffect}`, durationMs: 0 };
    const resolved = await resolve(operation, {}, []);
    if ("missing" in resolved) return { ...base, status: null, verdict: "skip", findings: [], reason: resolved.missing, durationMs: 0 };
    const { body } = inputs(operation);
    const answer = await call(operation, resolved.path, resolved.query, body);
    const findings = judge(operation, answer, body, "user", true);
    let durationMs = answer.durationMs;
    // The same call without a credential and with a wrong one, where the contract requires one.
    const probes: Partial<Record<Exclude<CallCredential, "user">, number | null>> = {};
    if (answer.status !== null && specPolicy(operation.method, operation.path).security.length > 0) {
      for (const credential of ["none", "wrong"] as const) {
        if (!context.probes[credential]) continue;
        const refused = await call(operation, resolved.path, resolved.query, body, credential);
        probes[credential] = refused.status;
        durationMs += refused.durationMs;
        findings.push(...judge(operation, refused, body, credential, false));
      }
    }
    const unique = dedupe(findings);
    return {
      ...base,
      status: answer.status,
      contentType: mediaTypeOf(answer.contentType) ?? null,
      verdict: unique.some((finding) => finding.severity === "error") ? "fail" : "pass",
      findings: unique,
      ...(Object.keys(probes).length > 0 ? { probes } : {}),
      durationMs,
    };
  }

  /** One call of a --write chain, with the user's credential: sent as it is (no sharing), checked as a call that must succeed. */
  async function exchange(operation: ContractOperation, path: Record<string, string>, body: unknown) {
    const answer = await limit(() => send(client, operation, path, {}, body));
    return { status: answer.status, body: answer.body, findings: dedupe(judge(operation, answer, body, "user", true)) };
  }

  /** The health check (no credentials needed): whether the deployment answers at all. */
  async function reach(operation: ContractOperation): Promise<{ connection: boolean; message: string } | undefined> {
    const answer = await call(operation, {}, {}, undefined);
    return answer.failure;
  }

  return { verify, reach, exchange };
}
