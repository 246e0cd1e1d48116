// What a caller or a middleware sets on a request reaches the fetch, on the first send and on
// every redirect the transport follows: the transport replaces only the headers (for the
// credential), the body (read once, for replays), the signal (the attempt's deadline) and the
// redirect mode. The fetch here builds its Request from what it is handed, as a real one does.
import { describe, expect, it } from "vitest";
import { unwrap } from "../../src/index.js";
import { BASE, json, recordingFetch, testClient } from "../support/client-fakes.js";

/** Every member a caller can set on a request besides method, headers, body, signal and redirect. */
const MEMBERS = {
  credentials: "include",
  cache: "no-store",
  keepalive: true,
  integrity: "sha256-47DEQpj8HBSa+/TImW+5JCeuQeRkm5NMpJWZG3hSuFU=",
  referrer: `${BASE}/pages/from`,
  referrerPolicy: "same-origin",
  mode: "same-origin",
} as const;

const membersOf = (request: Request) => Object.fromEntries(Object.keys(MEMBERS).map((name) => [name, request[name as keyof Request]]));

describe("a request's members", () => {
  it("reach the fetch as the caller set them", async () => {
    const { fetch, sent } = recordingFetch();
    await unwrap(testClient({ fetch, auth: { apiKey: "k" } }).GET("/current_user", { ...MEMBERS }));
    expect(membersOf(sent[0]!.request)).toEqual(MEMBERS);
  });

  it("reach the fetch as a middleware set them", async () => {
    const { fetch, sent } = recordingFetch();
    const client = testClient({ fetch, auth: { apiKey: "k" } });
    client.use({ onRequest: ({ request }) => new Request(request, { ...MEMBERS }) });
    await unwrap(client.GET("/current_user"));
    expect(membersOf(sent[0]!.request)).toEqual(MEMBERS);
  });

  it("reach every send of a followed redirect, with the method and the body replayed", async () => {
    const { fetch, sent } = recordingFetch((_request, index) => (index === 0 ? new Response(null, { status: 307, headers: { location: "/projects/v2" } }) : json({ ok: true })));
    await unwrap(testClient({ fetch, auth: { apiKey: "k" } }).POST("/projects", { body: { name: "n" }, ...MEMBERS }));
    expect(sent.map((s) => [s.request.method, new URL(s.request.url).pathname, s.body])).toEqual([
      ["POST", "/projects", '{"name":"n"}'],
      ["POST", "/projects/v2", '{"name":"n"}'],
    ]);
    for (const { request } of sent) {
      expect(membersOf(request)).toEqual(MEMBERS);
      expect(request.redirect).toBe("manual");
    }
    // A request with a body says how it is sent; the follow-up says the same.
    expect((sent[1]!.request as { duplex?: string }).duplex).toBe((sent[0]!.request as { duplex?: string }).duplex);
  });

  it("leaves a request without them as a fetch makes it by default", async () => {
    const { fetch, sent } = recordingFetch();
    await unwrap(testClient({ fetch, auth: { apiKey: "k" } }).GET("/current_user"));
    expect(membersOf(sent[0]!.request)).toEqual(membersOf(new Request(BASE)));
  });

  it("include a runtime's own init members (undici's dispatcher, Bun's proxy), which a Request does not keep", async () => {
    const inits: (RequestInit | undefined)[] = [];
    const proxy = "http://proxy.acme.example:3128";
    const fetch = async (_input: Request | string | URL, init?: RequestInit) => {
      inits.push(init);
      return inits.length === 1 ? new Response(null, { status: 308, headers: { location: "/current_user/again" } }) : json({ id: "u" });
    };
    await unwrap(testClient({ fetch, auth: { apiKey: "k" } }).GET("/current_user", { proxy } as object));
    expect(inits.map((init) => (init as { proxy?: string }).proxy)).toEqual([proxy, proxy]);
  });
});
