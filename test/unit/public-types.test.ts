// The public surface's types against the generated schema: typed paths and bodies through the
// client, unwrap's data type, paginate's item type. Checked by `tsc`; the runtime part only makes
// sure the calls are real.
import { describe, expect, expectTypeOf, it } from "vitest";
import type { components } from "../../generated/schema.js";
import { createServiceClient, paginate, unwrap } from "../../src/index.js";
import { json, recordingFetch } from "../support/client-fakes.js";

type Schemas = components["schemas"];

describe("public types", () => {
  it("types data, unwrap and paginate from the spec", async () => {
    const { fetch } = recordingFetch((request) =>
      new URL(request.url).pathname === "/users"
        ? json({ users: [], next_starting_token: null, limit: 100, starting_token: 0, paginated: true })
        : json({ api_version: "1", message: "ok", version: "2" }),
    );
    const client = createServiceClient({ baseUrl: "https://api.acme.example", env: {}, fetch, auth: { apiKey: "k" } });

    const health = await unwrap(client.GET("/v1/healthcheck"));
    expectTypeOf(health).toEqualTypeOf<Schemas["HealthcheckResponse"]>();
    expect(health.message).toBe("ok");

    const users = paginate(client, "/users", { params: { query: { limit: 10 } } });
    expectTypeOf(users).toEqualTypeOf<AsyncGenerator<Schemas["GetUserResponse"], void, undefined>>();
    for await (const user of users) expectTypeOf(user.id).not.toBeAny();

    // @ts-expect-error: not a path of the API
    expect(() => paginate(client, "/no/such/path")).toBeDefined();
  });
});
