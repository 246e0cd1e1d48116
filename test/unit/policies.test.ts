// The compact runtime table (generated/operations.ts, decoded by src/operation-table.ts) against
// the spec it was generated from: for every operation of generated/openapi.json, the policy the
// client resolves is exactly what the spec says, and the client behaves by it.
import { describe, expect, it } from "vitest";
import { createServiceClient, paginate } from "../../src/index.js";
import { specPolicies } from "../../src/operation-table.js";
import { bundle, bundleOperations } from "../support/bundle.js";
import { BASE, fakeJwt, json, recordingFetch } from "./helpers.js";

const IDEMPOTENT = new Set(["GET", "HEAD", "OPTIONS", "PUT", "DELETE"]);

function specPolicy(method: string, operation: Record<string, any>) {
  const requirements: Record<string, unknown>[] = operation.security ?? bundle.security ?? [];
  return {
    security: requirements.map((requirement) => Object.keys(requirement)[0]),
    retrySafe: IDEMPOTENT.has(method) || operation["x-idempotent"] === true,
    paginationItems: operation["x-pagination"]?.items as string | undefined,
  };
}

const cases = bundleOperations.map(({ method, path, operation }) => [`${method} ${path}`, method, path, operation] as const);
const withParams = (path: string) => ({ params: { path: Object.fromEntries([...path.matchAll(/\{([^}]+)\}/g)].map(([, name]) => [name, "x"])) } });

describe("the runtime table holds every operation of the spec, exactly", () => {
  it("one entry per operation, and no other", () => {
    expect(cases.length).toBe(216);
    expect([...specPolicies().keys()].sort()).toEqual(cases.map(([key]) => key).sort());
  });

  it.each(cases)("%s: security, retry safety and pagination as the spec says", (key, method, _path, operation) => {
    const policy = specPolicies().get(key)!;
    const expected = specPolicy(method, operation);
    expect({ security: [...policy.security], retrySafe: policy.retrySafe, paginationItems: policy.paginationItems }).toEqual(expected);
    // The operationId is kept where a credential check can fail, and is then the spec's.
    if (expected.security.length !== 3) expect(policy.operationId).toBe(operation.operationId);
  });
});

describe("the client acts on each operation's policy", () => {
  it.each(cases)("%s: credential chosen from its security, retried only when retry-safe", async (key, method, path, operation) => {
    const expected = specPolicy(method, operation);
    const token = fakeJwt("held");
    const { fetch, sent } = recordingFetch(() => new Response(null, { status: 503, headers: { "retry-after": "0" } }));
    const client = createServiceClient<any>({ baseUrl: BASE, env: {}, fetch, auth: { token }, maxRetries: 1 }) as any;
    const call = client[method](path, withParams(path));
    if (expected.security.length > 0 && !expected.security.includes("JwtBearer")) {
      // Only a JWT held, and the operation does not take one: an error naming it, nothing sent.
      await expect(call).rejects.toThrow(`${operation.operationId} (${key})`);
      expect(sent).toHaveLength(0);
      return;
    }
    const { response } = await call;
    expect(response.status).toBe(503);
    expect(sent).toHaveLength(expected.retrySafe ? 2 : 1);
    const authorization = expected.security.length === 0 ? null : `Bearer ${token}`;
    for (const { request } of sent) expect(request.headers.get("authorization")).toBe(authorization);
  });

  const paginated = cases.filter(([, method, , operation]) => specPolicy(method, operation).paginationItems !== undefined);
  it.each(paginated)("%s: paginate() yields the items of its x-pagination field", async (_key, method, path, operation) => {
    const field = operation["x-pagination"].items as string;
    const { fetch } = recordingFetch((_request, index) => json({ [field]: [index * 2, index * 2 + 1], next_starting_token: index === 0 ? 2 : null }));
    const client = createServiceClient<any>({ baseUrl: BASE, env: {}, fetch, auth: { apiKey: "k" } });
    const items: unknown[] = [];
    for await (const item of paginate(client, path as never, { method: method as "GET" | "POST", ...withParams(path) })) items.push(item);
    expect(items).toEqual([0, 1, 2, 3]);
  });
});
