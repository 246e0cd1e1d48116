// Inputs that must not change the request: path and query values, the `headers` option and the
// types of createServiceClient's options. Each hostile input is refused with a
// ServiceConfigurationError that names what to fix, before anything is sent; the well-formed
// neighbours of each case are sent exactly as written, so a refusal cannot pass by refusing all.
// An injected fetch is the honest tool here: what matters is the request the client would send.
import { describe, expect, it } from "vitest";
import { createServiceClient, deriveApiBaseUrl, ServiceConfigurationError } from "../../src/index.js";
import { BASE, caught, errorForms, expectNoSecrets, json, recordingFetch, testClient } from "../support/client-fakes.js";

/** The refusal a call or creation produced, checked to be ours and to say where the problem is. */
function expectRefusal(error: unknown, names: RegExp): void {
  expect(error).toBeInstanceOf(ServiceConfigurationError);
  expect((error as Error).message).toMatch(names);
}

function creationError(options: unknown): unknown {
  try {
    createServiceClient(options as never);
  } catch (error) {
    return error;
  }
  throw new Error("expected createServiceClient to throw");
}

/** The query a sent request carried, as name/value pairs in order (what the service reads). */
function queryPairs(request: Request): [string, string][] {
  return [...new URL(request.url).searchParams];
}

describe("path parameters", () => {
  it.each([
    ["an object that would climb to another path", { "../../admin?x=": "y" }],
    ["an empty object", {}],
    ["an array", ["a", "b"]],
    ["null", null],
    ["a number that is not finite", Number.NaN],
  ])("refuses %s before sending", async (_label, value) => {
    const { fetch, sent } = recordingFetch();
    const error = await caught(testClient({ fetch, auth: { apiKey: "k" } }).GET("/users/{user_id}", { params: { path: { user_id: value } } }));
    expectRefusal(error, /GET \/users\/\{user_id\}: the path parameter user_id must be a string, number or boolean/);
    expect(sent).toHaveLength(0);
  });

  it.each([
    [42, "https://api.acme.example/users/42"],
    [true, "https://api.acme.example/users/true"],
    ["u-1", "https://api.acme.example/users/u-1"],
  ])("sends the scalar %j as one segment", async (value, url) => {
    const { fetch, sent } = recordingFetch();
    await testClient({ fetch }).GET("/users/{user_id}", { params: { path: { user_id: value } } });
    expect(sent.map((s) => s.request.url)).toEqual([url]);
  });
});

describe("query parameters on POST /signup_link", () => {
  const signup = (query: Record<string, unknown>) => {
    const { fetch, sent } = recordingFetch(() => json({ signup_url: "https://console.acme.example/signup?token=t" }));
    const call = testClient({ fetch, auth: { apiKey: "k" }, maxRetries: 0 }).POST("/signup_link", { params: { query } });
    return { call, sent };
  };

  it("sends send_email=false exactly as written", async () => {
    const { call, sent } = signup({ user_email: "a@acme.example", send_email: false });
    await call;
    expect(queryPairs(sent[0]!.request)).toEqual([
      ["user_email", "a@acme.example"],
      ["send_email", "false"],
    ]);
  });

  it.each([
    ["a key that adds send_email=true", { "]&send_email=true": "x" }],
    ["a key `#` that would cut off the query", { "#": "x" }],
    ["an empty object", {}],
  ])("refuses an object value with %s, before sending", async (_label, scope) => {
    const { call, sent } = signup({ user_email: "a@acme.example", scope, send_email: false });
    expectRefusal(await caught(call), /POST \/signup_link: the query parameter scope must be a string, number or boolean, not an object/);
    expect(sent).toHaveLength(0);
  });

  it("refuses an array where the spec declares one value", async () => {
    const { call, sent } = signup({ user_email: ["a@acme.example", "b@acme.example"], send_email: false });
    expectRefusal(await caught(call), /the query parameter user_email must be a string, number or boolean, not an array/);
    expect(sent).toHaveLength(0);
  });

  it("encodes names and values, so neither can add, remove or cut off another parameter", async () => {
    const hostile = "a@acme.example&send_email=true#";
    const { call, sent } = signup({ user_email: hostile, "#": "cut", "x&send_email": "true", send_email: false });
    await call;
    expect(queryPairs(sent[0]!.request)).toEqual([
      ["user_email", hostile],
      ["#", "cut"],
      ["x&send_email", "true"],
      ["send_email", "false"],
    ]);
    expect(new URL(sent[0]!.request.url).hash).toBe("");
  });

  it("leaves out undefined and null (the service applies its default)", async () => {
    const { call, sent } = signup({ user_email: "a@acme.example", scope: null, send_email: undefined });
    await call;
    expect(queryPairs(sent[0]!.request)).toEqual([["user_email", "a@acme.example"]]);
  });
});

