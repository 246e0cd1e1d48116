// paginate() walks starting_token / next_starting_token pages and yields items,
// using the items field the spec's x-pagination names, and keeps the caller's limit.
import { describe, expect, it } from "vitest";
import { paginate, ServiceApiError, ServiceConfigurationError, ServiceResponseError } from "../../src/index.js";
import { caught, json, recordingFetch, testClient } from "../support/client-fakes.js";

/** A listing of `total` users served `limit` at a time (default 2). */
function listing(total: number, field = "users") {
  return recordingFetch((request) => {
    const url = new URL(request.url);
    const start = Number(url.searchParams.get("starting_token") ?? 0);
    const limit = Number(url.searchParams.get("limit") ?? 2);
    const items = Array.from({ length: Math.max(0, Math.min(limit, total - start)) }, (_, i) => ({ id: start + i }));
    const next = start + limit < total ? start + limit : null;
    return json({ [field]: items, next_starting_token: next, limit, starting_token: start });
  });
}

async function collect(iterable: AsyncIterable<unknown>): Promise<unknown[]> {
  const out: unknown[] = [];
  for await (const item of iterable) out.push(item);
  return out;
}

describe("paginate", () => {
  it("yields every item across pages and stops on a null next_starting_token", async () => {
    const { fetch, sent } = listing(5);
    const items = await collect(paginate(testClient({ fetch }), "/users"));
    expect(items).toEqual([0, 1, 2, 3, 4].map((id) => ({ id })));
    expect(sent.map((s) => new URL(s.request.url).search)).toEqual(["", "?starting_token=2", "?starting_token=4"]);
  });

  it("keeps the caller's limit and starting point on every page", async () => {
    const { fetch, sent } = listing(10);
    const items = await collect(paginate(testClient({ fetch }), "/users", { params: { query: { limit: 4, starting_token: 3 } } }));
    expect(items.map((i) => (i as { id: number }).id)).toEqual([3, 4, 5, 6, 7, 8, 9]);
    expect(sent.map((s) => new URL(s.request.url).search)).toEqual(["?limit=4&starting_token=3", "?limit=4&starting_token=7"]);
  });

  it("fetches pages lazily: stopping early makes no further requests", async () => {
    const { fetch, sent } = listing(100);
    for await (const item of paginate(testClient({ fetch }), "/users")) {
      if ((item as unknown as { id: number }).id === 2) break;
    }
    expect(sent).toHaveLength(2);
  });

  it("walks a paginated POST with its body, using its items field", async () => {
    const { fetch, sent } = listing(3, "projects");
    const items = await collect(paginate(testClient({ fetch }), "/projects/paginated", { body: { filters: [] } }));
    expect(items).toHaveLength(3);
    expect(sent.every((s) => s.request.method === "POST" && s.body === '{"filters":[]}')).toBe(true);
  });

  it("handles an empty listing", async () => {
    const { fetch } = listing(0);
    expect(await collect(paginate(testClient({ fetch }), "/users"))).toEqual([]);
  });

  it("ends with an error when the service repeats the same token (no progress), after yielding the page", async () => {
    const { fetch, sent } = recordingFetch(() => json({ users: [{ id: 1 }], next_starting_token: 0 }));
    const items: unknown[] = [];
    const error = await caught(
      (async () => {
        for await (const item of paginate(testClient({ fetch }), "/users", { params: { query: { starting_token: 0 } } })) items.push(item);
      })(),
    );
    expect(error).toBeInstanceOf(ServiceResponseError);
    expect((error as Error).message).toMatch(/leads back to a page already read/);
    expect(items).toHaveLength(1);
    expect(sent).toHaveLength(1);
  });

  it("throws ServiceApiError when a page fails", async () => {
    const { fetch } = recordingFetch(() => json({ detail: "no" }, { status: 403 }));
    expect(await caught(collect(paginate(testClient({ fetch }), "/users")))).toBeInstanceOf(ServiceApiError);
  });

  it("refuses an operation that is not paginated", async () => {
    const { fetch, sent } = recordingFetch();
    expect(await caught(collect(paginate(testClient({ fetch }), "/v1/healthcheck" as "/users")))).toBeInstanceOf(ServiceConfigurationError);
    expect(sent).toHaveLength(0);
  });
});
