// mockService: the service, played at the fetch level from the contract. Each request is routed to
// its operation, checked as the service checks it (credential, parameters, body), recorded, and
// answered by the test's handler or by the contract's example; each answer is checked against the
// contract before the client sees it. Web-platform APIs only, so it runs wherever the client does.
import { isCredentialField, isCredentialHeader, redactBody, REDACTED, scrub } from "../client/redact.js";
import { contract, contractOperations, type ContractOperation } from "../validation/contract.js";
import { formatProblem, type ResponseProblem } from "../validation/problems.js";
import { createResponseValidator } from "../validation/response-validator.js";
import { createSchemaValidator } from "../validation/schema-validator.js";
import { createAnswers, type AnswerInit } from "./answers.js";
import { baseAddressOf, notFoundDetail, pathBelow, registerMock, rootOf, type BaseAddress } from "./base-address.js";
import { ContractViolationError, UnhandledOperationError } from "./errors.js";
import { namedExample } from "./examples.js";
import { createRequestChecker, type ReadRequest } from "./request-check.js";
import { createRouter } from "./routes.js";
import type { Handlers, OperationKey, SchemaName, SchemaOf } from "./types.js";

export interface MockServiceOptions {
  /**
   * What an operation with no handler answers: "example" (default), the contract's example of
   * its success answer; "error", nothing: the call rejects with an UnhandledOperationError.
   */
  readonly unhandled?: "example" | "error" | undefined;
  /**
   * The base address the code under test calls, when it has a path of its own:
   * "https://api.acme.example/v1". The contract's paths are then served below it, on its origin
   * alone. Without it, they are served at the root of any origin (`/current_user`, never
   * `/v1/current_user`); anything else gets a 404 that says where they are.
   */
  readonly baseUrl?: string | undefined;
}

/** One request the mock received, for assertions. Credentials are replaced by "[REDACTED]". */
export interface RecordedCall {
  /** "GET /projects/{project_id}". */
  readonly operation: OperationKey;
  readonly params: { readonly path: Record<string, unknown>; readonly query: Record<string, unknown> };
  /** Parsed JSON, or a form's fields; undefined without a body. */
  readonly body: unknown;
  /** Header names lower-case; credential headers (Service-API-Key, Authorization, Cookie) redacted. */
  readonly headers: Record<string, string>;
}

/** A request the service would have refused, or a handler's answer it could never send. */
export interface ContractViolation {
  /** "request": the mock answered `status` (401, 404, 405 or 422); "answer": the call rejected with a ContractViolationError. A 404's problem says where the contract's paths are served. */
  readonly kind: "request" | "answer";
  /** "GET /projects/{project_id}"; for a path the contract does not have, the method and the path as sent. */
  readonly operation: string;
  readonly status: number;
  readonly problems: readonly ResponseProblem[];
  /** The same, as one line. */
  readonly message: string;
}

export interface MockService {
  /** Give it to the client: `createServiceClient({ …, fetch: service.fetch })`. */
  readonly fetch: (input: Request | string | URL, init?: RequestInit) => Promise<Response>;
  /** Adds handlers, or replaces those of the same operations, until `reset()`. */
  use(handlers: Handlers): void;
  /** Back to the handlers the mock was created with; forgets recorded calls and violations. */
  reset(): void;
  /** The requests received, in order; only those of `operation` when given. */
  calls(operation?: OperationKey): RecordedCall[];
  /** Requests the contract refuses and answers it does not allow, in order. */
  readonly violations: readonly ContractViolation[];
  /** A deep copy of the example the contract gives for a schema, typed as that schema. */
  example<Name extends SchemaName>(name: Name): SchemaOf<Name>;
}

// One of each for every mock of the program: the schemas they prepared are worth keeping.
let shared: { route: ReturnType<typeof createRouter>; read: ReturnType<typeof createRequestChecker>; answers: ReturnType<typeof createAnswers> } | undefined;
function tools() {
  if (shared) return shared;
  const schemas = createSchemaValidator(contract);
  const validator = createResponseValidator(contract, schemas);
  shared = { route: createRouter(contractOperations(contract)), read: createRequestChecker(contract, schemas), answers: createAnswers(contract, validator) };
  return shared;
}

/**
 * The values a request's credential headers carry, and their parts (a Basic pair decoded and its
 * password, a bearer token). Not the Basic user name: it names a person, is no secret (the client
 * does not treat it as one either), and is often the email a test also sends as data.
 */
