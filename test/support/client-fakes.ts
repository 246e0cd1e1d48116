// Shared test helpers: an injected fetch that records what would go on the wire, canary secrets,
// and a client over it. Every test builds its own instances: nothing here holds state.
import { inspect } from "node:util";
import { expect } from "vitest";
import { createServiceClient } from "../../src/index.js";
import type { ServiceClient, ServiceClientOptions } from "../../src/index.js";

export const BASE = "https://api.acme.example";

/** Canary credentials: they must never appear in an error or a log line. */
export const CANARY = {
  apiKey: "canary-key-5f0c2e9b7a",
  username: "canary-user",
  password: "canary-pw-3d8e1",
  token: "eyJhbGciOiJIUzI1NiJ9.Y2FuYXJ5LWp3dC1hYmM.c2lnLWNhbmFyeS14eXo",
};
/** Every form a canary can take on the wire. */
export const CANARY_FORMS = [
  CANARY.apiKey,
  CANARY.password,
  CANARY.token,
  btoa(`${CANARY.username}:${CANARY.password}`),
];

export function fakeJwt(label: string): string {
  const b64 = (s: string) => btoa(s).replace(/=+$/, "").replace(/\+/g, "-").replace(/\//g, "_");
  return `${b64('{"alg":"HS256"}')}.${b64(`{"sub":"${label}"}`)}.${b64(`sig-${label}`)}`;
}

export interface Sent {
  readonly request: Request;
  readonly body: string;
}

export type Responder = (request: Request, index: number) => Response | Promise<Response>;

/**
 * A fetch that records every request as it would be sent (the transport passes init overrides,
 * so the recorded Request is rebuilt from both) and answers with `respond`.
 */
export function recordingFetch(respond: Responder = () => json({ ok: true })) {
  const sent: Sent[] = [];
  const fetch = async (input: Request | string | URL, init?: RequestInit): Promise<Response> => {
    const request = new Request(input, init);
    const body = request.body === null ? "" : await request.clone().text();
    sent.push({ request, body });
    if (request.signal.aborted) throw request.signal.reason;
    return respond(request, sent.length - 1);
  };
  return { fetch, sent };
}

export function json(body: unknown, init: ResponseInit = {}): Response {
  return new Response(JSON.stringify(body), {
    status: 200,
    ...init,
    headers: { "content-type": "application/json", ...(init.headers as Record<string, string> | undefined) },
  });
}

type LooseCall = (path: string, init?: object) => Promise<{ data?: any; error?: any; response: Response }>;
/** Loose call signatures: tests reach operations with inputs the typed surface would refuse. */
export type TestClient = { GET: LooseCall; POST: LooseCall } & ServiceClient<any>;

/** A client with an injected fetch and an empty environment. */
export function testClient(options: ServiceClientOptions = {}): TestClient {
  return createServiceClient<any>({ baseUrl: BASE, env: {}, ...options }) as TestClient;
}

/**
 * Every textual form of an error a user might print, log or ship. Inspected at unlimited depth:
 * a secret at the bottom of a deeply nested body must not hide behind inspect's "[Object]".
 */
export function errorForms(error: unknown): string[] {
  const forms = [String(error), JSON.stringify(error) ?? "", inspect(error, { showHidden: true, depth: Infinity }), inspect(error, { depth: Infinity })];
  let current: unknown = error;
  for (let depth = 0; current != null && depth < 10; depth++) {
    if (current instanceof Error) forms.push(current.message, current.stack ?? "");
    forms.push(JSON.stringify(current) ?? "");
    current = current instanceof Error ? current.cause : undefined;
  }
  return forms;
}

export function expectNoSecrets(texts: readonly string[], secrets: readonly string[] = CANARY_FORMS): void {
  for (const text of texts) for (const secret of secrets) expect(text).not.toContain(secret);
}

export async function caught(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error("expected a rejection");
}

export function tokenAnswer(token: string, issuedAt: number, lifetimeMs = 24 * 3600_000, serverNow = issuedAt): Response {
  return json(
    { access_token: token, token_type: "bearer", expires_at: new Date(issuedAt + lifetimeMs).toISOString() },
    { headers: { date: new Date(serverNow).toUTCString(), "cache-control": "no-store" } },
  );
}
