// The mock's base address: the contract's paths are served directly below it, and nowhere else.
// A base address with a path of its own ("https://api.acme.example/v1") is served only where the
// user declared it (mockService's `baseUrl`, mswHandlers' `baseUrl`, `service-api mock
// --base-path`): a mock that took any prefix would let a wrong base address pass every test. A
// request outside it, or to a path the contract does not have, gets a 404 that says where the
// contract's paths are and, when the path is one of them under a prefix, how to declare it.
//
// No contract here, so that `service-api/testing/msw` can read a mock's declaration without
// loading one: a mock registers its fetch, and the entries that serve it look the fetch up.

/** Where a user declares a base address, as the 404's advice names it. */
export type DeclaredBy = "mockService" | "mswHandlers" | "service-api mock";

export interface BaseAddress {
  /** The origin the requests must have ("https://api.acme.example"), or undefined for any. */
  readonly origin: string | undefined;
  /** "" for the root, else the path's prefix without a trailing slash: "/v1". */
  readonly path: string;
  readonly declaredBy: DeclaredBy;
}

/** The root of any origin: what a mock serves unless told otherwise. */
export const rootOf = (declaredBy: DeclaredBy): BaseAddress => ({ origin: undefined, path: "", declaredBy });

const withoutTrailingSlashes = (path: string) => path.replace(/\/+$/, "");

/** `baseUrl` as a base address; a TypeError from `who` that says what to give when it is not an http(s) address. */
export function baseAddressOf(baseUrl: unknown, who: DeclaredBy): BaseAddress {
  let url: URL | undefined;
  try {
    url = typeof baseUrl === "string" ? new URL(baseUrl) : undefined;
  } catch {
    url = undefined;
  }
  if (!url || (url.protocol !== "http:" && url.protocol !== "https:") || url.search !== "" || url.hash !== "") {
    throw new TypeError(`${who}: baseUrl must be the http(s) address the code under test calls, such as "https://api.acme.example"; got ${JSON.stringify(baseUrl)}`);
  }
  return { origin: url.origin, path: withoutTrailingSlashes(url.pathname), declaredBy: who };
}

/** `--base-path` as a path prefix ("v1/" → "/v1"), or undefined when it is not a path. */
export function basePathOf(text: string): string | undefined {
  // A whole address is the likelier slip: --base-path takes its path alone.
  if (/^[a-z][a-z\d+.-]*:/i.test(text)) return undefined;
  const path = `/${text.replace(/^\/+/, "")}`;
  let url: URL;
  try {
    url = new URL(path, "http://mock.invalid");
  } catch {
    return undefined;
  }
  if (url.search !== "" || url.hash !== "" || url.pathname !== path) return undefined;
  return withoutTrailingSlashes(url.pathname);
}

/** The text of a base address: "http://127.0.0.1:4010/v1"; `url`'s origin where the base takes any. */
export const addressText = (base: BaseAddress, url: URL) => `${base.origin ?? url.origin}${base.path}`;

/** The path of `url` below `base` ("/current_user"), or undefined when `url` is not under it. */
export function pathBelow(base: BaseAddress, url: URL): string | undefined {
  if (base.origin !== undefined && url.origin !== base.origin) return undefined;
  const { pathname } = url;
  if (base.path === "") return pathname;
  if (pathname === base.path) return "/";
  return pathname.startsWith(`${base.path}/`) ? pathname.slice(base.path.length) : undefined;
}

/** How the user declares `address` (`path` its path) where `declaredBy` says. */
function declaration(declaredBy: DeclaredBy, address: string, path: string): string {
  if (declaredBy === "service-api mock") return `service-api mock --base-path ${path}`;
  if (declaredBy === "mswHandlers") return `mswHandlers(service, { baseUrl: "${address}" })`;
  return `mockService(handlers, { baseUrl: "${address}" })`;
}

/** The longest end of `path` that `known` takes, leaving out at least `skip` leading segments. */
function knownEnd(path: string, known: (path: string) => boolean, skip: number): string | undefined {
  const segments = path.split("/").slice(1);
  for (let from = skip; from < segments.length; from++) {
    const end = `/${segments.slice(from).join("/")}`;
    if (end !== "/" && known(end)) return end;
  }
  return undefined;
}

/**
 * The `detail` of the 404 for `url`, which is outside `base` or not one of the contract's paths
 * below it. `known` says whether a path below the base is one of the contract's: it is asked only
 * here, once per segment at most, so that only a refused request pays for the advice. Short: the
 * client shows 300 characters of a detail, and the advice comes first.
 */
export function notFoundDetail(base: BaseAddress, url: URL, known: (path: string) => boolean): string {
  const address = addressText(base, url);
  const below = pathBelow(base, url);
  if (below === undefined) {
    const end = knownEnd(url.pathname, known, 0);
    return `${url.origin}${url.pathname} is outside the mock's base address ${address}${end ? `: call ${address}${end}` : ""}`;
  }
  const end = knownEnd(below, known, 1);
  if (end === undefined) return `the contract has no operation at ${below}, directly under the mock's base address ${address}`;
  const prefix = below.slice(0, below.length - end.length);
  const declare = declaration(base.declaredBy, `${address}${prefix}`, `${base.path}${prefix}`);
  return `${prefix} is not part of the mock's base address ${address} (the contract's paths are directly under it): declare it, ${declare}, or take it off the address you call`;
}

type Fetch = (input: Request | string | URL, init?: RequestInit) => Promise<Response>;

interface Registered {
  /** The base the mock was created with, when it was given one. */
  readonly declared: BaseAddress | undefined;
  /** The same mock's fetch, serving below `base`. */
  readonly under: (base: BaseAddress) => Fetch;
}

const mocks = new WeakMap<object, Registered>();

/** Called by mockService for its fetch. */
export function registerMock(fetch: Fetch, registered: Registered): void {
  mocks.set(fetch, registered);
}

const sameBase = (a: BaseAddress, b: BaseAddress) => a.path === b.path && (a.origin === undefined || b.origin === undefined || a.origin === b.origin);

/**
 * The fetch of a mockService that serves below `base`, for an entry that declares the base on its
 * behalf (mswHandlers, `service-api mock`). A mock created with a base of its own keeps it, and
 * `base` must be the same; a fetch that is not a mockService's is returned as it is.
 */
export function fetchBelow<F extends object>(fetch: F, base: BaseAddress): F | Fetch {
  const registered = mocks.get(fetch);
  if (!registered) return fetch;
  const { declared } = registered;
  if (!declared) return registered.under(base);
  if (!sameBase(declared, base)) {
    const shown = (one: BaseAddress) => (one.origin === undefined ? `the path ${JSON.stringify(one.path || "/")}` : `${one.origin}${one.path}`);
    throw new TypeError(`${base.declaredBy}: the mock was created with the base address ${shown(declared)}, and ${base.declaredBy} was given ${shown(base)}; give both the same, or leave baseUrl off mockService: ${base.declaredBy === "mswHandlers" ? "mswHandlers' baseUrl" : "--base-path"} declares it`);
  }
  return fetch;
}
