// Every operation of the bundle, called through the typed client against the Prism mock with
// parameters and bodies built from the spec itself. Prism runs with --errors, so an answer that
// breaks its own schema would arrive as a 500 with an sl-violations header.
import createClient from "openapi-fetch";
import { describe, expect, inject, it } from "vitest";
import type { paths } from "../../generated/schema.js";
import { createServiceClient } from "../../src/index.js";
import { bundleOperations, resolve, type Json } from "../support/bundle.js";
import { sampleOf } from "../support/sample.js";

const baseUrl = inject("prismUrl");
// Prism checks only that a credential is present and well formed; this one is a placeholder.
const client = createServiceClient({ baseUrl, auth: { apiKey: "contract-test-key" } });
const anonymous = createClient<paths>({ baseUrl });

interface Call {
  params: { path: Json; query: Json };
  body?: unknown;
  bodySerializer?: (body: unknown) => BodyInit;
  parseAs?: "json" | "text";
  headers?: Record<string, string>;
}

function callFor(operation: Json): Call {
  const call: Call = { params: { path: {}, query: {} } };
  for (const parameter of (operation.parameters ?? []).map((p: Json) => resolve(p))) {
    if (parameter.in === "path" || (parameter.in === "query" && parameter.required)) {
      const value = sampleOf(parameter.schema);
      // An empty list would leave a required query parameter out of the URL altogether.
      const schema = resolve(parameter.schema);
      call.params[parameter.in as "path" | "query"][parameter.name] =
        Array.isArray(value) && value.length === 0 ? [sampleOf(schema.items)] : value;
    }
  }
  const success = Object.entries(operation.responses as Json).find(([status]) => status.startsWith("2"))?.[1];
  const successTypes = Object.keys(resolve(success)?.content ?? {});
  if (successTypes.length > 0 && !successTypes.includes("application/json")) call.parseAs = "text";
  const requestBody = resolve(operation.requestBody);
  if (requestBody?.required) {
    const [mediaType, media] = Object.entries(requestBody.content as Json)[0]!;
    call.body = sampleOf(media.schema);
    if (mediaType === "multipart/form-data") call.bodySerializer = (body) => toForm(body as Json, new FormData());
    if (mediaType === "application/x-www-form-urlencoded") {
      // openapi-fetch labels every non-FormData body as JSON unless told otherwise.
      call.headers = { "Content-Type": mediaType };
      call.bodySerializer = (body) => new URLSearchParams(Object.entries(body as Json).map(([k, v]) => [k, String(v)]));
    }
  }
  return call;
}

function toForm(body: Json, form: FormData): FormData {
  for (const [name, value] of Object.entries(body)) {
    form.append(name, typeof value === "string" ? value : JSON.stringify(value));
  }
  return form;
}

const cases = bundleOperations.map(({ method, path, operation }) => [`${method} ${path} (${operation.operationId})`, method, path, operation] as const);

describe("every operation answers 2xx within its contract", () => {
  it.each(cases)("%s", async (_name, method, path, operation) => {
    const call = callFor(operation);
    const { response } = await (client.request as any)(method.toLowerCase(), path, call);
    const violations = response.headers.get("sl-violations");
    expect(violations, `Prism reports: ${violations}`).toBeNull();
    expect(response.status, `${method} ${path}`).toBeGreaterThanOrEqual(200);
    expect(response.status, `${method} ${path}`).toBeLessThan(300);
  });
});

const authenticated = cases.filter(([, , , operation]) => (operation.security ?? []).length > 0);

describe("every authenticated operation answers 401 without credentials", () => {
  it("covers every operation except the health check and the three logins, which take no credentials", () => {
    const open = cases.filter((entry) => !authenticated.includes(entry)).map(([, , , operation]) => operation.operationId);
    expect(open.sort()).toEqual(["healthcheck", "loginApiKey", "loginEmail", "loginSocial"]);
  });

  it.each(authenticated)("%s", async (_name, method, path, operation) => {
    const { response } = await (anonymous.request as any)(method.toLowerCase(), path, callFor(operation));
    expect(response.status).toBe(401);
    expect(response.headers.get("www-authenticate")).toBeTruthy();
  });
});
