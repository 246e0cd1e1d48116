// What the runtimes issue found when the package ran outside Node 20, each reproduced in Node with
// an injected fetch or a stubbed global that behaves as that runtime does. The runtime suite
// (test/runtimes/) runs the same behaviours on the runtimes themselves.
import { afterEach, describe, expect, it, vi } from "vitest";
import { createServiceClient, deriveApiBaseUrl, ServiceConfigurationError, unwrap } from "../../src/index.js";
import { BASE, CANARY, fakeJwt, json, recordingFetch, testClient, tokenAnswer } from "../support/client-fakes.js";

afterEach(() => {
  vi.unstubAllGlobals();
});

const HEALTH = { api_version: "1.0.0", message: "ok", version: "2.14.0" };
const CSV = "input,output\nhello,world\n";

describe("finding 1: a fetch replaced after the client was created", () => {
  it("the client calls the global fetch of the moment of the call, as a fetch mock installed later expects", async () => {
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
  it("the transport reads the request's headers before its body, so the form keeps its Content-Type", async () => {
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
  it("a client given its address and no auth is created, and a refused read counts as unset", async () => {
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

  it("a client given nothing says it has no address, not that the read was refused", () => {
    vi.stubGlobal("process", { env: refusingEnv });
    let failure: unknown;
    try {
      createServiceClient();
    } catch (error) {
      failure = error;
    } finally {
      vi.unstubAllGlobals();
    }
    expect(failure).toBeInstanceOf(ServiceConfigurationError);
    expect((failure as Error).message).toMatch(/^no API address: pass baseUrl/);
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
  it("the get-token request is still made, and its JWT used", async () => {
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
  it("is sent as the multipart body, and a retry resends it byte for byte", async () => {
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

  it("a URLSearchParams is the URL-encoded login form as it is", async () => {
    const { fetch, sent } = recordingFetch(() => json({ access_token: "t", token_type: "bearer" }));
    const form = new URLSearchParams({ username: "ada@acme.example", password: "sample-password" });
    await unwrap(testClient({ fetch, auth: {} }).POST("/login", { body: form }));
    expect(sent[0]!.request.headers.get("content-type")).toMatch(/^application\/x-www-form-urlencoded/);
    expect(sent[0]!.body).toBe("username=ada%40acme.example&password=sample-password");
  });

  it("a FormData is still refused where the operation takes JSON, with the reason", async () => {
    const { fetch, sent } = recordingFetch();
    const call = testClient({ fetch, auth: { apiKey: CANARY.apiKey } }).request("post", "/projects", { body: new FormData() as never });
    await expect(call).rejects.toThrow(/POST \/projects: the body must be JSON .* not a FormData: this operation does not take files or forms; nothing was sent/);
    expect(sent).toEqual([]);
  });
});

describe("finding 7: a URL object where an address is expected", () => {
  it("baseUrl", async () => {
    const { fetch, sent } = recordingFetch(() => json(HEALTH));
    await unwrap(createServiceClient({ baseUrl: new URL(`${BASE}/`), fetch, auth: {}, env: {} }).GET("/v1/healthcheck"));
    expect(sent.map((s) => s.request.url)).toEqual([`${BASE}/v1/healthcheck`]);
  });

  it("consoleUrl", async () => {
    const { fetch, sent } = recordingFetch(() => json(HEALTH));
    await unwrap(createServiceClient({ consoleUrl: new URL("https://console.acme.example/projects"), fetch, auth: {}, env: {} }).GET("/v1/healthcheck"));
    expect(sent.map((s) => s.request.url)).toEqual(["https://api.acme.example/v1/healthcheck"]);
  });

  it("deriveApiBaseUrl, which leaves the caller's URL as it was", () => {
    const console_ = new URL("https://console.acme.example:8443/projects?x=1");
    expect(deriveApiBaseUrl(console_)).toBe("https://api.acme.example:8443");
    expect(console_.href).toBe("https://console.acme.example:8443/projects?x=1");
  });

  it("a URL with a user name or password is refused as a string would be, without echoing it", () => {
    const call = () => createServiceClient({ baseUrl: new URL(`https://someone:${CANARY.password}@api.acme.example`), auth: {}, env: {} });
    expect(call).toThrow(ServiceConfigurationError);
    expect(call).toThrow(/^baseUrl must not contain a user name or password/);
    try {
      call();
    } catch (error) {
      expect(String((error as Error).message)).not.toContain(CANARY.password);
    }
  });

  it("anything else is refused with what it may be", () => {
    expect(() => createServiceClient({ baseUrl: 42 as never, auth: {}, env: {} })).toThrow(/^baseUrl must be a string or a URL such as https:\/\/api\.acme\.example/);
  });
});
