// The mock's own refusals. Each is marked for the caller (src/client/caller-errors.ts): through the
// client it rejects the call as it is, instead of as a connection failure that would be retried.
// Messages name the operation, the status and JSON paths, never a value of the body or a header.
import { markForCaller } from "../client/caller-errors.js";
import { summarizeProblems, type ResponseProblem } from "../validation/problems.js";

/** A handler answered what the service never could: a status the operation does not declare, or a body its schema refuses. */
export class ContractViolationError extends Error {
  /** "GET /projects/{project_id}". */
  readonly operation: string;
  readonly status: number;
  /** Where the answer breaks the contract: `[{ path: "$.created_at", message: "not a valid date-time" }]`. */
  readonly problems: readonly ResponseProblem[];

  constructor(init: { operation: string; status: number; problems: readonly ResponseProblem[] }) {
    super(`the handler of ${init.operation} answered HTTP ${init.status}, which the contract does not allow: ${summarizeProblems(init.problems)}`);
    // Not a class field: it would be enumerable and show up in JSON.
    Object.defineProperty(this, "name", { value: "ContractViolationError", enumerable: false, configurable: true });
    this.operation = init.operation;
    this.status = init.status;
    this.problems = init.problems;
    markForCaller(this);
  }
}

/** A call to an operation with no handler, on a mock created with `unhandled: "error"`. */
export class UnhandledOperationError extends Error {
  readonly operation: string;

  constructor(operation: string, why = 'this mock answers only what its handlers answer (unhandled: "error")') {
    super(`${operation} has no handler, and ${why}; add one: service.use({ "${operation}": () => ({ status: …, body: … }) })`);
    Object.defineProperty(this, "name", { value: "UnhandledOperationError", enumerable: false, configurable: true });
    this.operation = operation;
    markForCaller(this);
  }
}
