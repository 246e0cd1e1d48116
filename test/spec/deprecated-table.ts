// The README's "Deprecated operations" section, written from the contract: every operation marked
// `deprecated: true`, and what its description says of a replacement. deprecated-table.test.ts
// holds the README to exactly this text, so a deprecation added to the contract fails there until
// the README lists it (paste the "Expected" side of the diff over the README's section).
import { operationsOf } from "../../src/contract/openapi-document.js";

interface Operation {
  readonly operationId: string;
  readonly deprecated?: boolean;
  readonly description?: string;
}

/** A deprecated operation, with the replacement the service names and the related one the contract points to. */
export interface Deprecation {
  readonly operation: string;
  readonly operationId: string;
  readonly replacement: string | undefined;
  readonly pointer: string | undefined;
}

// The two ways the contract's descriptions say it: the service names a replacement, or it names
// none (and the contract may then point to a related operation, in the same sentence).
const NAMED = /Deprecated: use `([A-Z]+ \/[^`]*)` instead/;
const NONE = /Deprecated by the service, which names no replacement(?:; `([A-Z]+ \/[^`]*)`)?/;

/** Every deprecated operation of `bundle`, in the contract's order; throws for a description that says neither. */
export function deprecationsOf(bundle: { readonly paths?: Readonly<Record<string, unknown>> }): Deprecation[] {
  const found: Deprecation[] = [];
  for (const { method, path, operation } of operationsOf<Operation>(bundle)) {
    if (operation.deprecated !== true) continue;
    const description = (operation.description ?? "").replace(/\s+/g, " ");
    const named = NAMED.exec(description);
    const none = NONE.exec(description);
    if (!named && !none) {
      throw new Error(
        `${operation.operationId} (${method} ${path}) is deprecated, but its description says neither "Deprecated: use \`METHOD /path\` instead" nor "Deprecated by the service, which names no replacement": write the one that is true`,
      );
    }
    found.push({ operation: `${method} ${path}`, operationId: operation.operationId, replacement: named?.[1], pointer: none?.[1] });
  }
  return found;
}

/** The README's section, heading included. */
export function renderDeprecated(bundle: { readonly paths?: Readonly<Record<string, unknown>> }): string {
  const deprecations = deprecationsOf(bundle);
  const unnamed = deprecations.filter((d) => d.replacement === undefined).length;
  const rows = deprecations.map(
    (d) => `| \`${d.operation}\` | \`${d.operationId}\` | ${d.replacement ? `\`${d.replacement}\`` : "none named"} | ${d.pointer ? `\`${d.pointer}\`` : "–"} |`,
  );
  return [
    "## Deprecated operations",
    "",
    `The service marks ${deprecations.length} of the contract's operations deprecated. \`service-api/schema\` tags each`,
    "`@deprecated` and the rendered docs show it, but a call names its operation by a path string, where",
    `an editor may show no mark, so here is the list. For ${unnamed} of them the service names no`,
    "replacement; where the contract points to a related operation, it is in the last column.",
    "",
    "| operation | operationId | the service's replacement | related operation |",
    "|---|---|---|---|",
    ...rows,
    "",
  ].join("\n");
}
