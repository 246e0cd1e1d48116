// The in-memory Response the transport returns (after reading the body under the deadline): it
// must read like any Response, once.
import { describe, expect, it } from "vitest";
import { createServiceClient } from "../../src/index.js";
import { BufferedResponse } from "../../src/client/transport.js";

function make(text: string, init: ResponseInit = { status: 200, headers: { "content-type": "application/json" } }) {
  const original = new Response("ignored", init);
  return new BufferedResponse(new TextEncoder().encode(text), original);
}

describe("BufferedResponse", () => {
  it("keeps status, headers and type", () => {
    const response = make("{}", { status: 418, statusText: "Teapot", headers: { "x-a": "1" } });
    expect([response.status, response.statusText, response.ok, response.headers.get("x-a")]).toEqual([418, "Teapot", false, "1"]);
  });

  it.each([
    ["text", "ünï", "ünï"],
    ["json", '{"a":[1]}', { a: [1] }],
  ] as const)("reads %s once", async (method, text, expected) => {
    const response = make(text);
    expect(await response[method]()).toEqual(expected);
    expect(response.bodyUsed).toBe(true);
    await expect(response.text()).rejects.toThrow(TypeError);
  });

  it("reads bytes, arrayBuffer and blob", async () => {
    expect(new TextDecoder().decode(await make("abc").arrayBuffer())).toBe("abc");
    expect(await (await make("abc").blob()).text()).toBe("abc");
    expect((await make("abc").blob()).type).toBe("application/json");
  });

  it("strips a UTF-8 byte order mark like Response.text()", async () => {
    expect(await make("\uFEFF{}").json()).toEqual({});
  });

  it("gives a body stream on demand, and clones", async () => {
    const response = make("stream me");
    const copy = response.clone();
    expect(await new Response(response.body).text()).toBe("stream me");
    expect(response.bodyUsed).toBe(true);
    expect(await copy.text()).toBe("stream me");
    expect(() => response.clone()).toThrow(TypeError);
  });

  it("has a null body when empty", () => {
    expect(make("").body).toBeNull();
  });
});

describe("the transport's read of an answer's body", () => {
  // One chunk is kept as it came; several (a larger answer, or one sent in pieces) are joined.
  it.each([
    ["one chunk", ['{"users":[{"id":"u1"},{"id":"u2"}]}']],
    ["several chunks", ['{"users":[', '{"id":"u1"},', '{"id":"ü2"}', "]}"]],
  ])("reads %s whole, in order", async (_label, pieces) => {
    const encoder = new TextEncoder();
    const body = () => new ReadableStream<Uint8Array>({ start(stream) { for (const piece of pieces) stream.enqueue(encoder.encode(piece)); stream.close(); } });
    const fetch = async () => new Response(body(), { status: 200, headers: { "content-type": "application/json" } });
    const client = createServiceClient<any>({ baseUrl: "https://api.example.test", env: {}, auth: { apiKey: "k" }, fetch }) as any;
    const { data, response } = await client.GET("/users");
    expect(data).toEqual(JSON.parse(pieces.join("")));
    expect(response).toBeInstanceOf(BufferedResponse);
  });
});
