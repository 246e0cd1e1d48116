// The MSW handlers of `service-api/testing/msw` (src/testing-msw.ts hands their names on): MSW's
// requests routed to a `mockService()`, its refusals turned into failures the client does not retry.
import { http, type HttpHandler } from "msw";
import { isForCaller } from "../client/caller-errors.js";
import { baseAddressOf, fetchBelow } from "./base-address.js";

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
 * recorded calls, violations and handlers as `service.fetch`. A path of `baseUrl`'s own
 * ("https://api.acme.example/v1") is the mock's base too: the contract's paths are served below it.
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
  const base = baseAddressOf(options?.baseUrl, "mswHandlers");
  // The mock serves the contract's paths below the base these handlers take requests under.
  const fetch = fetchBelow(service.fetch, base);
  return [
    http.all(`${base.origin}${base.path}/*`, async ({ request }) => {
      try {
        return await fetch(request);
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
