// The response-checking middleware of `service-api/validate` (src/validate.ts hands its names on):
// each answer held to the contract by the response validator, a mismatch logged or thrown.
import type { Middleware } from "openapi-fetch";
import { summarizeProblems, type ResponseProblem } from "./problems.js";
import { createResponseValidator, parseJsonBody, type ResponseValidator } from "./response-validator.js";

/** What the middleware tells the logger about an answer that does not match the contract. */
export interface ResponseMismatchEvent {
  readonly event: "response-mismatch";
  /** "GET /projects/{project_id}". */
  readonly operation: string;
  readonly status: number;
  readonly problems: readonly ResponseProblem[];
  /** The same, as one line. */
  readonly message: string;
}

export interface ValidateResponsesOptions {
  /** "warn" (default): tell the logger and return the answer as it is. "throw": reject the call with a ResponseValidationError. */
  onMismatch?: "warn" | "throw";
  /** Receives each mismatch when onMismatch is "warn". Default: console.warn with the message. */
  logger?: (event: ResponseMismatchEvent) => void;
}

function describe(operation: string, status: number, problems: readonly ResponseProblem[]): string {
  return `${operation} answered HTTP ${status}, which does not match the contract: ${summarizeProblems(problems)}`;
}

/**
 * An answer that does not match the contract, thrown by `validateResponses({ onMismatch: "throw" })`.
 * It carries where the answer differs (JSON paths and words), never the body's values, a header
 * (not even the request id, which this middleware cannot scrub of the client's secrets) or the
 * URL, so it holds no credential and can be logged as it is.
 */
export class ResponseValidationError extends Error {
  readonly operation: string;
  readonly status: number;
  readonly problems: readonly ResponseProblem[];

  constructor(init: { operation: string; status: number; problems: readonly ResponseProblem[] }) {
    super(describe(init.operation, init.status, init.problems));
    // Not a class field: it would be enumerable and show up in JSON.
    Object.defineProperty(this, "name", { value: "ResponseValidationError", enumerable: false, configurable: true });
    this.operation = init.operation;
    this.status = init.status;
    this.problems = init.problems;
  }
}

// One validator for every middleware of the process: the schemas it prepared are worth keeping.
let shared: ResponseValidator | undefined;

/**
 * Middleware that checks each answer against the contract: the status is declared for the
 * operation, so is the content type, and a JSON body is valid against the declared schema. It
 * reads a clone, so the caller still gets the body; files and other non-JSON bodies are not read.
 */
export function validateResponses(options: ValidateResponsesOptions = {}): Middleware {
  const onMismatch = options.onMismatch ?? "warn";
  if (onMismatch !== "warn" && onMismatch !== "throw") throw new TypeError('validateResponses: onMismatch must be "warn" or "throw"');
  if (options.logger !== undefined && typeof options.logger !== "function") throw new TypeError("validateResponses: logger must be a function that receives one event object");
  const logger = options.logger ?? ((event: ResponseMismatchEvent) => console.warn(`service-api: ${event.message}`));
  return {
    async onResponse({ request, response, schemaPath }) {
      const validator = (shared ??= createResponseValidator());
      const contentType = response.headers.get("content-type");
      const body = validator.readsBody(contentType) ? parseJsonBody(await response.clone().text()) : undefined;
      const { operation, problems } = validator.check({ operation: `${request.method.toUpperCase()} ${schemaPath}`, status: response.status, contentType, body });
      if (problems.length === 0) return undefined;
      if (onMismatch === "throw") throw new ResponseValidationError({ operation, status: response.status, problems });
      try {
        logger({ event: "response-mismatch", operation, status: response.status, problems, message: describe(operation, response.status, problems) });
      } catch {
        // A logger that fails must not fail the call it is only watching.
      }
      return undefined;
    },
  };
}
