// The findings of the runtimes issue that are not fixed yet, each pinned by the test its fix must
// make pass, with an injected fetch and the runtime's behaviour reproduced in Node. Each test runs
// what the README promises and must, today, fail with the error named beside it: a test that
// fails otherwise is a new failure, and one that passes means the finding is fixed (make it a
// plain `it` beside the tests of the file that fixed it, and drop it here). The runtime suite
// (test/runtimes/) pins the same findings on the runtimes themselves; finding 5 (validate under
// a policy that forbids eval) is pinned there and in test/consumers/ only.
import { afterEach, describe, expect, it, vi } from "vitest";
import { createServiceClient, deriveApiBaseUrl, unwrap } from "../../src/index.js";
import { BASE, CANARY, fakeJwt, json, recordingFetch, testClient, tokenAnswer } from "./helpers.js";

afterEach(() => {
  vi.unstubAllGlobals();
});

/** The error and its causes, as one line: what `today` is matched against. */
function describeFailure(error: unknown): string {
  const parts: string[] = [];
  for (let depth = 0; error !== undefined && depth < 5; depth++) {
    parts.push(error instanceof Error ? `${error.name}: ${error.message}` : String(error));
    error = error instanceof Error ? error.cause : undefined;
  }
  return parts.join(" ← ");
}

/** A test of a finding not fixed yet: `body` must fail, with an error matching `today`. */
function untilFixed(finding: number, title: string, today: RegExp, body: () => unknown) {
  it(`finding ${finding} (to fix): ${title}`, async () => {
    let failure: unknown;
    try {
      await body();
    } catch (error) {
      failure = error ?? new Error("rejected without a reason");
    }
    expect(failure, `finding ${finding} now passes: move this test beside the fix's own tests as a plain it()`).toBeDefined();
    expect(describeFailure(failure)).toMatch(today);
  });
}

const HEALTH = { api_version: "1.0.0", message: "ok", version: "2.14.0" };
const CSV = "input,output\nhello,world\n";

describe("finding 1: a fetch replaced after the client was created", () => {
  untilFixed(
    1,
    "the client calls the global fetch of the moment of the call, as a fetch mock installed later expects",
    /ServiceConnectionError: GET \/v1\/healthcheck: the connection failed .*← Error: the fetch of the client's creation was called/,
    async () => {
      vi.stubGlobal("fetch", async () => {
        throw new Error("the fetch of the client's creation was called");
      });
      const client = createServiceClient({ baseUrl: BASE, auth: {}, env: {}, maxRetries: 0 });
      const later = recordingFetch(() => json(HEALTH));
      vi.stubGlobal("fetch", later.fetch);
      expect(await unwrap(client.GET("/v1/healthcheck"))).toEqual(HEALTH);
      expect(later.sent.map((sent) => sent.request.url)).toEqual([`${BASE}/v1/healthcheck`]);
    },
  );
});

/**
 * A Request as Bun has it: a form body's Content-Type (with its boundary) is settled when the
 * headers are read, so reading the body first leaves a request without one.
 */
class HeadersFirstRequest extends Request {
  #headersRead = false;
  #bodyRead = false;

  override get headers(): Headers {
    const headers = super.headers;
    if (this.#bodyRead && !this.#headersRead) {
      const settledTooLate = new Headers(headers);
      settledTooLate.delete("content-type");
      return settledTooLate;
    }
    this.#headersRead = true;
    return headers;
  }

  override async arrayBuffer(): Promise<ArrayBuffer> {
    this.#bodyRead = true;
    return super.arrayBuffer();
  }
}

describe("finding 2: a multipart upload on a runtime that settles Content-Type when the headers are read", () => {
  untilFixed(2, "the transport reads the request's headers before its body, so the form keeps its Content-Type", /expected '\(none\)' to match/, async () => {
    const { fetch, sent } = recordingFetch(() => json({}));
    const client = testClient({ fetch, auth: { apiKey: CANARY.apiKey } });
    client.use({ onRequest: ({ request }) => new HeadersFirstRequest(request) });
    await unwrap(client.POST("/projects/{project_id}/upload_file", { params: { path: { project_id: "p1" } }, body: { file: new Blob([CSV], { type: "text/csv" }), upload_metadata: "{}" } }));
    expect(sent[0]!.request.headers.get("content-type") ?? "(none)").toMatch(/^multipart\/form-data; boundary=/);
  });
});

/** process.env as Deno has it without --allow-env: every read throws NotCapable. */
const refusingEnv = new Proxy(
  {},
  {
    get(_target, name) {
      const error = new Error(`Requires env access to "${String(name)}", run again with the --allow-env flag`);
      error.name = "NotCapable";
      throw error;
    },
  },
);

