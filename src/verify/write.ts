// `verify --write`: create → read → update → delete chains, found in the contract's own OpenAPI
// `links` (a create's answer gives the id its read, update and delete take). Only a chain with a
// delete is run, so that what it creates can be removed; the delete is sent even when a step
// before it failed. Everything created carries a name that says where it came from
// (`service-api-verify-<timestamp>-…`), so a left-over is found at a glance.
import { resolvePointer, resolveRef } from "../contract/openapi-document.js";
import type { ContractOperation, JsonObject, OpenApiDocument } from "../validation/contract.js";
import type { Finding, InvalidKind } from "./findings.js";
import { broken, invalidRequestsOf, judgeInvalid, outcomeOf, type InvalidOutcome } from "./invalid-requests.js";

/** The prefix of every name a --write run gives what it creates. */
export const CREATED_PREFIX = "service-api-verify-";

type Role = "read" | "update" | "delete";

interface Step {
  readonly role: Role;
  readonly operation: ContractOperation;
  /** Parameter name → runtime expression (`$response.body#/id`, `$request.path.project_id`). */
  readonly parameters: Readonly<Record<string, string>>;
}

export interface WriteChain {
  readonly create: ContractOperation;
  readonly steps: readonly Step[];
}

const ROLE: Readonly<Record<string, Role>> = { GET: "read", PUT: "update", PATCH: "update", DELETE: "delete" };
const ORDER: readonly Role[] = ["read", "update", "delete"];

/**
 * The chains the contract's links describe: a POST whose 2xx answer links to operations of its
 * created thing. A chain needs a delete among them, and a create that takes a `name` (to mark
 * what it creates) and no path parameter (nothing to find first).
 */
export function writeChains(document: OpenApiDocument, operations: readonly ContractOperation[]): WriteChain[] {
  const byId = new Map(operations.map((operation) => [operation.operationId, operation]));
  const chains: WriteChain[] = [];
  for (const create of operations) {
    if (create.method !== "POST" || create.path.includes("{")) continue;
    const steps: Step[] = [];
    for (const [status, entry] of Object.entries(create.operation.responses ?? {})) {
      if (!/^2/.test(status)) continue;
      const links = (resolveRef<{ links?: Record<string, JsonObject> }>(document, entry).links ?? {}) as Record<string, JsonObject>;
      for (const link of Object.values(links).map((node) => resolveRef<JsonObject>(document, node))) {
        const target = typeof link.operationId === "string" ? byId.get(link.operationId) : undefined;
        const role = target ? ROLE[target.method] : undefined;
        if (target && role) steps.push({ role, operation: target, parameters: (link.parameters ?? {}) as Record<string, string> });
      }
    }
    if (!steps.some((step) => step.role === "delete") || bodyOf(document, create, "") === undefined) continue;
    steps.sort((a, b) => ORDER.indexOf(a.role) - ORDER.indexOf(b.role));
    chains.push({ create, steps });
  }
  return chains;
}

/** The operation's request body example with its `name` set to `name`; undefined when it takes no name. */
export function bodyOf(document: OpenApiDocument, operation: ContractOperation, name: string): JsonObject | undefined {
  const media = resolveRef<{ content?: Record<string, { example?: unknown; schema?: unknown }> } | undefined>(document, operation.operation.requestBody)?.content?.["application/json"];
  const schema = resolveRef<JsonObject | undefined>(document, media?.schema);
  if (!schema || !("name" in ((schema.properties as JsonObject | undefined) ?? {}))) return undefined;
  const example = media?.example !== null && typeof media?.example === "object" ? (media.example as JsonObject) : {};
  return { ...example, name };
}

/** The value of a link's runtime expression, or undefined when it names nothing there. */
export function evaluate(expression: string, created: { body: unknown; path: Record<string, unknown> }): unknown {
  if (expression.startsWith("$response.body#")) return resolvePointer(created.body, expression.slice("$response.body".length));
  if (expression.startsWith("$request.path.")) return created.path[expression.slice("$request.path.".length)];
  return undefined;
}

/** What one call of a chain gave. */
export interface StepOutcome {
  readonly status: number | null;
  readonly body: unknown;
  readonly findings: readonly Finding[];
  /** The call as a curl command; absent when no answer came. */
  readonly curl?: string;
}

/** Sends one call of a chain (never cached, never repeated by verify) and checks its answer. */
export type Exchange = (operation: ContractOperation, path: Record<string, string>, body: unknown) => Promise<StepOutcome>;

export interface CreatedThing {
  /** The create: `POST /projects`. */
  readonly operation: string;
  readonly name: string;
  /** The id the answer gave; null when the create failed. */
  readonly id: string | null;
  /** Whether the delete answered 2xx. */
  readonly deleted: boolean;
}

export interface ChainResult {
  readonly create: string;
  /** Each call made, in order, with its status. */
  readonly steps: readonly { readonly operation: string; readonly status: number | null; readonly verdict: "pass" | "fail" }[];
}

/** One invalid body sent to a create, the status it got and what that counts as. */
export interface InvalidWrite {
  readonly operation: string;
  readonly kind: InvalidKind;
  readonly in: "body";
  readonly parameter: string;
  readonly status: number | null;
  readonly outcome: InvalidOutcome;
}

export interface WriteReport {
  readonly prefix: string;
  readonly chains: readonly ChainResult[];
  readonly created: readonly CreatedThing[];
  /** The invalid bodies sent to the chains' creates; absent with --no-negative. */
  readonly invalid?: readonly InvalidWrite[];
}

