// The per-operation policy table (generated/operations.ts, read through src/client/policies.ts) against
// the spec it was generated from: for every operation of generated/openapi.json, the policy the
// client resolves is exactly what the spec says, and the client behaves by it.
import { describe, expect, it } from "vitest";
import { specPolicy as clientPolicy } from "../../src/client/policies.js";
import { IDEMPOTENT_METHODS, readsOnly, safeToRepeat } from "../../src/contract/openapi-document.js";
import { createServiceClient, paginate } from "../../src/index.js";
import { bundle, bundleOperations, resolve } from "../support/bundle.js";
import { BASE, fakeJwt, json, recordingFetch } from "../support/client-fakes.js";

function specPolicy(method: string, operation: Record<string, any>) {
  const requirements: Record<string, unknown>[] = operation.security ?? bundle.security ?? [];
  const content = Object.keys(resolve(operation.requestBody)?.content ?? {});
  const body = content.includes("multipart/form-data") ? "multipart" : content.includes("application/x-www-form-urlencoded") ? "form" : "json";
  const form = body === "multipart" ? resolve(resolve(operation.requestBody).content["multipart/form-data"].schema) : undefined;
  const arrays = (operation.parameters ?? [])
    .map((parameter: unknown) => resolve(parameter))
    .filter((parameter: any) => parameter.in === "query" && JSON.stringify(resolve(parameter.schema)).includes('"array"'))
    .map((parameter: any) => parameter.name);
  return {
    security: requirements.map((requirement) => Object.keys(requirement)[0]),
    // An idempotent method, or a POST that only reads; never an operation with a side effect.
    retrySafe: operation["x-side-effect"] === undefined && (IDEMPOTENT_METHODS.has(method) || operation["x-idempotent"] === true),
    pageItems: operation["x-pagination"]?.items as string | undefined,
    body,
    files: Object.entries(form?.properties ?? {})
      .filter(([, property]: [string, any]) => property.contentMediaType === "application/octet-stream")
      .map(([name]) => name),
    arrayQuery: arrays,
    answer: Object.entries(operation.responses)
      .filter(([status]) => status.startsWith("2"))
      .some(([, answer]) => Object.keys(resolve(answer)?.content ?? {}).some((type) => type !== "application/json"))
      ? "file"
      : "json",
  };
}

const cases = bundleOperations.map(({ method, path, operation }) => [`${method} ${path}`, method, path, operation] as const);
const withParams = (path: string) => ({ params: { path: Object.fromEntries([...path.matchAll(/\{([^}]+)\}/g)].map(([, name]) => [name, "x"])) } });

describe("the rule behind the table (and behind verify's plan)", () => {
  it.each([
    ["GET", {}, true, true],
    ["HEAD", {}, true, true],
    ["PUT", {}, false, true],
    ["DELETE", {}, false, true],
    ["POST", {}, false, false],
    ["POST", { "x-idempotent": true }, true, true],
    ["PATCH", { "x-idempotent": true }, false, false],
    ["GET", { "x-side-effect": "sends an email" }, true, false],
  ] as const)("%s %j: reads only %s, safe to repeat %s", (method, marks, reads, repeat) => {
    expect(readsOnly(method, marks)).toBe(reads);
    expect(safeToRepeat(method, marks)).toBe(repeat);
  });
});

describe("the policy table says of every operation of the spec what the spec says", () => {
  it.each(cases)("%s: security, retry safety, pagination, body and answer encoding, array parameters", (_key, method, path, operation) => {
    const policy = clientPolicy(method, path);
    const expected = specPolicy(method, operation);
    expect({
      security: [...policy.security],
      retrySafe: policy.retrySafe,
      pageItems: policy.pageItems,
      body: policy.body,
      files: [...policy.files],
      arrayQuery: [...policy.arrayQuery],
      answer: policy.answer,
    }).toEqual(expected);
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

  const paginated = cases.filter(([, method, , operation]) => specPolicy(method, operation).pageItems !== undefined);
  it.each(paginated)("%s: paginate() yields the items of its x-pagination field", async (_key, method, path, operation) => {
    const field = operation["x-pagination"].items as string;
    const { fetch } = recordingFetch((_request, index) => json({ [field]: [index * 2, index * 2 + 1], next_starting_token: index === 0 ? 2 : null }));
    const client = createServiceClient<any>({ baseUrl: BASE, env: {}, fetch, auth: { apiKey: "k" } });
    const items: unknown[] = [];
    for await (const item of paginate(client, path as "/users", { method: method as "GET", ...withParams(path) } as never)) items.push(item);
    expect(items).toEqual([0, 1, 2, 3]);
  });
});
