// On real sockets, credentials go to the API's own origin only. Same-origin redirects
// are followed (at most five; 303 turns into a GET without body; 307/308 replay the body);
// cross-origin redirects (here: another port) are never followed, for any auth method.
import { describe, expect, it } from "vitest";
import { createServiceClient, ServiceConnectionError, unwrap, type ServiceAuth } from "../../src/index.js";
import { jwt, sendJson, serversClosedAfterEach, tokenBody } from "../support/loopback-server.js";

const start = serversClosedAfterEach();

const AUTHS: [string, ServiceAuth][] = [
  ["API key", { apiKey: "redirect-key" }],
  ["Basic", { username: "ada", password: "redirect-pw" }],
  ["held JWT", { token: jwt("held") }],
  ["JWT via key", { apiKey: "redirect-key", jwt: true }],
];

function client(baseUrl: string, auth: ServiceAuth) {
  return createServiceClient<any>({ baseUrl, env: {}, auth, maxRetries: 0 }) as any;
}

describe.each(AUTHS)("cross-origin redirects with %s", (_label, auth) => {
  it.each([301, 302, 303, 307, 308])("a %i to another port is not followed and carries no credentials", async (status) => {
    const evil = await start((_req, res) => sendJson(res, 200, { stolen: true }));
    const api = await start((req, res) => {
      if (req.url === "/v1/token") return sendJson(res, 200, tokenBody(jwt("exchanged")));
      res.writeHead(status, { location: `${evil.url}/collect` }).end();
    });
    const { response } = await client(api.url, auth).GET("/users");
    expect(response.status).toBe(status);
    expect(evil.received).toEqual([]);
    const toUsers = api.received.filter((r) => r.path === "/users");
    expect(toUsers).toHaveLength(1);
  });

  it("a same-origin hop that then leaves the origin stops there", async () => {
    const evil = await start((_req, res) => sendJson(res, 200, {}));
    const api = await start((req, res) => {
      if (req.url === "/v1/token") return sendJson(res, 200, tokenBody(jwt("exchanged")));
      if (req.url === "/users") return void res.writeHead(307, { location: "/users/moved" }).end();
      res.writeHead(308, { location: `${evil.url}/users` }).end();
    });
    const { response } = await client(api.url, auth).GET("/users");
    expect(response.status).toBe(308);
    expect(evil.received).toEqual([]);
    expect(api.received.filter((r) => r.path.startsWith("/users")).map((r) => r.path)).toEqual(["/users", "/users/moved"]);
  });

  it("treats localhost and 127.0.0.1 as different origins", async () => {
    const api = await start((req, res) => {
      if (req.url === "/v1/token") return sendJson(res, 200, tokenBody(jwt("exchanged")));
      if (req.headers.host?.startsWith("localhost")) return sendJson(res, 200, { reached: "localhost" });
      res.writeHead(307, { location: api.url.replace("127.0.0.1", "localhost") + "/users" }).end();
    });
    const { response } = await client(api.url, auth).GET("/users");
    expect(response.status).toBe(307);
    expect(api.received.filter((r) => r.headers.host?.startsWith("localhost"))).toEqual([]);
  });
});

describe("same-origin redirects", () => {
  it("follows a chain, with credentials, to the answer", async () => {
    const api = await start((req, res) => {
      const n = Number(req.url!.split("/").pop());
      if (req.url === "/users") return void res.writeHead(302, { location: "/hop/1" }).end();
      if (n < 4) return void res.writeHead(307, { location: `/hop/${n + 1}` }).end();
      sendJson(res, 200, { users: ["final"] });
    });
    const data = await unwrap(client(api.url, { apiKey: "k" }).GET("/users"));
    expect(data).toEqual({ users: ["final"] });
    expect(api.received.map((r) => r.path)).toEqual(["/users", "/hop/1", "/hop/2", "/hop/3", "/hop/4"]);
    expect(api.received.every((r) => r.headers["service-api-key"] === "k")).toBe(true);
  });

  it("gives up after five redirects", async () => {
    const api = await start((req, res) => {
      const n = Number(req.url!.split("/").pop()) || 0;
      res.writeHead(307, { location: `/loop/${n + 1}` }).end();
    });
    const error = await client(api.url, { apiKey: "k" })
      .GET("/users")
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ServiceConnectionError);
    expect((error as Error).message).toMatch(/more than 5 redirects/);
    expect(api.received).toHaveLength(6);
  });

  it("turns a 303 after a POST into a GET without a body", async () => {
    const api = await start((req, res) => {
      if (req.url === "/projects") return void res.writeHead(303, { location: "/projects/p1" }).end();
      sendJson(res, 200, { id: "p1" });
    });
    await unwrap(client(api.url, { apiKey: "k" }).POST("/projects", { body: { name: "n" } }));
    expect(api.received.map((r) => [r.method, r.path, r.body, r.headers["content-type"]])).toEqual([
      ["POST", "/projects", '{"name":"n"}', "application/json"],
      ["GET", "/projects/p1", "", undefined],
    ]);
  });

  it.each([307, 308])("replays method and body byte for byte on a %i", async (status) => {
    const body = { name: "ünïcødé", blob: "x".repeat(70_000) };
    const api = await start((req, res) => {
      if (req.url === "/projects") return void res.writeHead(status, { location: "/projects/v2" }).end();
      sendJson(res, 200, { ok: true });
    });
    await unwrap(client(api.url, { apiKey: "k" }).POST("/projects", { body }));
    expect(api.received.map((r) => r.method)).toEqual(["POST", "POST"]);
    expect(api.received[1]!.body).toBe(JSON.stringify(body));
    expect(api.received[1]!.body).toBe(api.received[0]!.body);
  });
});
