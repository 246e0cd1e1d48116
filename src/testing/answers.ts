// The mock's answers: a handler's `{ status, body, headers }` made into a Response, the
// contract's example where no handler answers (or a handler gives a status without a body), and
// every one of them checked against the contract before the client sees it. An answer the
// service could never send rejects the call with a ContractViolationError instead.
import type { ContractOperation, OpenApiDocument } from "../validation/contract.js";
import type { ResponseProblem } from "../validation/problems.js";
import { isJsonMediaType } from "../contract/media-type.js";
import { declaredResponse, mediaTypeOf, parseJsonBody, type ResponseValidator } from "../validation/response-validator.js";
import { ContractViolationError } from "./errors.js";
import { headerExample, mediaExample } from "./examples.js";

export interface AnswerInit {
  readonly status: number;
  readonly body?: unknown;
  readonly headers?: HeadersInit;
}

/** Statuses whose answers carry no body (a Response refuses one). */
const NO_BODY: ReadonlySet<number> = new Set([101, 204, 205, 304]);

export function createAnswers(document: OpenApiDocument, validator: ResponseValidator) {
  const violation = (operation: ContractOperation, status: number, problems: readonly ResponseProblem[]) => new ContractViolationError({ operation: operation.key, status, problems });

  /** `answer` as a Response, checked; throws a ContractViolationError where the contract refuses it. */
  function toResponse(operation: ContractOperation, answer: AnswerInit): Response {
    const { status } = answer;
    if (typeof status !== "number" || !Number.isInteger(status) || status < 200 || status > 599) {
      throw violation(operation, Number(status), [{ path: "$", message: "not an HTTP status a service answers with (200 to 599)" }]);
    }
    const declared = declaredResponse(document, operation, status);
    if (!declared) throw violation(operation, status, validator.check({ operation: operation.key, status, contentType: null }).problems);
    const content = declared.response.content ?? {};
    const types = Object.keys(content);
    const headers = new Headers(answer.headers);
    let body = answer.body;
    if (body === undefined && types.length > 0) {
      const json = types.find(isJsonMediaType);
      body = json === undefined ? new Uint8Array(0) : mediaExample(document, content[json]);
      if (body === undefined) throw violation(operation, status, [{ path: "$", message: `no body, where the contract declares ${json} for this status and gives no example of it` }]);
      if (!headers.has("content-type")) headers.set("content-type", json ?? types[0]!);
      // The example answer, whole: the headers the contract declares for it too (Retry-After, WWW-Authenticate).
      for (const [name, header] of Object.entries((declared.response as { headers?: Record<string, unknown> }).headers ?? {})) {
        const value = headerExample(document, header);
        if (value !== undefined && !headers.has(name)) headers.set(name, value);
      }
    }
    if (body === undefined || (body === null && types.length === 0)) return new Response(null, { status, headers });
    if (types.length === 0 || NO_BODY.has(status)) throw violation(operation, status, [{ path: "$", message: "a body, where the contract declares none for this status" }]);
    if (!headers.has("content-type")) headers.set("content-type", types.find(isJsonMediaType) ?? types[0]!);
    const contentType = headers.get("content-type");
    const json = isJsonMediaType(mediaTypeOf(contentType) ?? "");
    const { problems } = validator.check({ operation: operation.key, status, contentType, body: json ? body : undefined });
    if (problems.length > 0) throw violation(operation, status, problems);
    return new Response(json ? JSON.stringify(body) : (body as BodyInit), { status, headers });
  }

  /** A handler's own Response, checked as the validate middleware checks a real one. */
  async function checked(operation: ContractOperation, response: Response): Promise<Response> {
    const contentType = response.headers.get("content-type");
    const body = validator.readsBody(contentType) ? parseJsonBody(await response.clone().text()) : undefined;
    const { problems } = validator.check({ operation: operation.key, status: response.status, contentType, body });
    if (problems.length > 0) throw violation(operation, response.status, problems);
    return response;
  }

  /** The status a default answer has: the operation's first success status. */
  function successStatus(operation: ContractOperation): number | undefined {
    const success = Object.keys(operation.operation.responses ?? {})
      .filter((key) => /^2(\d\d|XX)$/.test(key))
      .sort()[0];
    return success === undefined ? undefined : Number(success.replace("XX", "00"));
  }

  return { toResponse, checked, successStatus };
}
