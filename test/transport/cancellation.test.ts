// A caller's AbortSignal is honoured at every wait in JWT mode, on real sockets: while the call
// waits for the shared token on a cold start, while it waits for a proactive refresh, and while it
// waits for the fresh token after a 401. The call settles at once with the caller's own reason,
// not minutes later with the token request's timeout. The token request itself is shared, so one
// caller giving up must not cancel it for the others.
import { describe, expect, it } from "vitest";
import type { ServerResponse } from "node:http";
import { createServiceClient } from "../../src/index.js";
import { jwt, sendJson, serversClosedAfterEach } from "../support/loopback-server.js";

const start = serversClosedAfterEach();

/**
 * Far beyond the test's own timeout (vitest's): a call that waited for the held token request
 * instead of its caller's abort would still be waiting when the test fails, so a call that settles
 * while the token request is still held settled because of the abort, whatever the machine's speed.
 */
const TOKEN_TIMEOUT_MS = 120_000;

/**
 * get-token answers the first `answered` requests at once with `tokens` (expiring after
 * `lifetimeMs`); later token requests are held until the test releases them, and each one held
 * calls `onHeld`.
 */
async function service(options: { answered: number; lifetimeMs?: number; onHeld: () => void }) {
  const held: ServerResponse[] = [];
  let released = 0;
  let tokenRequests = 0;
  const server = await start((req, res) => {
    if (req.url === "/v1/token") {
      tokenRequests++;
      if (tokenRequests <= options.answered) {
        // No Date header (Node sends one by default, to the second): the lifetime is then
        // measured on our own clock, to the millisecond.
        res.sendDate = false;
        const expiresAt = new Date(Date.now() + (options.lifetimeMs ?? 24 * 3600_000)).toISOString();
        return sendJson(res, 200, { access_token: jwt(`t${tokenRequests}`), token_type: "bearer", expires_at: expiresAt });
      }
      held.push(res);
      return options.onHeld();
    }
    // t1 is good for /users only: /users/u1 answers 401 to it, as to a revoked token.
    const bearer = (req.headers.authorization ?? "").replace(/^Bearer /, "");
    const accepted = bearer === jwt("fresh") || (bearer === jwt("t1") && req.url === "/users");
    return accepted ? sendJson(res, 200, { users: [] }) : sendJson(res, 401, { detail: "token revoked" });
  });
  const release = () => {
    released += held.length;
    for (const res of held.splice(0)) sendJson(res, 200, { access_token: jwt("fresh"), token_type: "bearer", expires_at: new Date(Date.now() + 24 * 3600_000).toISOString() });
  };
  const client = createServiceClient<any>({ baseUrl: server.url, env: {}, auth: { apiKey: "exchange-key", jwt: true }, timeoutMs: TOKEN_TIMEOUT_MS, maxRetries: 0 }) as any;
  return { server, client, release, stillHeld: () => held.length > 0 && released === 0, paths: () => server.received.map((r) => r.path) };
}

/** An AbortController that aborts, with a reason of its own, shortly after the token request is held. */
function abortWhenHeld() {
  const controller = new AbortController();
  const reason = new Error("the caller gave up");
  const onHeld = () => setTimeout(() => controller.abort(reason), 50);
  return { signal: controller.signal, reason, onHeld };
}

async function rejection(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error("expected the call to reject");
}

describe("aborting while the call waits for a JWT", () => {
  it("on a cold start: settles at once with the caller's reason, and the shared token request still serves others", async () => {
    const abort = abortWhenHeld();
    const svc = await service({ answered: 0, onHeld: abort.onHeld });
    const patient = svc.client.GET("/users");
    const error = await rejection(svc.client.GET("/users", { signal: abort.signal }));
    expect(error).toBe(abort.reason);
    expect(abort.signal.aborted).toBe(true);
    expect(svc.stillHeld()).toBe(true);
    expect(svc.paths()).toEqual(["/v1/token"]);

    // The caller without a signal still gets the one token, from the same request.
    svc.release();
    const { response } = await patient;
    expect(response.status).toBe(200);
    expect(svc.paths()).toEqual(["/v1/token", "/users"]);
  });

  it("on a refresh shortly before expiry: settles at once with the caller's reason", async () => {
    const abort = abortWhenHeld();
    // A 2-second token is refreshed half-way through its life.
    const svc = await service({ answered: 1, lifetimeMs: 2000, onHeld: abort.onHeld });
    expect((await svc.client.GET("/users")).response.status).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 1100));
    const error = await rejection(svc.client.GET("/users", { signal: abort.signal }));
    expect(error).toBe(abort.reason);
    expect(svc.stillHeld()).toBe(true);
    expect(svc.paths()).toEqual(["/v1/token", "/users", "/v1/token"]);
    svc.release();
  });

  it("during 401 → refresh → replay: settles at once with the caller's reason, and nothing is replayed", async () => {
    const abort = abortWhenHeld();
    const svc = await service({ answered: 1, onHeld: abort.onHeld });
    const error = await rejection(svc.client.GET("/users/{user_id}", { params: { path: { user_id: "u1" } }, signal: abort.signal }));
    expect(error).toBe(abort.reason);
    expect(svc.stillHeld()).toBe(true);
    expect(svc.paths()).toEqual(["/v1/token", "/users/u1", "/v1/token"]);
    svc.release();
  });
});
