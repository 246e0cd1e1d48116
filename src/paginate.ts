// paginate(): walk a starting_token/limit listing and yield its items, one page at a time.
import type { Client, ClientPathsWithMethod } from "openapi-fetch";
import { clientPolicies } from "./client.js";
import { ServiceConfigurationError } from "./errors.js";
import { unwrap } from "./unwrap.js";
import { specPolicies } from "./operation-table.js";

type Method = "GET" | "POST";

/** The element type of the array fields of a page (the items field is named by the spec). */
type PageItem<Page> = Page extends object
  ? { [K in keyof Page]-?: NonNullable<Page[K]> extends readonly (infer Item)[] ? Item : never }[keyof Page]
  : unknown;

type SuccessBody<Op> = Op extends { responses: { 200: { content: { "application/json": infer Body } } } } ? Body : unknown;
type OperationOf<Paths, P> = P extends keyof Paths
  ? Paths[P] extends { get: infer Op }
    ? Op
    : Paths[P] extends { post: infer Op }
      ? Op
      : never
  : never;

export interface PaginateInit {
  /** Default: GET when the path has a paginated GET, else POST. */
  readonly method?: Method;
  readonly params?: {
    readonly query?: Record<string, unknown>;
    readonly path?: Record<string, unknown>;
    readonly header?: Record<string, unknown>;
  };
  readonly body?: unknown;
  readonly headers?: Record<string, string>;
  readonly signal?: AbortSignal;
}

interface Page {
  readonly next_starting_token?: number | string | null;
  readonly [field: string]: unknown;
}

/**
 * Yields every item of a paginated listing: requests a page, yields the items in the field the
 * spec's `x-pagination` names, and continues from `next_starting_token` until it is null. The
 * caller's `limit` (page size) and `starting_token` (where to begin) are kept.
 */
export async function* paginate<Paths extends {}, P extends ClientPathsWithMethod<Client<Paths>, "get" | "post">>(
  client: Client<Paths>,
  path: P,
  init: PaginateInit = {},
): AsyncGenerator<PageItem<SuccessBody<OperationOf<Paths, P>>>, void, undefined> {
  const route = String(path);
  const policies = clientPolicies.get(client) ?? specPolicies();
  const method = init.method ?? (policies.get(`GET ${route}`)?.paginationItems !== undefined ? "GET" : "POST");
  const itemsField = policies.get(`${method} ${route}`)?.paginationItems;
  if (itemsField === undefined) {
    throw new ServiceConfigurationError(`${method} ${route} is not a paginated operation (no x-pagination in the spec)`);
  }
  const call = client[method] as unknown as (path: string, init: object) => Promise<{ data?: unknown; error?: unknown; response: Response }>;
  let token: unknown = init.params?.query?.starting_token;
  for (;;) {
    const query = token === undefined ? init.params?.query : { ...init.params?.query, starting_token: token };
    const page = (await unwrap(call(route, { ...init, params: { ...init.params, query } }))) as Page;
    const items = page[itemsField];
    if (Array.isArray(items)) yield* items as PageItem<SuccessBody<OperationOf<Paths, P>>>[];
    const next = page.next_starting_token;
    // Stop at the end, and on a page that would send us back to where we are (no progress).
    if (next === null || next === undefined || next === token) return;
    token = next;
  }
}
