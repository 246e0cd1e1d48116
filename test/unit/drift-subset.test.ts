// The subset rule of verify's drift (src/verify/drift.ts): a contract operation missing from the
// deployment's document is removed only when the document still publishes another operation of its
// group (first tag); a group missing whole is a part the document does not publish, named once.
import { describe, expect, it } from "vitest";
import { driftOf } from "../../src/verify/drift.js";

const answer = { "200": { description: "ok", content: { "application/json": { schema: { type: "object" } } } } };
const op = (tag: string) => ({ tags: [tag], responses: answer });
const document = (paths: Record<string, unknown>) => ({ openapi: "3.1.0", info: { title: "t", version: "1" }, paths });
const noRecord = { client: "1", release: "1", reasons: {}, differences: [] };

const contract = document({
  "/runs": { get: op("runs"), post: op("runs") },
  "/runs/{run_id}": { delete: op("runs") },
  "/users": { get: op("users") },
  "/users/{user_id}": { get: op("users") },
});

describe("drift's subset rule", () => {
  it("names a group the document does not publish at all once, as unpublished, never as removed findings", () => {
    const drift = driftOf(contract, document({ "/runs": { get: op("runs"), post: op("runs") }, "/runs/{run_id}": { delete: op("runs") } }), noRecord);
    expect(drift.unpublished).toEqual(["GET /users", "GET /users/{user_id}"]);
    expect(drift.findings.filter(({ kind }) => kind === "operation-removed")).toEqual([]);
  });

  it("still reports an operation removed when the document publishes the rest of its group", () => {
    const drift = driftOf(contract, document({ "/runs": { get: op("runs"), post: op("runs") }, "/users": { get: op("users") }, "/users/{user_id}": { get: op("users") } }), noRecord);
    expect(drift.unpublished).toEqual([]);
    expect(drift.findings.filter(({ kind }) => kind === "operation-removed").map(({ operation, severity, class: drifted }) => [operation, severity, drifted])).toEqual([["DELETE /runs/{run_id}", "error", "breaking-for-callers"]]);
  });

  it("tells both apart in one document: the whole missing group unpublished, the lone missing operation removed", () => {
    const drift = driftOf(contract, document({ "/runs": { get: op("runs") } }), noRecord);
    expect(drift.unpublished).toEqual(["GET /users", "GET /users/{user_id}"]);
    expect(drift.findings.filter(({ kind }) => kind === "operation-removed").map(({ operation, operations }) => operations ?? [operation])).toEqual([["POST /runs"], ["DELETE /runs/{run_id}"]]);
  });
});