describe("finding 3: a runtime that refuses to read the environment", () => {
  untilFixed(3, "a client given its address and no auth is created, and a refused read counts as unset", /NotCapable: Requires env access to "SERVICE_API_KEY"/, async () => {
    const { fetch, sent } = recordingFetch(() => json(HEALTH));
    // Only for the synchronous creation: nothing else of this process sees the stub.
    vi.stubGlobal("process", { env: refusingEnv });
    let client;
    try {
      client = createServiceClient({ baseUrl: BASE, fetch });
    } finally {
      vi.unstubAllGlobals();
    }
    expect(await unwrap(client.GET("/v1/healthcheck"))).toEqual(HEALTH);
    expect([...sent[0]!.request.headers.keys()].filter((name) => name === "authorization" || name === "service-api-key")).toEqual([]);
  });
});

/** Request as Workers before compatibility date 2024-11-11 have it: `cache` in the init is refused. */
class RequestWithoutCache extends Request {
  constructor(input: RequestInfo | URL, init?: RequestInit) {
    if (init && "cache" in init) throw new Error("The 'cache' field on 'RequestInitializerDict' is not implemented.");
    super(input, init);
  }
}

describe("finding 4: JWT mode where a request's init cannot say `cache`", () => {
  untilFixed(4, "the get-token request is still made, and its JWT used", /The 'cache' field on 'RequestInitializerDict' is not implemented/, async () => {
    vi.stubGlobal("Request", RequestWithoutCache);
    const token = fakeJwt("workers");
    const { fetch, sent } = recordingFetch((request) => (new URL(request.url).pathname === "/v1/token" ? tokenAnswer(token, Date.now()) : json({ id: "u1" })));
    const client = testClient({ fetch, auth: { apiKey: CANARY.apiKey, jwt: true } });
    await unwrap(client.GET("/current_user"));
    expect(sent.map((s) => [new URL(s.request.url).pathname, s.request.headers.get("authorization")])).toEqual([
      ["/v1/token", null],
      ["/current_user", `Bearer ${token}`],
    ]);
  });
});

/** The multipart operation the spec lets the client retry (a PUT), answering 503 once. */
function retriedUpload() {
  return recordingFetch((_request, index) => (index === 0 ? json({ detail: "busy" }, { status: 503, headers: { "retry-after": "0" } }) : json({})));
}

describe("finding 6: a FormData the caller built", () => {
  untilFixed(6, "is sent as the multipart body, and a retry resends it byte for byte", /ServiceConfigurationError: PUT \/projects\/\{project_id\}\/prompt_datasets\/\{dataset_id\}: the body must be an object of form fields .*not a FormData/, async () => {
    const { fetch, sent } = retriedUpload();
    const form = new FormData();
    form.append("file", new Blob([CSV], { type: "text/csv" }), "examples.csv");
    form.append("file_name", "examples.csv");
    await unwrap(testClient({ fetch, auth: { apiKey: CANARY.apiKey } }).PUT("/projects/{project_id}/prompt_datasets/{dataset_id}", { params: { path: { project_id: "p1", dataset_id: "d1" } }, body: form }));
    expect(sent).toHaveLength(2);
    const [first, retry] = sent.map((s) => ({ type: s.request.headers.get("content-type"), body: s.body }));
    expect(first!.type).toMatch(/^multipart\/form-data; boundary=/);
    expect(first!.body).toContain(CSV);
    expect(first!.body).toContain('filename="examples.csv"');
    expect(retry).toEqual(first);
  });
});

describe("finding 7: a URL object where an address is expected", () => {
  // The options are typed as strings today; the fix widens them to `string | URL`.
  const url = (address: string) => new URL(address) as unknown as string;

  untilFixed(7, "baseUrl", /ServiceConfigurationError: baseUrl must be a string/, async () => {
    const { fetch, sent } = recordingFetch(() => json(HEALTH));
    await unwrap(createServiceClient({ baseUrl: url(`${BASE}/`), fetch, auth: {}, env: {} }).GET("/v1/healthcheck"));
    expect(sent.map((s) => s.request.url)).toEqual([`${BASE}/v1/healthcheck`]);
  });

  untilFixed(7, "consoleUrl", /ServiceConfigurationError: consoleUrl must be a string/, async () => {
    const { fetch, sent } = recordingFetch(() => json(HEALTH));
    await unwrap(createServiceClient({ consoleUrl: url("https://console.acme.example/projects"), fetch, auth: {}, env: {} }).GET("/v1/healthcheck"));
    expect(sent.map((s) => s.request.url)).toEqual(["https://api.acme.example/v1/healthcheck"]);
  });

  untilFixed(7, "deriveApiBaseUrl", /ServiceConfigurationError: consoleUrl must be a string/, () => {
    expect(deriveApiBaseUrl(url("https://console.acme.example:8443/projects?x=1"))).toBe("https://api.acme.example:8443");
  });
});
