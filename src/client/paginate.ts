// paginate(): walk a starting_token/limit listing and yield its items, one page at a time. Its
// types come from the same generated table as its behaviour: the paths it accepts are exactly
// the spec's paged (method, path) pairs, and the items are typed from the field x-pagination names.
import { policyOverrides } from "../../generated/operations.js";
import type { paths } from "../../generated/schema.js";
import { specPolicy } from "./policies.js";
import { answerOf, refuse, ServiceResponseError, unwrap } from "./errors.js";
import { scrub } from "./redact.js";
import type { OperationOf, ServiceCallOptions, ServiceClient, ServiceInit } from "./types.js";

type Overrides = typeof policyOverrides;
/** "METHOD /path" of every paged listing. */
type PagedOperation = { [K in keyof Overrides]: Overrides[K] extends { pageItems: string } ? K : never }[keyof Overrides];

/** The paths that have a paged listing. */
export type PagedPath = PagedOperation extends `${string} ${infer Path}` ? Path : never;
/** The methods that page on `Path` (two where a listing has a GET and a POST form). */
export type PagedMethod<Path extends PagedPath> = Extract<PagedOperation, `${string} ${Path}`> extends `${infer Method} ${Path}` ? Method : never;

type DefaultMethod<Path extends PagedPath> = "GET" extends PagedMethod<Path> ? "GET" : PagedMethod<Path>;
type Operation<Path extends PagedPath, Method extends PagedMethod<Path>> = OperationOf<paths, Path, Lowercase<Method> & keyof paths[Path] & ("get" | "post")>;
type Page<Path extends PagedPath, Method extends PagedMethod<Path>> =
  Operation<Path, Method> extends { responses: { 200: { content: { "application/json": infer Body } } } } ? Body : never;
type ItemsField<Path extends PagedPath, Method extends PagedMethod<Path>> = Overrides[`${Method} ${Path}` & keyof Overrides] extends { pageItems: infer Field } ? Field : never;

/** The type of one item of the listing at `Path` (and `Method`). */
export type PageItem<Path extends PagedPath, Method extends PagedMethod<Path> = DefaultMethod<Path>> =
  NonNullable<Page<Path, Method>[ItemsField<Path, Method> & keyof Page<Path, Method>]> extends readonly (infer Item)[] ? Item : never;

/** What paginate() takes besides the operation's own call options. */
export interface PaginateOptions<Method extends string> extends ServiceCallOptions {
  /** Which listing, where a path pages with both GET and POST; otherwise the one it has. */
  readonly method?: Method | undefined;
  /** Stop after this many pages (the items of every page fetched are yielded). */
  readonly maxPages?: number | undefined;
  readonly signal?: AbortSignal | undefined;
}

type CallInit<Path extends PagedPath, Method extends PagedMethod<Path>> = ServiceInit<paths[Path], Lowercase<Method> & keyof paths[Path]>;
type Init<Path extends PagedPath, Method extends PagedMethod<Path>> = NonNullable<CallInit<Path, Method>> & PaginateOptions<Method>;
type InitArgs<Path extends PagedPath, Method extends PagedMethod<Path>> =
  // Path is every paged path only when the argument was not one of them (TypeScript falls back to
  // the constraint): ask for no init then, so the error is about the path, not the arity.
  [PagedPath] extends [Path]
    ? [init?: never]
    : undefined extends CallInit<Path, Method>
    ? [PagedMethod<Path>] extends [Method]
      ? [init?: Init<Path, Method>]
      : [init: Init<Path, Method> & { readonly method: Method }]
    : [init: Init<Path, Method>];

/**
 * Yields every item of a paged listing: requests a page, yields the items of the field the
 * spec's `x-pagination` names, and continues from `next_starting_token` until it is null. Your
 * `limit` (page size) and `starting_token` (where to begin) are kept.
 *
 * Throws ServiceApiError for a failed page, and ServiceResponseError for a page without its items
 * array or a cursor that leads back to a page already read (which would loop forever).
 */
export function paginate<Path extends PagedPath, Method extends PagedMethod<Path> = DefaultMethod<Path>>(
  client: ServiceClient,
  path: Path,
  ...init: InitArgs<Path, Method>
): AsyncGenerator<PageItem<Path, Method>, void, undefined> {
  return walk(client, path, (init[0] ?? {}) as WalkInit) as AsyncGenerator<PageItem<Path, Method>, void, undefined>;
}

interface WalkInit {
  readonly method?: string;
  readonly maxPages?: number;
  readonly params?: { readonly query?: Record<string, unknown>; readonly [location: string]: unknown };
  readonly [option: string]: unknown;
}

type Call = (method: string, path: string, init: object) => Promise<{ data?: unknown; error?: unknown; response: Response }>;

async function* walk(client: ServiceClient, path: string, init: WalkInit): AsyncGenerator<unknown, void, undefined> {
  const { method: chosen, maxPages, ...callInit } = init;
  const method = chosen ?? (specPolicy("GET", path).pageItems !== undefined ? "GET" : "POST");
  const itemsField = specPolicy(method, path).pageItems;
  if (itemsField === undefined) {
    refuse(`paginate: ${method} ${path} is not a paged listing (the spec gives it no x-pagination); call it with client.${method} instead`);
  }
  if (maxPages !== undefined && (typeof maxPages !== "number" || !Number.isInteger(maxPages) || maxPages < 1)) {
    refuse("paginate: maxPages must be a whole number ≥ 1");
  }
  const request = (client.request as unknown as Call).bind(client);
  const seen = new Set<string>();
  let token: unknown = callInit.params?.query?.starting_token;
  for (let pages = 1; ; pages++) {
    const query = token === undefined ? callInit.params?.query : { ...callInit.params?.query, starting_token: token };
    const result = await request(method.toLowerCase(), path, { ...callInit, params: { ...callInit.params, query } });
    const page = (await unwrap(result)) as Record<string, unknown> | undefined;
    const items = page?.[itemsField];
    if (!Array.isArray(items)) {
      throw new ServiceResponseError(`its page has no \`${itemsField}\` array (the field x-pagination names)`, answerOf(result));
    }
    yield* items;
    const next = page!.next_starting_token;
    if (next === null || next === undefined) return;
    if (maxPages !== undefined && pages >= maxPages) return;
    // Cursors are compared as text: a service may send 5 one time and "5" the next.
    const cursor = String(next);
    if (seen.has(cursor) || (token !== undefined && String(token) === cursor)) {
      const shown = scrub(cursor.slice(0, 40), answerOf(result).secrets);
      throw new ServiceResponseError(`its next_starting_token ${shown} leads back to a page already read; stopping rather than looping`, answerOf(result));
    }
    seen.add(cursor);
    token = next;
  }
}