describe("query arrays, where the spec declares them (form, exploded)", () => {
  it("repeats the parameter once per item, each encoded", async () => {
    const { fetch, sent } = recordingFetch();
    await testClient({ fetch }).GET("/edits/{edit_id}/content", { params: { path: { edit_id: "e1" }, query: { meta_cols: ["a", "b&c=d", "#"] } } });
    expect(queryPairs(sent[0]!.request)).toEqual([
      ["meta_cols", "a"],
      ["meta_cols", "b&c=d"],
      ["meta_cols", "#"],
    ]);
  });

  it("refuses an object inside a declared array", async () => {
    const { fetch, sent } = recordingFetch();
    const error = await caught(testClient({ fetch }).GET("/edits/{edit_id}/content", { params: { path: { edit_id: "e1" }, query: { meta_cols: ["a", { b: 1 }] } } }));
    expectRefusal(error, /the query parameter meta_cols must be a string, number or boolean, not an object/);
    expect(sent).toHaveLength(0);
  });
});

describe("the headers option", () => {
  const SECRET = "hdr-secret-7c1e9a";

  it.each([
    ["CR", `${SECRET}\rX-Injected: 1`],
    ["LF", `${SECRET}\nX-Injected: 1`],
    ["NUL", `${SECRET}\u0000`],
  ])("refuses a value with %s when the client is created, naming the header, not quoting the value", (_label, value) => {
    // A Headers instance cannot hold these (its constructor throws in the caller's code); the
    // record and pair forms reach us as they are.
    for (const headers of [{ "x-team": value }, [["x-team", value]]]) {
      const error = creationError({ baseUrl: BASE, env: {}, headers });
      expectRefusal(error, /headers\.x-team contains a control character/);
      expectNoSecrets(errorForms(error), [SECRET]);
    }
  });

  it("refuses the same value given per call, before sending", async () => {
    const { fetch, sent } = recordingFetch();
    const error = await caught(testClient({ fetch }).GET("/users", { headers: { "x-team": "blue\r\nX-Injected: 1" } }));
    expectRefusal(error, /GET \/users: headers\.x-team contains a control character/);
    expect(sent).toHaveLength(0);
  });

  const credentialForms: [string, HeadersInit][] = [
    ["a record", { Authorization: "Bearer x" }],
    ["a record, upper case", { "SERVICE-API-KEY": "k" }],
    ["an array of pairs", [["service-api-key", "k"]]],
    ["an array of pairs, mixed case", [["Proxy-Authorization", "Basic eA=="]]],
    ["a Headers instance", new Headers({ authorization: "Bearer x" })],
    ["a Headers instance with a cookie", new Headers({ Cookie: "session=x" })],
  ];

  it.each(credentialForms)("refuses a credential header in %s when the client is created", (_label, headers) => {
    expectRefusal(creationError({ baseUrl: BASE, env: {}, auth: {}, headers }), /headers\.[\w-]+: pass credentials as `auth`/i);
  });

  it.each([
    ["a record", { "x-team": "blue" }],
    ["an array of pairs", [["x-team", "blue"]]],
    ["a Headers instance", new Headers({ "x-team": "blue" })],
  ])("sends harmless headers given as %s, on the health check too", async (_label, headers) => {
    const { fetch, sent } = recordingFetch();
    await createServiceClient({ baseUrl: BASE, env: {}, fetch, headers: headers as HeadersInit }).GET("/v1/healthcheck");
    expect(sent[0]!.request.headers.get("x-team")).toBe("blue");
  });
});

