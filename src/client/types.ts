// The client's types: openapi-fetch's call signatures, plus what this client adds to every call
// (per-call timeout and retries) and error answers typed per status, as the spec declares them.
import type { ClientMethod, FetchResponse, MaybeOptionalInit, Middleware, RequestOptions } from "openapi-fetch";
import type { paths } from "../../generated/schema.js";

export type HttpMethod = "get" | "put" | "post" | "delete" | "options" | "head" | "patch" | "trace";

/** Options any call accepts besides openapi-fetch's own; each overrides the client's. */
export interface ServiceCallOptions {
  /** Per attempt, covering the response body too. */
  readonly timeoutMs?: number | undefined;
  /** Retries for this call, when its operation is retry-safe; 0 turns them off. */
  readonly maxRetries?: number | undefined;
}

/** The paths of `Paths` that have an operation for `Method`. */
export type PathsWithMethod<Paths, Method extends HttpMethod> = {
  [P in keyof Paths]: Paths[P] extends { [M in Method]: unknown } ? P : never;
}[keyof Paths];

/** The operation object of `Path` and `Method`. */
export type OperationOf<Paths, Path extends keyof Paths, Method extends HttpMethod> = Paths[Path] extends { [M in Method]: infer Operation } ? Operation : never;

// openapi-typescript-helpers' RequiredKeysOf, repeated (the package is not ours to import): the
// second signature of each method below must use the very same conditional as openapi-fetch.
type RequiredKeysOfHelper<T> = { [K in keyof T]: {} extends Pick<T, K> ? never : K }[keyof T];
type RequiredKeysOf<T> = RequiredKeysOfHelper<T> extends undefined ? never : RequiredKeysOfHelper<T>;

/** The init argument: optional when the operation needs nothing, like openapi-fetch's. */
type InitArgs<Init> = RequiredKeysOf<Init> extends never
  ? [init?: Init & ServiceCallOptions & { [key: string]: unknown }]
  : [init: Init & ServiceCallOptions & { [key: string]: unknown }];

type ResponsesOf<Operation> = Operation extends { responses: infer Responses } ? Responses : never;

/** The statuses an operation declares as errors: 4xx, 5xx and `default`. */
type ErrorStatus<Responses> = {
  [S in keyof Responses]: S extends number ? (`${S}` extends `4${string}` | `5${string}` ? S : never) : S extends `4XX` | `5XX` | "default" ? S : never;
}[keyof Responses];

/** The JSON body an answer declares (undefined when it declares none). */
type BodyOf<Answer> = Answer extends { content: { "application/json": infer Body } }
  ? Body
  : Answer extends { content: infer Content }
    ? Content[keyof Content]
    : undefined;

/** A Response whose status is known, so that `hasStatus()` can tell error answers apart. */
export type ResponseWithStatus<Status> = Status extends number ? Response & { readonly status: Status } : Response;

type ErrorAnswer<Responses, Status extends keyof Responses> = {
  data?: never;
  error: BodyOf<Responses[Status]>;
  response: ResponseWithStatus<Status>;
};

/**
 * What a call resolves to: openapi-fetch's `{ data, error, response }`. The error side is one
 * branch per status the spec declares, so `hasStatus(result, 422)` narrows `error` to that
 * status's body (`HTTPValidationError` for a 422).
 */
export type ServiceResult<Operation, Init> =
  | Extract<FetchResponse<Operation & Record<string | number, any>, Init, `${string}/${string}`>, { data: unknown }>
  | { [S in ErrorStatus<ResponsesOf<Operation>>]: ErrorAnswer<ResponsesOf<Operation>, S> }[ErrorStatus<ResponsesOf<Operation>>];

/** `Init` with `Extra` added to what its body may be. */
type WidenBody<Init, Extra> = Init extends { body: infer Body }
  ? Omit<Init, "body"> & { body: Body | Extra }
  : Init extends { body?: infer Body }
    ? Omit<Init, "body"> & { body?: Body | Extra }
    : Init;

/**
 * openapi-fetch's init for an operation, where a form body may also be the platform's own form:
 * a FormData for multipart/form-data, a URLSearchParams for application/x-www-form-urlencoded.
 */
type CallInit<Operation, Init> = Operation extends { requestBody?: { content: infer Content } }
  ? "multipart/form-data" extends keyof Content
    ? WidenBody<Init, FormData>
    : "application/x-www-form-urlencoded" extends keyof Content
      ? WidenBody<Init, URLSearchParams>
      : Init
  : Init;

/**
 * `Init` whose `signal` also takes `undefined`: openapi-fetch's init reaches the DOM's RequestInit,
 * whose `signal?: AbortSignal | null` refuses an unset signal under exactOptionalPropertyTypes,
 * while the client (like fetch) treats `undefined` as no signal. `request` takes it so; the
 * methods take ServiceInit, which says the same at a fraction of the cost.
 */
export type SignalMayBeUnset<Init> = Init extends { signal?: infer Signal } ? Omit<Init, "signal"> & { signal?: Signal | undefined } : Init;

/** fetch's own options as a call takes them, its `signal` as SignalMayBeUnset says. */
type RequestInitOptions = Omit<RequestInit, "body" | "headers" | "signal"> & { signal?: RequestInit["signal"] | undefined };
type ServiceFetchOptions<Operation> = RequestOptions<Operation> & RequestInitOptions;

/**
 * openapi-fetch's MaybeOptionalInit (left out where the operation needs nothing) with the request
 * options above. The `signal` is widened in fetch's options, which TypeScript builds once, rather
 * than by an Omit of each operation's whole init: that Omit was 43,000 of the 89,000 type
 * instantiations a strict 20-call consumer cost (bench/type-cost.mjs). `request`, whose method is
 * a type parameter too, keeps SignalMayBeUnset: there this form makes a union too large to represent
 * for `expect(() => createServiceClient())`.
 */
