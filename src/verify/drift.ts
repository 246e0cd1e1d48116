// Drift: the deployment's own OpenAPI document against the contract, as findings in the
// contract's words. The diff engine (openapi-diff.js, shared with the release check) finds the
// changes; this keeps the ones a deployment can show (not operationIds, path parameter names or
// security schemes, which the service names its own way and which verify checks by calling),
// tells a change to a shared schema once, and gives each a severity: a change that breaks a user
// of this client is an error, a compatible one a warning.
import { diffDocuments, type DocumentChange } from "../openapi-diff.js";
import { pointerSegment } from "../openapi-document.js";
import type { Finding } from "./findings.js";

/** Operations named after the first, in a message about a shared schema. */
const NAMED_OPERATIONS = 3;

type DriftChange = DocumentChange & { readonly kind: NonNullable<DocumentChange["kind"]> };

function describe(change: DocumentChange): string {
  if (change.kind === "operation-removed") return "the contract has this operation; the deployment's document does not";
  if (change.kind === "operation-added") return "the deployment's document has this operation; the contract does not";
  const place = change.schema === undefined ? change.where : `${change.schema}${change.within ?? ""}`;
  return `${place}: ${change.message}`;
}

/** The drift from `contract` to `published`, one finding per change (a shared schema's once, naming where it shows). */
export function driftFindings(contract: unknown, published: unknown): Finding[] {
  const groups = new Map<string, DriftChange[]>();
  for (const change of diffDocuments(contract, published)) {
    if (change.kind === null) continue;
    // A change inside a named schema is one change, however many operations reach it.
    const key = change.schema === undefined ? `${change.operation}|${change.where}|${change.kind}` : `${change.schema}|${change.within}|${change.kind}|${change.class}|${change.message}`;
    const group = groups.get(key);
    if (group) group.push(change as DriftChange);
    else groups.set(key, [change as DriftChange]);
  }
  return [...groups.values()].map((group) => {
    const [first] = group as [DriftChange, ...DriftChange[]];
    const others = [...new Set(group.slice(1).map((change) => change.operation))].filter((operation) => operation !== first.operation);
    const also = others.length === 0 ? "" : ` (also in ${others.slice(0, NAMED_OPERATIONS).join(", ")}${others.length > NAMED_OPERATIONS ? ` and ${others.length - NAMED_OPERATIONS} more` : ""})`;
    return {
      operation: first.operation,
      kind: first.kind,
      severity: first.class === "compatible" ? "warning" : "error",
      message: `${describe(first)}${also}`,
      class: first.class,
      ...(first.schema === undefined ? {} : { location: `#/components/schemas/${pointerSegment(first.schema)}` }),
    };
  });
}