function secretsOf(headers: Headers): string[] {
  const secrets: string[] = [];
  headers.forEach((value, name) => {
    if (!isCredentialHeader(name)) return;
    secrets.push(value);
    const [scheme, rest] = value.split(/\s+/, 2);
    if (!rest) return;
    secrets.push(rest);
    if (scheme!.toLowerCase() !== "basic") return;
    try {
      const pair = new TextDecoder().decode(Uint8Array.from(atob(rest), (char) => char.charCodeAt(0)));
      secrets.push(pair, pair.slice(pair.indexOf(":") + 1));
    } catch {
      // Not Base64: the header itself is already listed.
    }
  });
  // Longest first, so that a whole value is replaced before a part of it could be.
  return secrets.filter((secret) => secret.length > 0).sort((a, b) => b.length - a.length);
}

/**
 * A copy of a JSON value with every credential field redacted, and every secret scrubbed by the
 * client's rule (src/client/redact.ts): a short one only where it is a whole value, so that the
 * test's own data is recorded exactly as it was sent.
 */
function recordedJson(value: unknown, secrets: readonly string[]): unknown {
  if (value === undefined) return undefined;
  return JSON.parse(JSON.stringify(redactBody(value, secrets)), (key, item: unknown) => (isCredentialField(key) && item !== null && item !== "" ? REDACTED : item));
}

/** What a call records of a body: form fields keep their files; everything else as JSON. */
function recordedBody(body: unknown, secrets: readonly string[]): unknown {
  if (body === null || typeof body !== "object" || Array.isArray(body) || !Object.values(body).some((field) => field instanceof Blob || (Array.isArray(field) && field.some((item) => item instanceof Blob)))) {
    return recordedJson(body, secrets);
  }
  const out: Record<string, unknown> = {};
  for (const [name, field] of Object.entries(body)) {
    const one = (item: unknown) => (item instanceof Blob ? item : recordedJson(item, secrets));
    out[name] = isCredentialField(name) ? REDACTED : Array.isArray(field) ? field.map(one) : one(field);
  }
  return out;
}

function recordedHeaders(headers: Headers, secrets: readonly string[]): Record<string, string> {
  const out: Record<string, string> = {};
  headers.forEach((value, name) => {
    out[name] = isCredentialHeader(name) ? REDACTED : scrub(value, secrets);
  });
  return out;
}

/** The request as sent, whatever form fetch was called with; its body read into bytes once. */
async function received(input: Request | string | URL, init: RequestInit | undefined) {
  const source = input instanceof Request ? input : undefined;
  const url = new URL(source ? source.url : String(input));
  const method = (init?.method ?? source?.method ?? "GET").toUpperCase();
  // A Headers is copied entry by entry: while MSW listens in Node, `new Headers(headers)` is
  // rebuilt from MSW's own record of the original, which misses the names given before a
  // Request's constructor added a body's content type (a credential among them).
  const given = init?.headers ?? source?.headers;
  const headers = new Headers(given instanceof Headers ? [...given] : given);
  let bytes: ArrayBuffer | undefined;
  const body = init?.body;
  if (body instanceof ArrayBuffer || ArrayBuffer.isView(body)) {
    // Bytes, as the client sends every body: copied, so that a later change to the caller's
    // buffer cannot change what was received. Bytes carry no content type of their own.
    bytes = body instanceof ArrayBuffer ? body.slice(0) : new Uint8Array(body.buffer, body.byteOffset, body.byteLength).slice().buffer;
  } else if (body !== undefined && body !== null) {
    // Through a Request, so that a FormData or URLSearchParams body gets its content type as fetch would give it.
    const carrier = new Request(url, { method: "POST", headers, body });
    const type = carrier.headers.get("content-type");
    if (type !== null && !headers.has("content-type")) headers.set("content-type", type);
    bytes = await carrier.arrayBuffer();
  } else if (source && source.body !== null) {
    bytes = await source.arrayBuffer();
  }
  return { url, method, headers, bytes };
}

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });

/**
 * A mock of the service for tests of your own code: pass `fetch` to createServiceClient.
 * Handlers are keyed "METHOD /path" as the contract writes them.
 */
