// createServiceClient: openapi-fetch, plus our middleware (credentials, once per call) and our
// transport (timeouts, retries, redirects, beneath the middleware). The result is a plain
// openapi-fetch client: same methods, same `{ data, error, response }` answers.
import createClient, { type Client, type Middleware } from "openapi-fetch";
import { createAuthMiddleware } from "./auth-middleware.js";
import { resolveConfig, type ServiceClientOptions } from "./config.js";
import { emit } from "./logger.js";
import { safePathSerializer } from "./path-params.js";
import { TokenCache } from "./token-cache.js";
import { specPolicies, type PolicyTable } from "./operation-table.js";
import { CallRequest, createTransport } from "./transport.js";
import { unwrap } from "./unwrap.js";
import type { paths } from "../generated/schema.js";

export type ServiceClient<Paths extends {} = paths> = Client<Paths>;

/** What paginate() needs to know about a client it did not create itself. */
export const clientPolicies = new WeakMap<object, PolicyTable>();

export function createServiceClient<Paths extends {} = paths>(options: ServiceClientOptions = {}): ServiceClient<Paths> {
  const config = resolveConfig(options);
  const policies: PolicyTable = options.operations ? new Map(Object.entries(options.operations)) : specPolicies();
  const { credentials, logger } = config;
  if (config.insecureWarning) {
    if (logger) emit(logger, { event: "warning", message: config.insecureWarning });
    else if (typeof console !== "undefined") console.warn(`service-api: ${config.insecureWarning}`);
  }

  // The token request goes through this same client: get-token does not accept a JWT, so the
  // middleware authenticates it with the key or Basic credentials, and it gets the transport's
  // timeouts and retries.
  let raw: Client<Paths> | undefined;
  const tokens = credentials.exchangeForJwt
    ? new TokenCache(async () => {
        const answer = await (raw as unknown as Client<paths>).GET("/v1/token", { cache: "no-store" });
        // unwrap throws the service's error (redacted) to every caller waiting for this token.
        const data = await unwrap(answer);
        return { data, serverDate: answer.response.headers.get("date") };
      }, logger)
    : undefined;
  const secrets = tokens
    ? () => [...credentials.secrets, ...tokens.recentTokens()]
    : () => credentials.secrets;

  const transport = createTransport({
    fetch: config.fetch,
    origin: config.origin,
    timeoutMs: config.timeoutMs,
    maxRetries: config.maxRetries,
    logger,
    tokens,
    secrets,
  });
  raw = createClient<Paths>({
    baseUrl: config.baseUrl,
    fetch: transport,
    Request: CallRequest,
    headers: config.headers,
    pathSerializer: safePathSerializer,
  });
  const auth = createAuthMiddleware({
    policies,
    credentials,
    baseUrl: config.baseUrl,
    origin: config.origin,
    tokens,
    transport,
  });
  raw.use(auth);

  // Keep our middleware last in line, whatever the caller adds: their middleware then never sees
  // our credentials on the way out, and cannot swap the Request after we recorded its context.
  const use = raw.use.bind(raw);
  const eject = raw.eject.bind(raw);
  raw.use = (...middleware: Middleware[]) => {
    eject(auth);
    use(...middleware, auth);
  };
  raw.eject = (...middleware: Middleware[]) => eject(...middleware.filter((m) => m !== auth));
  clientPolicies.set(raw, policies);
  return raw;
}
