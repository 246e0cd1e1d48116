// The README's "Deprecated operations" section, written from the contract: every operation marked
// `deprecated: true`, and the replacement its description names. deprecated-table.test.ts holds
// the README to exactly this text, so a deprecation added to the contract fails there until the
// README lists it (paste the "Expected" side of the diff over the README's section).
import { operationsOf } from "../../src/contract/openapi-document.js";

interface Operation {
  readonly operationId: string;
  readonly deprecated?: boolean;
  readonly description?: string;
}

/** A deprecated operation, with the replacement the service names, if it names one. */
export interface Deprecation {
  readonly operation: string;
  readonly operationId: string;
  readonly replacement: string | undefined;
}

// A replacement is named as the descriptions name one: after the word "deprecated", "use" and the
// operation in code (`Deprecated: use \`PUT /integrations/databricks\` instead`). Any other
// wording ("names no replacement", "does not document what replaces it") names none.
const REPLACEMENT = /deprecated\b[^.]*?\buse `([A-Z]+ \/[^`]*)`/i;

/** Every deprecated operation of `document`, in the contract's order. */
export function deprecationsOf(document: { readonly paths?: Readonly<Record<string, unknown>> }): Deprecation[] {
  const found: Deprecation[] = [];
  for (const { method, path, operation } of operationsOf<Operation>(document)) {
    if (operation.deprecated !== true) continue;
    const replacement = REPLACEMENT.exec((operation.description ?? "").replace(/\s+/g, " "))?.[1];
    found.push({ operation: `${method} ${path}`, operationId: operation.operationId, replacement });
  }
  return found;
}

/** The README's section, heading included. */
export function renderDeprecated(document: { readonly paths?: Readonly<Record<string, unknown>> }): string {
  const deprecations = deprecationsOf(document);
  const unnamed = deprecations.filter((d) => d.replacement === undefined).length;
  return [
    "## Deprecated operations",
    "",
    `The service marks ${deprecations.length} of the contract's operations deprecated. \`service-api/schema\` tags each`,
    "`@deprecated` and the rendered docs show it, but a call names its operation by a path string, where",
    `an editor may show no mark, so here is the list. For ${unnamed} of them the service names no replacement.`,
    "",
    "| operation | operationId | the service's replacement |",
    "|---|---|---|",
    ...deprecations.map((d) => `| \`${d.operation}\` | \`${d.operationId}\` | ${d.replacement ? `\`${d.replacement}\`` : "none named"} |`),
    "",
  ].join("\n");
}
