// What one answer says about the deployment, as findings. The checks, in order: an answer came;
// its status is declared for the operation (even a 2xx); it is no 5xx; a read answers 2xx; its
// content type is declared; its JSON body is valid against the schema; the headers its status
// declares are there and valid. An auth probe (the call again without a credential, or with a
// wrong one) must be refused with 401 or 403: anything else is `auth-ignored`.
import type { CheckResult } from "../validation/response-validator.js";
import type { HeaderProblem } from "../validation/header-check.js";
import { pathKeys } from "../validation/json-path.js";
import { pointerSegment } from "../contract/openapi-document.js";
import type { Finding, FindingKind } from "./findings.js";
import type { CallCredential } from "./curl.js";

/** One answer as the checks read it. */
export interface CheckedAnswer {
  /** `METHOD /path` as the contract writes it. */
  readonly operation: string;
  /** Null when no answer came. */
  readonly status: number | null;
  readonly check: CheckResult | undefined;
  readonly headers: readonly HeaderProblem[];
  /** Why no answer came. */
  readonly failure?: string;
  /** The call's credential: the user's, or an auth probe's. */
  readonly credential: CallCredential;
  /** A call that must answer 2xx: a read verify chose the inputs of, or a step of a write chain. */
  readonly expectsSuccess: boolean;
  readonly curl: string | undefined;
}

const REFUSALS = new Set([401, 403]);

const PROBE_WORDS: Record<Exclude<CallCredential, "user">, string> = { none: "with no credential", wrong: "with a wrong credential" };

/** "$.projects[0].id" as the JSON pointer "/projects/0/id". */
function pointerOf(path: string): string {
  return pathKeys(path, "$").map((key) => `/${pointerSegment(String(key))}`).join("");
}

/** What to do about an answer's finding, by its kind: every answer finding carries it (`advice`). */
const ANSWER_ADVICE: Readonly<Record<string, string>> = {
  "auth-ignored": "treat it as a security fault: anyone can call this operation; tell whoever runs the deployment, with the curl command",
  status: "run the curl command: if it answers the same, check the address, the deployment's health and the data verify read its inputs from",
  "undocumented-status": "run the curl command and read the answer; code written against the contract does not expect this status, so handle it, and tell whoever runs the deployment",
  "server-error": "send the curl command and its answer to whoever runs the deployment: it failed on input the contract allows",
  "content-type": "run the curl command and read the answer: a page that is not the API's (a proxy's or a login page) answers this way; check --base-url",
  schema: "code that reads this field gets what the contract does not promise: guard it, and tell whoever runs the deployment, with the curl command",
  header: "code that reads this header must handle it missing or invalid; run the curl command to see the headers",
};

export function findingsOf(answer: CheckedAnswer): Finding[] {
  const findings: Finding[] = [];
  const add = (kind: FindingKind, message: string, extra: { location?: string; severity?: Finding["severity"] } = {}) =>
    findings.push({
      operation: answer.operation,
      kind,
      severity: extra.severity ?? "error",
      message,
      ...(extra.location !== undefined ? { location: extra.location } : {}),
      ...(answer.curl !== undefined ? { curl: answer.curl } : {}),
      advice: ANSWER_ADVICE[kind]!,
    });
  const probe = answer.credential === "user" ? undefined : PROBE_WORDS[answer.credential];
  if (answer.status === null) {
    add("status", `no answer${probe ? ` ${probe}` : ""}: ${answer.failure ?? "the call failed"}`);
    return findings;
  }
  const { status } = answer;
  if (probe !== undefined && !REFUSALS.has(status)) {
    add("auth-ignored", `answered HTTP ${status} ${probe}, where the contract requires a credential: it should refuse with 401 or 403`);
  }
  const check = answer.check;
  if (check?.failed === "status") add("undocumented-status", `HTTP ${status}${probe ? ` ${probe}` : ""}: ${check.problems[0]!.message}`);
  if (status >= 500) add("server-error", `HTTP ${status}${probe ? ` ${probe}` : ""}: a server error on input the contract allows`);
  else if (answer.expectsSuccess && probe === undefined && (status < 200 || status > 299) && check?.failed !== "status") {
    add("status", `HTTP ${status}: a healthy ${answer.operation.startsWith("GET ") ? "read" : "call"} answers 2xx`);
  }
  if (check?.failed === "content-type") add("content-type", check.problems[0]!.message);
  if (check?.failed === "schema") {
    for (const problem of check.problems) add("schema", `${problem.path}: ${problem.message}`, { location: pointerOf(problem.path) });
  }
  for (const problem of answer.headers) {
    add("header", problem.message, { location: `/headers/${problem.header}`, severity: problem.missing && !problem.required ? "warning" : "error" });
  }
  return findings;
}

/**
 * Findings without repeats: one per operation, kind, place and message (the first, with its curl).
 * An auth probe's 401 and the next probe's say the same about a missing header; a schema error met
 * in several answers is one error of the operation.
 */
export function dedupe(findings: readonly Finding[]): Finding[] {
  const seen = new Set<string>();
  return findings.filter((finding) => {
    const key = [finding.operation, finding.kind, finding.location ?? "", finding.message].join("\u0000");
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}