export function mockService(handlers: Handlers = {}, options: MockServiceOptions = {}): MockService {
  const unhandled = options.unhandled ?? "example";
  if (unhandled !== "example" && unhandled !== "error") throw new TypeError('mockService: unhandled must be "example" or "error"');
  const declared = options.baseUrl === undefined ? undefined : baseAddressOf(options.baseUrl, "mockService");
  const initial = { ...handlers };
  let active: Record<string, unknown> = { ...initial };
  let recorded: RecordedCall[] = [];
  let violations: ContractViolation[] = [];

  function violated(kind: ContractViolation["kind"], operation: string, status: number, problems: readonly ResponseProblem[]): void {
    const message = `${operation}: ${kind === "request" ? `the service would answer HTTP ${status} to this request` : `the handler's HTTP ${status} breaks the contract`}: ${problems.map(formatProblem).join("; ")}`;
    violations.push({ kind, operation, status, problems, message });
  }

  async function answer(operation: ContractOperation, read: ReadRequest, sent: Awaited<ReturnType<typeof received>>): Promise<Response> {
    const { answers } = tools();
    const handler = active[operation.key] as ((input: unknown) => AnswerInit | Response | Promise<AnswerInit | Response>) | undefined;
    if (typeof handler !== "function") {
      if (unhandled === "error") throw new UnhandledOperationError(operation.key);
      const status = answers.successStatus(operation);
      if (status === undefined) throw new UnhandledOperationError(operation.key, "the contract declares no success answer to give instead");
      return answers.toResponse(operation, { status });
    }
    // Built when the handler first reads it: most handlers never do.
    let request: Request | undefined;
    const given = await handler({
      params: read.params,
      body: read.body,
      headers: sent.headers,
      get request() {
        return (request ??= new Request(sent.url, { method: sent.method, headers: sent.headers, body: sent.bytes && sent.bytes.byteLength > 0 ? sent.bytes : null }));
      },
    });
    if (given instanceof Response) return answers.checked(operation, given);
    if (given === null || typeof given !== "object") throw new TypeError(`the handler of ${operation.key} returned ${given === null ? "null" : typeof given}; return { status, body?, headers? } or a Response`);
    return answers.toResponse(operation, given);
  }

  /** The mock's fetch, serving the contract's paths below `base`. */
  const fetchBelow = (base: BaseAddress) => async (input: Request | string | URL, init?: RequestInit): Promise<Response> => {
    const sent = await received(input, init);
    const { route, read } = tools();
    const below = pathBelow(base, sent.url);
    const found = below === undefined ? ({ operation: undefined, status: 404 } as const) : route(sent.method, below);
    if (!found.operation) {
      const where = `${sent.method} ${sent.url.pathname}`;
      if (found.status === 405) {
        violated("request", where, 405, [{ path: "$", message: `the contract has no ${sent.method} operation at this path` }]);
        return json(405, { detail: "Method Not Allowed" });
      }
      const detail = notFoundDetail(base, sent.url, (path) => {
        const match = route(sent.method, path);
        return match.operation !== undefined || match.status === 405;
      });
      violated("request", where, 404, [{ path: "$", message: detail }]);
      return json(404, { detail });
    }
    const { operation } = found;
    const request = await read(operation, found.path, sent);
    const secrets = secretsOf(sent.headers);
    recorded.push({
      operation: operation.key as OperationKey,
      params: recordedJson(request.params, secrets) as RecordedCall["params"],
      body: recordedBody(request.body, secrets),
      headers: recordedHeaders(sent.headers, secrets),
    });
    if (request.refusal) {
      const { status, problems, detail } = request.refusal;
      violated("request", operation.key, status, problems);
      if (status === 422) return json(422, { detail });
      return tools().answers.toResponse(operation, { status: 401 });
    }
    try {
      return await answer(operation, request, sent);
    } catch (error) {
      if (error instanceof ContractViolationError) violated("answer", operation.key, error.status, error.problems);
      throw error;
    }
  };

  const fetch = fetchBelow(declared ?? rootOf("mockService"));
  registerMock(fetch, { declared, under: fetchBelow });
  return {
    fetch,
    use(more) {
      active = { ...active, ...more };
    },
    reset() {
      active = { ...initial };
      recorded = [];
      violations = [];
    },
    calls(operation) {
      return recorded.filter((call) => operation === undefined || call.operation === operation);
    },
    get violations() {
      return violations;
    },
    example(name) {
      return namedExample(contract, name) as SchemaOf<typeof name>;
    },
  };
}
