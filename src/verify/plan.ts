// Which operations `verify` may call: the ones that cannot change anything. That is GET, and the
// POSTs the contract marks `x-idempotent` (searches and counts whose body only carries a query),
// minus the GETs the contract marks `x-side-effect` (they create a password reset, send an email,
// hand out a storage address). Writes never enter the plan, so no flag can select one.
import { readsOnly } from "../contract/openapi-document.js";
import { contractOperations, type ContractOperation, type OpenApiDocument } from "../validation/contract.js";
import { UsageError } from "./options.js";

/** One operation verify considers, and whether it may be called. */
export interface PlannedOperation extends ContractOperation {
  /** Why it is never called (its `x-side-effect`), when it is not. */
  readonly sideEffect: string | undefined;
}

export interface VerifyPlan {
  /** Every operation of the contract. */
  readonly total: number;
  /** The read-only ones, side effects included (they are reported as skipped). */
  readonly readOnly: readonly PlannedOperation[];
  /** The read-only ones the --only/--skip selection keeps: what the report lists. */
  readonly selected: readonly PlannedOperation[];
}

/**
 * The contract's marks, and nothing else, decide, read by the rule the client's retry policy is
 * generated from (`readsOnly` in openapi-document.ts). The signup link, which sends an email, is a
 * POST without `x-idempotent`, so it is left out like every other write.
 */
export function isReadOnly(operation: ContractOperation): boolean {
  return readsOnly(operation.method, operation.operation);
}

function matches(operation: ContractOperation, names: readonly string[]): boolean {
  return names.includes(operation.operationId) || (operation.tag !== undefined && names.includes(operation.tag));
}

export function planVerify(document: OpenApiDocument, only: readonly string[], skip: readonly string[]): VerifyPlan {
  const all = contractOperations(document);
  const readOnly = all.filter(isReadOnly).map((operation): PlannedOperation => {
    const sideEffect = operation.operation["x-side-effect"];
    return { ...operation, sideEffect: typeof sideEffect === "string" ? sideEffect : undefined };
  });
  // A name that selects nothing is a typo or a write: say which, rather than verify nothing.
  for (const [flag, names] of [["--only", only], ["--skip", skip]] as const) {
    for (const name of names) {
      if (readOnly.some((operation) => matches(operation, [name]))) continue;
      const write = all.find((operation) => operation.operationId === name);
      throw new UsageError(
        write
          ? `${flag} ${name}: ${write.key} can change state, and verify calls read-only operations only`
          : `${flag} ${name}: no read-only operation has that operationId or tag (tags: ${[...new Set(readOnly.map((o) => o.tag).filter(Boolean))].join(", ")})`,
      );
    }
  }
  const selected = readOnly.filter((operation) => (only.length === 0 || matches(operation, only)) && !matches(operation, skip));
  return { total: all.length, readOnly, selected };
}
