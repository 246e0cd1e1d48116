// JWT mode on real sockets: concurrent calls share one get-token request, a 401 on a bearer
// request refreshes the token and replays once, and a second 401 surfaces. The local get-token
// server hands out a fixed list of tokens, so any extra token request fails the test.
import { describe, expect, it } from "vitest";
import { createServiceClient, unwrap } from "../../src/index.js";
import { jwt, sendJson, serversClosedAfterEach, tokenBody } from "../support/loopback-server.js";

const start = serversClosedAfterEach();

/** get-token hands out `tokens` once each; a request beyond them is recorded as a failure. */
async function service(tokens: string[], accepts: (token: string) => boolean) {
  const extraTokenCalls: number[] = [];
  let issued = 0;
  const server = await start((req, res) => {
    if (req.url === "/v1/token") {
      const token = tokens[issued++];
      if (token === undefined) {
        extraTokenCalls.push(issued);
        return sendJson(res, 500, { detail: "get-token called more often than allowed" });
      }
      return sendJson(res, 200, tokenBody(token), { date: new Date().toUTCString(), "cache-control": "no-store" });
    }
    const bearer = (req.headers.authorization ?? "").replace(/^Bearer /, "");
    return accepts(bearer) ? sendJson(res, 200, { users: [] }) : sendJson(res, 401, { detail: "invalid token" }, { "www-authenticate": "Bearer" });
  });
  const client = createServiceClient<any>({
    baseUrl: server.url,
    env: {},
    auth: { apiKey: "exchange-key", jwt: true },
    maxRetries: 0,
  }) as any;
  return { server, client, extraTokenCalls, tokenCalls: () => server.received.filter((r) => r.path === "/v1/token") };
}

describe("JWT mode over HTTP", () => {
  it("1,000 concurrent calls share one get-token request", async () => {
    const svc = await service([jwt("only")], (t) => t === jwt("only"));
    const results = await Promise.all(Array.from({ length: 1000 }, () => svc.client.GET("/users")));
    expect(results.every((r: { response: Response }) => r.response.status === 200)).toBe(true);
    expect(svc.tokenCalls()).toHaveLength(1);
    expect(svc.extraTokenCalls).toEqual([]);
    expect(svc.tokenCalls()[0]!.headers["service-api-key"]).toBe("exchange-key");
  }, 30_000); // 1,000 real sockets: seconds on a loaded 2-core machine, so more than the default 5 s

  it("401 → one refresh, one replay", async () => {
    const svc = await service([jwt("revoked"), jwt("fresh")], (t) => t === jwt("fresh"));
    expect(await unwrap(svc.client.GET("/users"))).toEqual({ users: [] });
    expect(svc.tokenCalls()).toHaveLength(2);
    expect(svc.extraTokenCalls).toEqual([]);
    expect(svc.server.received.filter((r) => r.path === "/users").map((r) => r.headers.authorization)).toEqual([
      `Bearer ${jwt("revoked")}`,
      `Bearer ${jwt("fresh")}`,
    ]);
  });

  it("a second 401 surfaces", async () => {
    const svc = await service([jwt("a"), jwt("b")], () => false);
    const error = await unwrap(svc.client.GET("/users")).catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 401, kind: "unauthorized", operation: "GET /users", attempts: 2 });
    expect(svc.extraTokenCalls).toEqual([]);
  });
});
