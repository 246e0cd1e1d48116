// The mock's types, all derived from the generated `paths` and `components`: a handler's key is
// "METHOD /path" as the spec writes it, and what it receives and may answer follow from that
// operation. Nothing here exists at run time.
import type { components, paths } from "../../generated/schema.js";
import type { HttpMethod, OperationOf, PathsWithMethod } from "../client/types.js";

/** Every operation of the contract, as "METHOD /path": "GET /projects/{project_id}". */
export type OperationKey = { [M in HttpMethod]: `${Uppercase<M>} ${PathsWithMethod<paths, M> & string}` }[HttpMethod];

type MethodOf<Key> = Key extends `${infer Method} ${string}` ? Lowercase<Method> & HttpMethod : never;
type PathOf<Key> = Key extends `${string} ${infer Path}` ? Path & keyof paths : never;

/** The generated operation object behind a key. */
export type OperationFor<Key extends OperationKey> = OperationOf<paths, PathOf<Key>, MethodOf<Key>>;

/** A parameter group (`path`, `query`) as the handler gets it: an object, empty when there is none. */
type ParamsIn<Operation, In extends string> = Operation extends { parameters: infer Parameters }
  ? In extends keyof Parameters
    ? [NonNullable<Parameters[In]>] extends [never]
      ? Record<string, never>
      : NonNullable<Parameters[In]>
    : Record<string, never>
  : Record<string, never>;

/** The request body as the handler gets it: parsed JSON, or a form's fields (files as File). */
type BodyIn<Operation> = Operation extends { requestBody: { content: infer Content } }
  ? Content[keyof Content]
  : Operation extends { requestBody?: { content: infer Content } }
    ? Content[keyof Content] | undefined
    : undefined;

/** What a handler receives. */
export interface HandlerInput<Key extends OperationKey> {
  readonly params: {
    /** Path parameters, decoded. */
    readonly path: ParamsIn<OperationFor<Key>, "path">;
    /** Query parameters, read as the contract types them (numbers, booleans, arrays). */
    readonly query: ParamsIn<OperationFor<Key>, "query">;
  };
  readonly body: BodyIn<OperationFor<Key>>;
  /** The request's headers, credentials included: they are yours (recorded calls redact them). */
  readonly headers: Headers;
  /** The request itself, its body unread. */
  readonly request: Request;
}

type ResponsesOf<Operation> = Operation extends { responses: infer Responses } ? Responses : never;

/** The body an answer declares: its JSON, or the file types' (text or bytes) for other media types. */
type BodyOut<Answer> = Answer extends { content: { "application/json": infer Body } }
  ? Body
  : Answer extends { content: infer Content }
    ? [Content] extends [never]
      ? never
      : Content[keyof Content] | Blob | ArrayBuffer | Uint8Array | ReadableStream<Uint8Array>
    : never;

/**
 * One answer per status the operation declares, the body typed for that status. A body left out
 * of a status that declares JSON is that status's example in the contract.
 */
export type HandlerAnswer<Key extends OperationKey> = {
  [Status in keyof ResponsesOf<OperationFor<Key>>]: {
    readonly status: Status extends number ? Status : number;
    readonly body?: BodyOut<ResponsesOf<OperationFor<Key>>[Status]>;
    readonly headers?: HeadersInit;
  };
}[keyof ResponsesOf<OperationFor<Key>>];

type Digit = 0 | 1 | 2 | 3 | 4 | 5 | 6 | 7 | 8 | 9;
type ToNumber<Text> = Text extends `${infer Value extends number}` ? Value : never;
/** The statuses a mock may answer with (src/testing/answers.ts refuses any other). */
type AnswerStatus = ToNumber<`${2 | 3 | 4 | 5}${Digit}${Digit}`>;

/** The statuses an operation declares: "POST /projects" → 200 | 401 | 422 | 429 | 500. */
export type DeclaredStatus<Key extends OperationKey> = Extract<keyof ResponsesOf<OperationFor<Key>>, number>;

/**
 * Never a value to return: an answer whose status the operation does not declare. Without it, tsc
 * measures `{ status: 409 }` against `Response` (whose `status` is any number) and complains of
 * the missing `headers, ok, …`; with it, the error names this type, the operation and the
 * statuses it declares. `declaredStatuses` is `never`, so no answer can satisfy it.
 */
export interface UndeclaredStatus<Key extends OperationKey, Declared extends number = DeclaredStatus<Key>> {
  readonly status: Exclude<AnswerStatus, Declared>;
  readonly body?: unknown;
  readonly headers?: HeadersInit;
  readonly declaredStatuses: never;
}

type HandlerResult<Key extends OperationKey> = UndeclaredStatus<Key> | HandlerAnswer<Key> | Response;

/** A handler: an answer for the contract to check, or a Response of your own (checked too). */
export type Handler<Key extends OperationKey> = (input: HandlerInput<Key>) => HandlerResult<Key> | Promise<HandlerResult<Key>>;

/** Handlers by operation key; a key that is not an operation of the contract does not compile. */
export type Handlers = { readonly [Key in OperationKey]?: Handler<Key> };

/** The names of the contract's schemas: "ProjectDB", "UserDB", … */
export type SchemaName = keyof components["schemas"] & string;

/** The type of a schema, by name. */
export type SchemaOf<Name extends SchemaName> = components["schemas"][Name];
