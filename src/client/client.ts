// createServiceClient: openapi-fetch, with each call prepared here and sent through our transport.
// A call's plan (its operation, policy, timeout and retries) travels to the transport as an
// argument, in the per-call `fetch` that openapi-fetch accepts; nothing is kept beside it.
import createClient, { mergeHeaders } from "openapi-fetch";
import type { paths } from "../../generated/schema.js";
import { checkHeaders, checkRetries, checkTimeout, resolveConfig, type ServiceClientOptions } from "./config.js";
import { decodeText, requestIdOf, serializePath, serializeQuery } from "./encoding.js";
import { encodeBody } from "./request-body.js";
import { CALL_INFO, refuse, ServiceResponseError, unwrap, type CallInfo } from "./errors.js";
import { specPolicy } from "./policies.js";
import { redactBody } from "./redact.js";
import { TokenCache, type TokenAnswer } from "./token-cache.js";
import { createTransport, type CallPlan } from "./transport.js";
import type { ServiceClient } from "./types.js";

interface CallInit {
  readonly params?: { readonly path?: Record<string, unknown>; readonly query?: Record<string, unknown> };
  readonly body?: unknown;
  readonly headers?: HeadersInit;
  readonly parseAs?: string;
  readonly fetch?: unknown;
  readonly timeoutMs?: number;
  readonly maxRetries?: number;
  readonly bodySerializer?: (body: unknown) => unknown;
  readonly [option: string]: unknown;
}

type Answer = { data?: unknown; error?: unknown; response: Response };

export function createServiceClient<Paths extends {} = paths>(options?: ServiceClientOptions): ServiceClient<Paths> {
  const config = resolveConfig(options);
  const { credentials, logger } = config;

  // JWT mode: the token request is the client's own business. It goes straight to the transport
  // (with the key or Basic, its timeout and retries), never through the caller's middleware, which
  // would otherwise see the key going out and the JWT coming back.
  const tokens = credentials.exchangeForJwt ? new TokenCache(fetchToken, logger) : undefined;
  const secrets = tokens ? () => [...credentials.secrets, ...tokens.recentTokens()] : () => credentials.secrets;
  const transport = createTransport({ fetch: config.fetch, origin: config.origin, credentials, tokens, logger, secrets });
  const inner = createClient<Paths>({ baseUrl: config.baseUrl, headers: config.headers });

  function plan(method: string, path: string, init: CallInit): CallPlan {
    const operation = `${method} ${path}`;
    return {
      operation,
      policy: specPolicy(method, path),
      timeoutMs: init.timeoutMs === undefined ? config.timeoutMs : checkTimeout(init.timeoutMs, `${operation}: timeoutMs`),
      maxRetries: init.maxRetries === undefined ? config.maxRetries : checkRetries(init.maxRetries, `${operation}: maxRetries`),
      stream: init.parseAs === "stream",
      attempts: 0,
    };
  }

  async function fetchToken(): Promise<TokenAnswer> {
    const tokenPlan = plan("GET", "/v1/token", {});
    const response = await transport(tokenRequest(`${config.baseUrl}/v1/token`, config.headers), tokenPlan);
    const text = await response.text();
    const info: CallInfo = { operation: tokenPlan.operation, attempts: tokenPlan.attempts, secrets };
    if (!response.ok) await unwrap({ error: parseError(text), response, [CALL_INFO]: info });
    const data = decodeText(text, response, tokenPlan, secrets());
    if (data === null || typeof data !== "object") {
      throw new ServiceResponseError("its body is not the JSON object with access_token and expires_at that get-token returns", {
        status: response.status,
        operation: tokenPlan.operation,
        requestId: requestIdOf(response, secrets()),
        attempts: tokenPlan.attempts,
      });
    }
    return { data, serverDate: response.headers.get("date") };
  }

  async function call(method: string, path: string, init: CallInit = {}): Promise<Answer> {
    const callPlan = plan(method, path, init);
    const { operation } = callPlan;
    // A per-call fetch would bypass the transport (credentials, timeouts, retries, redirect rules).
    if (init.fetch !== undefined) refuse("pass fetch to createServiceClient, not per call", operation);
    const path_ = init.params?.path;
    if (path_ === undefined && path.includes("{")) serializePath(operation, path, undefined);
    const parseAs = init.parseAs ?? "json";
    const forwarded: Record<string, unknown> = {
      ...init,
      // We read the text and parse it ourselves, so an answer that is not JSON is a typed error.
      parseAs: parseAs === "json" ? "text" : parseAs,
      fetch: (request: Request) => transport(request, callPlan),
      pathSerializer: (url: string, values: Record<string, unknown>) => serializePath(operation, url, values),
      bodySerializer: init.bodySerializer ?? ((body: unknown) => encodeBody(callPlan, body)),
    };
    if (init.params?.query !== undefined && init.querySerializer === undefined) {
      forwarded.querySerializer = (query: Record<string, unknown>) => serializeQuery(callPlan, query);
    }
    if (init.headers !== undefined || callPlan.policy.body === "form") {
      // A credential header here is dropped by the transport, which sends the operation's own.
      const headers = init.headers === undefined ? {} : checkHeaders(init.headers, `${operation}: headers`, "allow");
      // openapi-fetch labels every body that is not FormData as JSON; a URL-encoded form says so.
      forwarded.headers = callPlan.policy.body === "form" ? mergeHeaders({ "content-type": "application/x-www-form-urlencoded" }, headers) : headers;
    }
    delete forwarded.timeoutMs;
    delete forwarded.maxRetries;
    const result = (await inner.request(method.toLowerCase() as never, path as never, forwarded as never)) as Answer;
    if (parseAs === "json" && typeof result.data === "string") result.data = decodeText(result.data, result.response, callPlan, secrets());
    if (result.error !== undefined) result.error = redactBody(result.error, secrets());
    const info: CallInfo = { operation, attempts: callPlan.attempts, secrets };
    Object.defineProperty(result, CALL_INFO, { value: info, enumerable: false });
    return result;
  }

  const client = {
    request: (method: string, path: string, init?: CallInit) => call(method.toUpperCase(), path, init),
    GET: (path: string, init?: CallInit) => call("GET", path, init),
    PUT: (path: string, init?: CallInit) => call("PUT", path, init),
    POST: (path: string, init?: CallInit) => call("POST", path, init),
    DELETE: (path: string, init?: CallInit) => call("DELETE", path, init),
    OPTIONS: (path: string, init?: CallInit) => call("OPTIONS", path, init),
    HEAD: (path: string, init?: CallInit) => call("HEAD", path, init),
    PATCH: (path: string, init?: CallInit) => call("PATCH", path, init),
    TRACE: (path: string, init?: CallInit) => call("TRACE", path, init),
    use: inner.use.bind(inner),
    eject: inner.eject.bind(inner),
  };
  return client as unknown as ServiceClient<Paths>;
}

/**
 * The get-token request, kept out of any HTTP cache where the runtime lets a request say so.
 * Workers before compatibility date 2024-11-11 refuse `cache` in a Request's init; they keep no
 * HTTP cache for fetch, so there the request goes without it.
 */
function tokenRequest(url: string, headers: Readonly<Record<string, string>>): Request {
  try {
    return new Request(url, { headers, cache: "no-store" });
  } catch {
    return new Request(url, { headers });
  }
}

/** An error body as openapi-fetch would have it: parsed JSON, or the text when it is not JSON. */
function parseError(text: string): unknown {
  if (text === "") return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}
