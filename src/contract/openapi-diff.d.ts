// Types of openapi-diff.js (plain JavaScript, so that bare-Node scripts can load it too).
import type { DriftClass, FindingKind } from "../verify/findings.js";

/** One change between two OpenAPI documents. */
export interface DocumentChange {
  /** The release check's rule, e.g. "request-field-became-required", "response-field-added". */
  readonly rule: string;
  /** The drift report's kind; null for what only the release check weighs (operationIds, path parameter names, security). */
  readonly kind: Exclude<FindingKind, "status" | "content-type" | "schema" | "header" | "undocumented-status" | "server-error" | "auth-ignored"> | null;
  readonly class: DriftClass;
  /** "METHOD /path" as the old document writes it (the new one, for an added operation). */
  readonly operation: string;
  /** Where in the operation: "query parameter limit", "request body application/json.kind", "response 200 application/json[].id". */
  readonly where: string;
  readonly message: string;
  /** The innermost named schema of the old document the change sits in, and the place inside it. */
  readonly schema?: string;
  readonly within?: string;
}

/** Every change from `oldDoc` to `newDoc`, one per operation, place and kind. */
export declare function diffDocuments(oldDoc: unknown, newDoc: unknown): DocumentChange[];
