// The subset rule of verify's drift (src/verify/drift.ts): a contract operation missing from the
// deployment's document is removed only when the document still publishes another operation of its
// group (first tag); a group missing whole is a part the document does not publish, named once.
// Against several documents, the rule holds on their union, and each change names its documents.
import { describe, expect, it } from "vitest";
import { driftOf, driftOfDocuments } from "../../src/verify/drift.js";

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

describe("drift against several documents of one deployment", () => {
  const FULL = "https://api.acme.example/openapi.json";
  const CLIENT = "https://api.acme.example/client/openapi.json";
  const withName = (type: "string" | "integer" | "boolean") => ({ tags: ["users"], responses: { "200": { description: "ok", content: { "application/json": { schema: { type: "object", properties: { name: { type } } } } } } } });
  /** The contract above, its user listing answering a name of `type`. */
  const naming = (type: "string" | "integer" | "boolean") => document({ ...contract.paths, "/users": { get: withName(type) } });
  const named = naming("string");

  it("removes an operation only when no document has it, and a group only one document lacks is no subset", () => {
    // The full document lacks the users group; the client one has it but lacks the runs group.
    const full = document({ "/runs": { get: op("runs"), post: op("runs") } });
    const client = document({ "/users": { get: withName("string") } });
    const drift = driftOfDocuments(named, [{ name: FULL, document: full }, { name: CLIENT, document: client }], noRecord);
    expect(drift.unpublished).toEqual([]);
    expect(drift.findings.filter(({ kind }) => kind === "operation-removed").map(({ operation, message }) => [operation, message])).toEqual([
      ["DELETE /runs/{run_id}", "in none of the deployment's documents"],
      ["GET /users/{user_id}", "in none of the deployment's documents"],
    ]);
    expect(drift.publishes).toEqual([2, 1]);
  });

  it("tells a change once, naming the documents that show it, and each other document's word there", () => {
    const retyped = naming("integer");
    const one = driftOfDocuments(named, [{ name: FULL, document: retyped }, { name: CLIENT, document: naming("string") }], noRecord);
    expect(one.findings.map(({ operation, kind, message, documents }) => [operation, kind, message, documents])).toEqual([
      ["GET /users", "field-changed", "response 200 application/json.name: type string → integer (in /openapi.json; /client/openapi.json as the contract)", [FULL]],
    ]);
    const both = driftOfDocuments(named, [{ name: FULL, document: retyped }, { name: CLIENT, document: retyped }], noRecord);
    expect(both.findings.map(({ message, documents }) => [message, documents])).toEqual([["response 200 application/json.name: type string → integer (in /openapi.json and /client/openapi.json)", [FULL, CLIENT]]]);
  });

  it("where the documents disagree, shows each one's change, each saying the other shows another", () => {
    const drift = driftOfDocuments(named, [{ name: FULL, document: naming("integer") }, { name: CLIENT, document: naming("boolean") }], noRecord);
    expect(drift.findings.map(({ message, documents }) => [message, documents])).toEqual([
      ["response 200 application/json.name: type string → integer (in /openapi.json; /client/openapi.json shows another change here)", [FULL]],
      ["response 200 application/json.name: type string → boolean (in /client/openapi.json; /openapi.json shows another change here)", [CLIENT]],
    ]);
  });

  it("counts what only the deployment has once, whichever documents add it, and a single document reads as before", () => {
    const extra = document({ ...named.paths, "/widgets": { get: op("widgets") } });
    const drift = driftOfDocuments(named, [{ name: FULL, document: extra }, { name: CLIENT, document: extra }], noRecord);
    expect(drift.findings.map(({ kind, message, documents }) => [kind, message, documents])).toEqual([["operation-added", "the deployment's documents have 1 operation the contract lacks: 1 under other groups (widgets 1)", [FULL, CLIENT]]]);
    expect(driftOfDocuments(named, [{ name: FULL, document: extra }], noRecord)).toEqual(driftOf(named, extra, noRecord));
  });
});