export type ServiceInit<PathItem, Method extends keyof PathItem> =
  RequiredKeysOf<ServiceFetchOptions<PathItem[Method]>> extends never ? ServiceFetchOptions<PathItem[Method]> | undefined : ServiceFetchOptions<PathItem[Method]>;

type ServiceMethod<Paths, Method extends HttpMethod> = <
  Path extends PathsWithMethod<Paths, Method>,
  Init extends CallInit<OperationOf<Paths, Path, Method>, ServiceInit<Paths[Path], Method & keyof Paths[Path]>>,
>(
  url: Path,
  ...init: InitArgs<Init>
) => Promise<ServiceResult<OperationOf<Paths, Path, Method>, Init>>;

type ServiceRequestMethod<Paths> = <
  Method extends HttpMethod,
  Path extends PathsWithMethod<Paths, Method>,
  Init extends SignalMayBeUnset<CallInit<OperationOf<Paths, Path, Method>, MaybeOptionalInit<Paths[Path], Method & keyof Paths[Path]>>>,
>(
  method: Method,
  url: Path,
  ...init: InitArgs<Init>
) => Promise<ServiceResult<OperationOf<Paths, Path, Method>, Init>>;

/** openapi-fetch's default media type: any `type/subtype`. */
type AnyMedia = `${string}/${string}`;

// openapi-fetch's own signatures, as the second of each method: with them the client is an
// openapi-fetch `Client<Paths>` to TypeScript. Written out rather than taken from openapi-fetch so
// that the per-call options stay typed even in this signature; TypeScript relates them to
// openapi-fetch's only in this exact shape: the same init constraint, the same conditional
// (RequiredKeysOf), and for `request` a path filter written with `any`, as openapi-fetch's is.
type FetchResult<Paths, Path extends keyof Paths, Method extends HttpMethod, Init> = Promise<
  FetchResponse<OperationOf<Paths, Path, Method> & Record<string | number, any>, Init, AnyMedia>
>;
type PathsWithMethodAny<Paths, Method extends HttpMethod> = { [P in keyof Paths]: Paths[P] extends { [M in Method]: any } ? P : never }[keyof Paths];

type OpenapiFetchMethod<Paths extends {}, Method extends HttpMethod> = <
  Path extends PathsWithMethod<Paths, Method>,
  Init extends MaybeOptionalInit<Paths[Path], Method & keyof Paths[Path]>,
>(
  url: Path,
  ...init: InitArgs<Init>
) => FetchResult<Paths, Path, Method, Init>;

type OpenapiFetchRequestMethod<Paths extends {}> = <
  Method extends HttpMethod,
  Path extends PathsWithMethodAny<Paths, Method>,
  Init extends MaybeOptionalInit<Paths[Path], Method & keyof Paths[Path]>,
>(
  method: Method,
  url: Path,
  ...init: InitArgs<Init>
) => FetchResult<Paths, Path, Method, Init>;

/** A method typed twice: the client's own signature, which calls resolve to, then openapi-fetch's. */
type Both<Ours, Theirs> = Ours & Theirs;

/**
 * The client: openapi-fetch's methods, typed by the spec, with per-call options. It is also an
 * openapi-fetch `Client<Paths>`, so that libraries built on openapi-fetch (openapi-react-query,
 * swr-openapi) take it as it is:
 * - each method carries two signatures. A direct call resolves to the first, the client's own
 *   (errors typed per status, form bodies, `timeoutMs`/`maxRetries`, an unset `signal`); the
 *   second is openapi-fetch's (its options typed too), which makes the client assignable to
 *   `Client<Paths>`.
 * - TypeScript infers `Paths` from an argument only where a property is openapi-fetch's own
 *   alias (two signatures make a new type it cannot match). `TRACE` is that property: the
 *   contract has no TRACE operation, so it gives up nothing, and `createQueryClient(client)`
 *   infers the contract's paths from it.
 */
export interface ServiceClient<Paths extends {} = paths> {
  request: Both<ServiceRequestMethod<Paths>, OpenapiFetchRequestMethod<Paths>>;
  GET: Both<ServiceMethod<Paths, "get">, OpenapiFetchMethod<Paths, "get">>;
  PUT: Both<ServiceMethod<Paths, "put">, OpenapiFetchMethod<Paths, "put">>;
  POST: Both<ServiceMethod<Paths, "post">, OpenapiFetchMethod<Paths, "post">>;
  DELETE: Both<ServiceMethod<Paths, "delete">, OpenapiFetchMethod<Paths, "delete">>;
  OPTIONS: Both<ServiceMethod<Paths, "options">, OpenapiFetchMethod<Paths, "options">>;
  HEAD: Both<ServiceMethod<Paths, "head">, OpenapiFetchMethod<Paths, "head">>;
  PATCH: Both<ServiceMethod<Paths, "patch">, OpenapiFetchMethod<Paths, "patch">>;
  TRACE: ClientMethod<Paths, "trace", AnyMedia>;
  /** Adds middleware. It never sees a credential: the client adds the credential after it. */
  use(...middleware: Middleware[]): void;
  eject(...middleware: Middleware[]): void;
}

/** The request body an operation takes (JSON or form fields), by path and method. */
export type RequestBodyOf<Path extends keyof paths, Method extends HttpMethod> =
  OperationOf<paths, Path, Method> extends { requestBody?: { content: infer Content } } ? Content[keyof Content] : never;

/** The body of an operation's success answer, by path and method. */
export type ResponseBodyOf<Path extends keyof paths, Method extends HttpMethod> = NonNullable<
  Extract<ServiceResult<OperationOf<paths, Path, Method>, {}>, { data: unknown }>["data"]
>;
