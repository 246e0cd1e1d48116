// Malformed credentials (CR, LF, NUL, whitespace at either end, a colon in a Basic user name,
// non-ASCII keys) are rejected when the client is created, with an error that names the field
// and never contains the value.
import { describe, expect, it } from "vitest";
import { createServiceClient, ServiceConfigurationError, type ServiceAuth } from "../../src/index.js";
import { BASE, errorForms, expectNoSecrets } from "../support/client-fakes.js";

const SECRET = "s3cr3t-value-4821";

function creationError(auth: ServiceAuth): unknown {
  try {
    createServiceClient({ baseUrl: BASE, env: {}, auth });
  } catch (error) {
    return error;
  }
  throw new Error("expected createServiceClient to throw");
}

const BAD_VALUES: [string, string][] = [
  ["CR", `${SECRET}\rX-Injected: 1`],
  ["LF", `${SECRET}\nX-Injected: 1`],
  ["CRLF", `${SECRET}\r\n`],
  ["NUL", `${SECRET}\u0000`],
  ["a leading space", ` ${SECRET}`],
  ["a trailing space", `${SECRET} `],
  ["a trailing tab", `${SECRET}\t`],
  ["a leading newline", `\n${SECRET}`],
];

describe.each([
  ["auth.apiKey", (value: string): ServiceAuth => ({ apiKey: value })],
  ["auth.password", (value: string): ServiceAuth => ({ username: "ada", password: value })],
  ["auth.username", (value: string): ServiceAuth => ({ username: value, password: "pw" })],
  ["auth.token", (value: string): ServiceAuth => ({ token: `aaa.bbb.${value}` })],
])("%s", (field, build) => {
  it.each(BAD_VALUES)("rejects %s without echoing the value", (_label, value) => {
    const error = creationError(build(value));
    expect(error).toBeInstanceOf(ServiceConfigurationError);
    expect((error as Error).message).toContain(field);
    expectNoSecrets(errorForms(error), [SECRET]);
  });
});

describe("other checks", () => {
  it("rejects a user name with a colon", () => {
    expect(creationError({ username: "ada:x", password: "pw" })).toMatchObject({ message: expect.stringMatching(/must not contain `:`/) });
  });

  it("rejects half of a Basic pair", () => {
    expect(creationError({ username: "ada" })).toBeInstanceOf(ServiceConfigurationError);
    expect(creationError({ password: SECRET })).toBeInstanceOf(ServiceConfigurationError);
  });

  it.each([SECRET, `${SECRET}.two`, `a.b.c.${SECRET}`, `é.${SECRET}.c`])("rejects %s as a JWT without echoing it", (value) => {
    const error = creationError({ token: value });
    expect((error as Error).message).toMatch(/auth\.token/);
    expectNoSecrets(errorForms(error), [SECRET]);
  });

  it("rejects a non-ASCII API key (fetch would quote it in its own error)", () => {
    const error = creationError({ apiKey: `${SECRET}é` });
    expect((error as Error).message).toMatch(/printable ASCII/);
    expectNoSecrets(errorForms(error), [SECRET]);
  });

  it("rejects jwt mode without anything to exchange, and with a token already held", () => {
    expect(creationError({ jwt: true })).toBeInstanceOf(ServiceConfigurationError);
    expect(creationError({ jwt: true, token: "a.b.c", apiKey: "k" })).toBeInstanceOf(ServiceConfigurationError);
  });

  it("accepts a password with inner spaces and non-ASCII letters", () => {
    expect(() => createServiceClient({ baseUrl: BASE, env: {}, auth: { username: "jörg", password: "p ä ss" } })).not.toThrow();
  });
});
