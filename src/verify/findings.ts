// What verify found, one entry per finding: the JSON report's contract with scripts. Answer checks
// (per call) and drift (the deployment's own OpenAPI document against the contract) both produce
// these, so a script reads one shape whatever found it. The drift kinds and classes are the diff
// engine's (src/contract/openapi-diff.ts), which knows nothing of verify.
import type { ChangeKind, DriftClass } from "../contract/openapi-diff.js";

export type { DriftClass };

/** Checks of an answer, of auth enforcement, and of drift between the contract and a deployment. */
export type FindingKind =
  | "status"
  | "content-type"
  | "schema"
  | "header"
  | "undocumented-status"
  | "server-error"
  | "auth-ignored"
  | "accepts-invalid"
  | ChangeKind;

/** The kinds of invalid request verify sends (invalid-requests.ts), in the order it sends them. */
export const INVALID_KINDS = ["missing-required", "wrong-type", "outside-enum", "outside-bounds", "not-a-uuid"] as const;
export type InvalidKind = (typeof INVALID_KINDS)[number];

/** `error` fails the run; `warning` is reported and does not. */
export type FindingSeverity = "error" | "warning";

export interface Finding {
  /** `METHOD /path` as the contract writes it (for `operation-added`, as the deployment does). */
  readonly operation: string;
  readonly kind: FindingKind;
  readonly severity: FindingSeverity;
  /** One line a person reads; never a value from a body, never a credential. */
  readonly message: string;
  /** Drift findings: what the change does to a user of this client. */
  readonly class?: DriftClass;
  /** Where in the answer or the schema, as a JSON pointer, when there is one place. */
  readonly location?: string;
  /** Findings of an invalid request (one verify made to be refused): which kind of invalid input it carried. */
  readonly invalid?: InvalidKind;
  /** Answer findings: a curl command that reproduces the call, the credential left to an environment variable. */
  readonly curl?: string;
  /** Drift findings: the diff engine's rule ("response-field-removed"). */
  readonly rule?: string;
  /** Drift findings: every operation the change reaches, when more than `operation`. */
  readonly operations?: readonly string[];
  /** Drift findings: the other places the same change shows in (a default that holds a whole instance of the schema changed). */
  readonly alsoIn?: readonly string[];
  /** Drift findings, where verify read several documents: the addresses of those that show the change. */
  readonly documents?: readonly string[];
  /** What to do about it: for drift, what a caller should change; for an answer, how to look into it and whom to tell. */
  readonly advice?: string;
  /** A recorded difference that still breaks a call: its reason in the record, and why the contract differs there (the record's words). */
  readonly reason?: string;
  readonly why?: string;
  /** Repeated warnings told once: how many times it was seen. */
  readonly count?: number;
  /** The --baseline report holds it: reported, and fails no run. */
  readonly known?: boolean;
}
