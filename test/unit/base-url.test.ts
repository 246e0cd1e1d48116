// The base address: baseUrl as given (trailing / dropped); else the console address
// with its leading `console` label turned into `api`, scheme and port kept, path dropped.
import { describe, expect, it } from "vitest";
import { createServiceClient, deriveApiBaseUrl, ServiceConfigurationError } from "../../src/index.js";
import { recordingFetch } from "../support/client-fakes.js";

describe("deriveApiBaseUrl", () => {
  it.each([
    ["https://console.acme.example", "https://api.acme.example"],
    ["https://console.acme.example/", "https://api.acme.example"],
    ["https://console.eu.acme.example/some/page?x=1#top", "https://api.eu.acme.example"],
    ["http://console.localhost:8443", "http://api.localhost:8443"],
    ["https://console.acme.example:443/", "https://api.acme.example"],
    ["https://CONSOLE.Acme.Example", "https://api.acme.example"],
  ])("%s → %s", (consoleUrl, expected) => {
    expect(deriveApiBaseUrl(consoleUrl)).toBe(expected);
  });

  it.each([
    "https://acme.example",
    "https://app.console.acme.example",
    "https://console-eu.acme.example",
    "https://myconsole.acme.example",
    "https://api.acme.example",
    "https://127.0.0.1:8080",
    "https://[::1]",
    "https://console",
  ])("refuses %s with an error that states the rule", (consoleUrl) => {
    expect(() => deriveApiBaseUrl(consoleUrl)).toThrow(ServiceConfigurationError);
    expect(() => deriveApiBaseUrl(consoleUrl)).toThrow(/leading host label `console` replaced by `api`/);
  });

  it.each(["not a url", "ftp://console.acme.example", "https://user:pw@console.acme.example"])("refuses %s", (consoleUrl) => {
    expect(() => deriveApiBaseUrl(consoleUrl)).toThrow(ServiceConfigurationError);
  });

  it("never echoes user info from a bad address", () => {
    expect(() => deriveApiBaseUrl("https://ada:hunter2@console.acme.example")).toThrow(
      expect.objectContaining({ message: expect.not.stringContaining("hunter2") }),
    );
  });
});

describe("the address requests go to", () => {
  async function firstUrl(options: Parameters<typeof createServiceClient>[0]) {
    const { fetch, sent } = recordingFetch();
    const client = createServiceClient({ env: {}, fetch, ...options });
    await client.GET("/v1/healthcheck");
    return sent[0]!.request.url;
  }

  it("uses baseUrl as given, dropping trailing slashes", async () => {
    expect(await firstUrl({ baseUrl: "https://api.acme.example/" })).toBe("https://api.acme.example/v1/healthcheck");
    expect(await firstUrl({ baseUrl: "https://gw.acme.example/service//" })).toBe("https://gw.acme.example/service/v1/healthcheck");
  });

  it("derives it from consoleUrl", async () => {
    expect(await firstUrl({ consoleUrl: "https://console.acme.example/projects" })).toBe("https://api.acme.example/v1/healthcheck");
  });

  it("prefers baseUrl over consoleUrl", async () => {
    expect(await firstUrl({ baseUrl: "https://b.acme.example", consoleUrl: "https://console.acme.example" })).toBe(
      "https://b.acme.example/v1/healthcheck",
    );
  });

  it("refuses a console host without a leading console label when the client is created", () => {
    expect(() => createServiceClient({ env: {}, consoleUrl: "https://portal.acme.example" })).toThrow(/`console`/);
  });

  it("refuses a client with no address at all, saying where one can come from", () => {
    expect(() => createServiceClient({ env: {} })).toThrow(/SERVICE_API_URL/);
  });
});
