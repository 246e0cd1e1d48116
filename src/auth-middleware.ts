// The one openapi-fetch middleware we install. It runs once per call (the transport beneath it
// does the retrying) and does three things: looks up the operation's policy, applies exactly one
// credential chosen from the operation's declared security, and records what the transport needs
// beside the Request (call-context.ts), never on it.
import type { Middleware, MiddlewareCallbackParams } from "openapi-fetch";
import { chooseScheme } from "./auth-choice.js";
import { callContexts } from "./call-context.js";
import type { Credentials } from "./credentials.js";
import type { PolicyTable } from "./operation-table.js";
import { ServiceConfigurationError } from "./errors.js";
import type { TokenCache } from "./token-cache.js";
import type { Transport } from "./transport.js";

export interface AuthMiddlewareOptions {
  readonly policies: PolicyTable;
  readonly credentials: Credentials;
  readonly baseUrl: string;
  readonly origin: string;
  readonly tokens: TokenCache | undefined;
  readonly transport: Transport;
}

export function createAuthMiddleware(options: AuthMiddlewareOptions): Middleware {
  const { policies, credentials, tokens, transport } = options;
  const originPrefix = `${options.origin}/`;

  // Not an async function: for the key and Basic nothing here waits, so no promise is made.
  function onRequest({ request, schemaPath, options: callOptions }: MiddlewareCallbackParams): Promise<undefined> | undefined {
    const operation = `${request.method} ${schemaPath}`;
    const policy = policies.get(operation);
    if (policy === undefined) {
      throw new ServiceConfigurationError(`${operation} is not an operation of the service's API description; nothing was sent`);
    }
    // A per-call fetch would bypass the transport (timeouts, retries, redirect safety).
    if (callOptions.fetch !== (transport as unknown)) {
      throw new ServiceConfigurationError(`${operation}: pass fetch to createServiceClient, not per call`);
    }
    // A per-call baseUrl may point elsewhere: credentials go to the API's origin only.
    const ours = callOptions.baseUrl === options.baseUrl || request.url.startsWith(originPrefix);
    const scheme = ours ? chooseScheme(operation, policy, credentials) : undefined;
    const stream = callOptions.parseAs === "stream";
    const headers = request.headers;
    if (scheme === "ApiKeyHeader") {
      headers.delete("authorization");
      headers.set("service-api-key", credentials.apiKey!);
    } else if (scheme === "HttpBasic") {
      headers.delete("service-api-key");
      headers.set("authorization", credentials.basic!);
    } else if (scheme === "JwtBearer") {
      headers.delete("service-api-key");
      if (credentials.token !== undefined) {
        headers.set("authorization", `Bearer ${credentials.token}`);
        callContexts.set(request, { operation, policy, bearer: credentials.token, stream });
        return undefined;
      }
      return tokens!.get().then((bearer) => {
        headers.set("authorization", `Bearer ${bearer}`);
        callContexts.set(request, { operation, policy, bearer, stream });
        return undefined;
      });
    }
    callContexts.set(request, { operation, policy, bearer: undefined, stream });
    return undefined;
  }

  return { onRequest };
}