describe("option types", () => {
  const base = { baseUrl: BASE, env: {} };

  it.each([
    ["null options", null, /createServiceClient takes an options object/],
    ["options that are a string", "https://api.acme.example", /createServiceClient takes an options object/],
    ["auth that is a string", { ...base, auth: "svc-key" }, /^auth must be an object/],
    ["auth that is null", { ...base, auth: null }, /^auth must be an object/],
    ["auth that is an array", { ...base, auth: ["k"] }, /^auth must be an object/],
    ["jwt that is a string", { ...base, auth: { apiKey: "k", jwt: "yes" } }, /^auth\.jwt must be true or false/],
    ["jwt that is 1", { ...base, auth: { apiKey: "k", jwt: 1 } }, /^auth\.jwt must be true or false/],
    ["fetch that is a string", { ...base, fetch: "fetch" }, /^fetch must be a function/],
    ["fetch that is an object", { ...base, fetch: {} }, /^fetch must be a function/],
    ["logger that is an object", { ...base, logger: { info() {} } }, /^logger must be a function/],
    ["timeoutMs above what a timer holds", { ...base, timeoutMs: 2 ** 31 }, /^timeoutMs must be an integer number of milliseconds from 1 to 2147483647/],
    ["timeoutMs of 1e12", { ...base, timeoutMs: 1e12 }, /^timeoutMs must be an integer/],
    ["timeoutMs of Infinity", { ...base, timeoutMs: Number.POSITIVE_INFINITY }, /^timeoutMs must be an integer/],
    ["timeoutMs as text", { ...base, timeoutMs: "500" }, /^timeoutMs must be an integer/],
    ["maxRetries as text", { ...base, maxRetries: "2" }, /^maxRetries must be an integer/],
    ["allowInsecureHttp as text", { ...base, allowInsecureHttp: "yes" }, /^allowInsecureHttp must be true or false/],
    ["env that is a string", { baseUrl: BASE, env: "SERVICE_API_KEY=k" }, /^env must be a record/],
    ["headers that are a string", { ...base, headers: "x-team: blue" }, /^headers must be a Headers object/],
    ["an unknown option", { ...base, timeout: 500 }, /^timeout is not an option of createServiceClient/],
  ])("refuses %s, naming the option", (_label, options, message) => {
    expectRefusal(creationError(options), message);
  });

  it("accepts the largest timeout a timer holds, and uses it", async () => {
    const { fetch, sent } = recordingFetch();
    await createServiceClient({ ...base, fetch, timeoutMs: 2 ** 31 - 1 }).GET("/v1/healthcheck");
    expect(sent).toHaveLength(1);
  });

  it("refuses a per-call timeoutMs above what a timer holds, before sending", async () => {
    const { fetch, sent } = recordingFetch();
    const error = await caught(testClient({ fetch }).GET("/users", { timeoutMs: 2 ** 31 }));
    expectRefusal(error, /GET \/users: timeoutMs must be an integer/);
    expect(sent).toHaveLength(0);
  });

  it.each(["https://console./", "https://console..acme.example", "https://console.acme..example"])("refuses the console address %s instead of deriving a broken API host", (consoleUrl) => {
    expectRefusal(caughtSync(() => deriveApiBaseUrl(consoleUrl)), /consoleUrl's host .* is not `console\.` followed by a domain/);
    expectRefusal(creationError({ env: {}, consoleUrl }), /consoleUrl's host/);
  });
});

function caughtSync(run: () => unknown): unknown {
  try {
    run();
  } catch (error) {
    return error;
  }
  throw new Error("expected a throw");
}
