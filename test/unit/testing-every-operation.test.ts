// Every operation of the contract, reached through the testing mock: one request per operation
// (the code samples' request, scripts/lib/sample-request.mjs), sent to `mockService().fetch`,
// through MSW's setupServer to `mswHandlers`, and over HTTP to the server `service-api mock`
// runs. Each must be recorded as the operation it was sent for, with its path parameters, and
// answered with a success: the router and the request checks serve the whole contract, not only
// the operations other tests happen to call.
import { setupServer } from "msw/node";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { queryString, sampleRequest } from "../../scripts/lib/sample-request.mjs";
import { sampleInputs, sampleServerUrl } from "../../scripts/lib/sample-values.mjs";
import { mockService } from "../../src/testing.js";
import { mswHandlers } from "../../src/testing-msw.js";
import { serveMock, type MockServer } from "../../src/mock/server.js";
import { bundle, bundleOperations, type BundleOperation } from "../support/bundle.js";

const BASE = sampleServerUrl(bundle);
const service = mockService();
const server = setupServer(...mswHandlers(service, { baseUrl: BASE }));

let served: MockServer;
beforeAll(async () => {
  // Requests to the served mock's loopback address pass MSW by.
  server.listen({ onUnhandledRequest: "bypass" });
  served = await serveMock(service, { host: "127.0.0.1", port: 0, keepRecord: true });
});
afterEach(() => service.reset());
afterAll(async () => {
  server.close();
  await served.close();
});

/** The sample's credential as a header: the mock checks that one of the accepted kinds is there. */
function credentialHeader(credential: ReturnType<typeof sampleRequest>["credential"]): [string, string][] {
  if (credential === undefined) return [];
  if (credential.kind === "apiKey") return [[credential.header, "every-operation-key"]];
  if (credential.kind === "basic") return [["authorization", `Basic ${btoa("ada@acme.example:every-operation-password")}`]];
  return [["authorization", "Bearer every.operation.jwt"]];
}

/** The request a code sample sends for `entry`, as a fetch Request. */
function requestFor(entry: BundleOperation): Request {
  const sample = sampleRequest(bundle, entry);
  const headers = new Headers([...sample.headers, ...credentialHeader(sample.credential)]);
  let body: BodyInit | undefined;
  if (sample.body?.kind === "json") {
    headers.set("content-type", "application/json");
    body = JSON.stringify(sample.body.value);
  } else if (sample.body?.kind === "form") {
    body = new URLSearchParams(sample.body.fields);
  } else if (sample.body?.kind === "multipart") {
    const form = new FormData();
    for (const [name, value] of sample.body.fields) form.append(name, value);
    for (const [name, file] of sample.body.files) form.append(name, new Blob([file.contents], { type: file.type }), file.name);
    body = form;
  }
  return new Request(`${sample.url}${queryString(sample.query)}`, { method: sample.method, headers, ...(body !== undefined ? { body } : {}) });
}

const cases = bundleOperations.map((entry) => [`${entry.method.toUpperCase()} ${entry.path}`, entry] as const);

async function expectRouted(key: string, entry: BundleOperation, answer: Response) {
  const { params } = sampleInputs(bundle, entry, { requestExample: true });
  expect(service.violations.map((violation) => violation.message)).toEqual([]);
  expect(service.calls().map((call) => ({ operation: call.operation, path: call.params.path }))).toEqual([{ operation: key, path: params.path ?? {} }]);
  expect(answer.status, await answer.clone().text()).toBeGreaterThanOrEqual(200);
  expect(answer.status).toBeLessThan(300);
}

describe("every operation of the contract reaches its operation in the testing mock", () => {
  it("has the operations to try", () => {
    expect(cases.length).toBe(Object.values(bundle.paths).flatMap((item) => Object.keys(item as object).filter((key) => key !== "parameters")).length);
  });

  it.each(cases)("through mockService: %s", async (key, entry) => {
    const answer = await service.fetch(requestFor(entry));
    await expectRouted(key, entry, answer);
  });

  it.each(cases)("through mswHandlers: %s", async (key, entry) => {
    const answer = await fetch(requestFor(entry));
    await expectRouted(key, entry, answer);
  });

  it.each(cases)("over HTTP, through service-api mock's server: %s", async (key, entry) => {
    const request = requestFor(entry);
    const url = new URL(request.url);
    const answer = await fetch(new Request(`${served.url}${url.pathname}${url.search}`, request));
    await expectRouted(key, entry, answer);
  });
});