/** The path a link step takes, its parameters read from what the create gave; undefined when one names nothing there. */
function linkPath(step: Step, created: { body: unknown; path: Record<string, unknown> }): Record<string, string> | undefined {
  const path: Record<string, string> = {};
  for (const [parameter, expression] of Object.entries(step.parameters)) {
    const value = evaluate(expression, created);
    if (typeof value !== "string" && typeof value !== "number") return undefined;
    path[parameter] = String(value);
  }
  return path;
}

/** The finding for a create whose answer gives no id its delete can take. */
function undeletable(chain: WriteChain, deleteStep: Step, name: string): Finding {
  return { operation: chain.create.key, kind: "schema", severity: "error", message: `the answer holds no ${Object.values(deleteStep.parameters).join(", ")} for ${deleteStep.operation.operationId}: what it created cannot be deleted by verify; look for ${name}` };
}

/** Runs the chains one after another; returns the report and every finding. */
export async function runChains(document: OpenApiDocument, chains: readonly WriteChain[], exchange: Exchange, stamp: string): Promise<{ report: WriteReport; findings: Finding[] }> {
  const findings: Finding[] = [];
  const results: ChainResult[] = [];
  const created: CreatedThing[] = [];
  for (const chain of chains) {
    const name = `${CREATED_PREFIX}${stamp}-${chain.create.operationId}`;
    const steps: { operation: string; status: number | null; verdict: "pass" | "fail" }[] = [];
    const record = (operation: ContractOperation, outcome: StepOutcome) => {
      findings.push(...outcome.findings);
      steps.push({ operation: operation.key, status: outcome.status, verdict: outcome.findings.some((finding) => finding.severity === "error") ? "fail" : "pass" });
    };
    const made = await exchange(chain.create, {}, bodyOf(document, chain.create, name));
    record(chain.create, made);
    const context = { body: made.body, path: {} };
    const pathFor = (step: Step) => linkPath(step, context);
    const succeeded = made.status !== null && made.status >= 200 && made.status < 300;
    const deleteStep = chain.steps.find((step) => step.role === "delete")!;
    const idPath = succeeded ? pathFor(deleteStep) : undefined;
    if (!idPath) {
      results.push({ create: chain.create.key, steps });
      if (succeeded) findings.push(undeletable(chain, deleteStep, name));
      created.push({ operation: chain.create.key, name, id: null, deleted: false });
      continue;
    }
    let deleted = false;
    try {
      for (const step of chain.steps.filter((step) => step.role !== "delete")) {
        const path = pathFor(step);
        if (!path) continue;
        record(step.operation, await exchange(step.operation, path, step.role === "update" ? bodyOf(document, step.operation, `${name}-updated`) ?? exampleBody(document, step.operation) : undefined));
      }
    } finally {
      // Deleted even when a step before failed or threw.
      const gone = await exchange(deleteStep.operation, idPath, undefined);
      record(deleteStep.operation, gone);
      deleted = gone.status !== null && gone.status >= 200 && gone.status < 300;
      created.push({ operation: chain.create.key, name, id: Object.values(idPath).join("/"), deleted });
      results.push({ create: chain.create.key, steps });
    }
  }
  return { report: { prefix: CREATED_PREFIX, chains: results, created }, findings };
}

/**
 * The invalid bodies of each chain's create, sent one after another (under --write only). Only
 * bodies that break the create's schema are sent: the service answers those with its
 * request-validation 422 (HTTPValidationError), which a FastAPI application makes while reading
 * the request, before the handler that creates anything runs; so a deployment that keeps its
 * contract creates nothing. Input whose refusal depends on what exists (a name taken, a parent
 * missing) is only checked inside the handler, where a wrong answer may leave something made, and
 * is not sent. A create that accepts one is an `accepts-invalid` finding, and what it made is
 * deleted through the chain's delete link, as a chain's own create is; anything it cannot delete
 * is listed in `created` as not deleted, with a finding.
 */
export async function runInvalidWrites(document: OpenApiDocument, chains: readonly WriteChain[], exchange: Exchange, stamp: string): Promise<{ invalid: InvalidWrite[]; created: CreatedThing[]; findings: Finding[] }> {
  const invalid: InvalidWrite[] = [];
  const created: CreatedThing[] = [];
  const findings: Finding[] = [];
  for (const chain of chains) {
    const name = `${CREATED_PREFIX}${stamp}-${chain.create.operationId}-invalid`;
    const valid = bodyOf(document, chain.create, name);
    const deleteStep = chain.steps.find((step) => step.role === "delete")!;
    for (const request of invalidRequestsOf(document, chain.create, valid).filter((each) => each.in === "body")) {
      const answer = await exchange(chain.create, {}, broken(request, {}, {}, valid).body);
      const outcome = outcomeOf(request, answer.status);
      invalid.push({ operation: chain.create.key, kind: request.kind, in: "body", parameter: request.parameter, status: answer.status, outcome });
      const finding = judgeInvalid(chain.create.key, request, answer.status, answer.curl);
      if (finding) findings.push(finding);
      if (outcome !== "accepted") continue;
      const idPath = linkPath(deleteStep, { body: answer.body, path: {} });
      if (!idPath) {
        findings.push(undeletable(chain, deleteStep, name));
        created.push({ operation: chain.create.key, name, id: null, deleted: false });
        continue;
      }
      const gone = await exchange(deleteStep.operation, idPath, undefined);
      findings.push(...gone.findings);
      created.push({ operation: chain.create.key, name, id: Object.values(idPath).join("/"), deleted: gone.status !== null && gone.status >= 200 && gone.status < 300 });
    }
  }
  return { invalid, created, findings };
}

function exampleBody(document: OpenApiDocument, operation: ContractOperation): unknown {
  return resolveRef<{ content?: Record<string, { example?: unknown }> } | undefined>(document, operation.operation.requestBody)?.content?.["application/json"]?.example;
}
