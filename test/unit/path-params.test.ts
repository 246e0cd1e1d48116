// Path parameters are percent-encoded so that they can never change the path, and
// credentials never go into a URL.
import { describe, expect, it } from "vitest";
import { ServiceConfigurationError } from "../../src/index.js";
import { caught, recordingFetch, testClient } from "../support/client-fakes.js";

async function urlFor(userId: string) {
  const { fetch, sent } = recordingFetch();
  await testClient({ fetch, auth: { apiKey: "k" } }).GET("/users/{user_id}" as never, { params: { path: { user_id: userId } } } as never);
  return sent[0]!.request.url;
}

describe("path parameters", () => {
  it.each([
    ["../admin", "https://api.acme.example/users/..%2Fadmin"],
    ["a/b", "https://api.acme.example/users/a%2Fb"],
    ["a?b#c", "https://api.acme.example/users/a%3Fb%23c"],
    ["%2e%2e", "https://api.acme.example/users/%252e%252e"],
    ["x y", "https://api.acme.example/users/x%20y"],
    [".%2E", "https://api.acme.example/users/.%252E"],
    ["...", "https://api.acme.example/users/..."],
    ["..", undefined],
  ].filter(([, url]) => url !== undefined) as [string, string][])("%s stays one segment: %s", async (value, expected) => {
    const url = await urlFor(value);
    expect(url).toBe(expected);
    expect(new URL(url).pathname.split("/")).toHaveLength(3);
  });

  it.each(["..", ".", ""])("refuses %j, which would change the path, before sending", async (value) => {
    const { fetch, sent } = recordingFetch();
    const error = await caught(testClient({ fetch }).GET("/users/{user_id}" as never, { params: { path: { user_id: value } } } as never));
    expect(error).toBeInstanceOf(ServiceConfigurationError);
    expect(sent).toHaveLength(0);
  });

  it("refuses a missing path parameter before sending", async () => {
    const { fetch, sent } = recordingFetch();
    const error = await caught(testClient({ fetch }).GET("/users/{user_id}" as never, { params: { path: {} } } as never));
    expect((error as Error).message).toMatch(/user_id is missing/);
    expect(sent).toHaveLength(0);
  });

  it("never puts a credential in the URL", async () => {
    for (const auth of [{ apiKey: "key-in-url?" }, { username: "u", password: "pw-in-url" }]) {
      const { fetch, sent } = recordingFetch();
      await testClient({ fetch, auth }).GET("/users" as never);
      expect(sent[0]!.request.url).toBe("https://api.acme.example/users");
    }
  });
});
