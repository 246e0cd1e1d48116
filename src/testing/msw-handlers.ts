// The MSW handlers of `service-api/testing/msw` (src/testing-msw.ts hands their names on): MSW's
// requests routed to a `mockService()`, its refusals turned into failures the client does not retry.
import { http, type HttpHandler } from "msw";
import { isForCaller } from "../client/caller-errors.js";

/** What the handlers need of a `mockService()`: its fetch, which does all the work. */
export interface MockFetch {
  readonly fetch: (request: Request) => Promise<Response>;
}

export interface MswHandlersOptions {
  /** The base address the code under test calls, as given to createServiceClient: "https://api.acme.example". */
  readonly baseUrl: string;
}

/**
 * MSW handlers that answer every request under `baseUrl` with `service`: the same contract checks,
 * recorded calls, violations and handlers as `service.fetch`.
 *
 * A handler's answer that the contract refuses (and, with `unhandled: "error"`, a call no handler
 * serves) fails the call at once with the mock's error, its JSON paths in the message. MSW would
 * turn a thrown error into a 500, which the client retries: so in Node the error is thrown as a
 * Node-style system error (with `code` and `errno`), which MSW's interceptors hand to the fetch
 * as its rejection, and the client gives it to the caller unchanged. In a browser, where MSW's
 * worker can only answer, the answer is a 500 whose Retry-After is longer than the client ever
 * waits (so it is not retried) and whose `detail` is the error's message.
 */
export function mswHandlers(service: MockFetch, options: MswHandlersOptions): HttpHandler[] {
  const base = checkBaseUrl(options?.baseUrl);
  return [
    http.all(`${base}/*`, async ({ request }) => {
      try {
        return await service.fetch(request);
      } catch (error) {
        if (!isForCaller(error)) throw error;
        return refuse(error as Error);
      }
    }),
  ];
}

/** The code a refusal carries in Node, where it reaches the caller as the fetch's rejection. */
const REFUSAL_CODE = "SERVICE_API_MOCK_REFUSAL";

/** setupServer runs where Node's APIs are (Node, Bun, Deno); setupWorker in a browser page. */
const inNode = typeof (globalThis as { process?: { versions?: { node?: unknown } } }).process?.versions?.node === "string";

function refuse(error: Error): Response {
  if (inNode) {
    Object.defineProperties(error, { code: { value: REFUSAL_CODE }, errno: { value: 0 } });
    throw error;
  }
  const body = JSON.stringify({ detail: `${error.name}: ${error.message}` });
  return new Response(body, { status: 500, headers: { "content-type": "application/json", "retry-after": "86400", "x-service-api-mock": "refusal" } });
}

function checkBaseUrl(baseUrl: unknown): string {
  let url: URL | undefined;
  try {
    url = typeof baseUrl === "string" ? new URL(baseUrl) : undefined;
  } catch {
    url = undefined;
  }
  if (!url || (url.protocol !== "http:" && url.protocol !== "https:") || url.search !== "" || url.hash !== "") {
    throw new TypeError(`mswHandlers: baseUrl must be the http(s) address the code under test calls, such as "https://api.acme.example"; got ${JSON.stringify(baseUrl)}`);
  }
  return `${url.origin}${url.pathname.replace(/\/+$/, "")}`;
}
