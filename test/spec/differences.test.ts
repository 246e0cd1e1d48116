// The record of the contract's deliberate differences (reference/differences.json) is exactly the
// diff engine's difference between the contract and the two documents the scope follows (the
// record's `client`, reference/openapi-client-2026-07-13.json, on the operations the scope takes
// from it, and its `release`, reference/openapi-1.513.0.json, on the rest; as the service publishes
// them): nothing unrecorded, nothing stale, every entry explained and naming its document. Drift in
// `service-api verify` reads the record, so this is what keeps a deployment's real change apart
// from what the contract does on purpose.
import { describe, expect, it } from "vitest";
import { diffDocuments } from "../../src/contract/openapi-diff.js";
import { differenceRecord, recordFor, SHARED_WIDER, sortChanges, staysBreaking } from "../../src/verify/differences.js";
import { driftOf } from "../../src/verify/drift.js";
import { operationsOf } from "../../src/contract/openapi-document.js";
import { closure, differencesByDocument, documentFiles, readDocuments, scopeDocument } from "../../scripts/lib/scope-document.js";
import { bundle } from "../support/bundle.js";

const documents = readDocuments();
const release = documents.release;
const against = differencesByDocument(bundle, documents);
const onPart = (side: "client" | "release") =>
  against.find((part) => part.side === side)!.changes.filter((change) => change.kind !== null && change.kind !== "operation-added");
const changes = onPart("release");
// The reasons whose differences come from the scope's wider form of a schema both documents share.
const WIDER_REASONS: readonly string[] = [SHARED_WIDER, "shared-union"];

describe("reference/differences.json", () => {
  it("is the contract's difference from each document on its part, no more and no less (npm run differences rewrites it)", () => {
    expect(recordFor(against, differenceRecord)).toEqual(differenceRecord);
  });

  it("names, for each difference, the document it is against: one of the two the record follows", () => {
    const files = Object.values(documentFiles());
    expect(differenceRecord.differences.filter((difference) => !files.includes(difference.document))).toEqual([]);
  });

  it("holds every change from the contract's part to each document, so drift against either on its part is empty", () => {
    for (const side of ["client", "release"] as const) {
      const { drift, recorded } = sortChanges(onPart(side));
      expect(drift.map((change) => `${side}: ${change.schema ?? change.operation} ${change.within ?? change.where}: ${change.message}`)).toEqual([]);
      expect(recorded.length).toBe(onPart(side).length);
    }
  });

  it("gives shared-wider only to places in a schema that the operations of both documents reach, or that refers to one", () => {
    const scope = scopeDocument(documents, operationsOf(bundle));
    const serviceName = new Map(Object.entries(bundle.components.schemas as Record<string, { "x-service-name"?: string }>).map(([name, schema]) => [name, schema["x-service-name"] ?? name]));
    // A schema only one side reaches shows the widening where it refers to a shared one
    // (AgentStep.input[] holds the shared Message): the schemas a place's schema leads to.
    const leadsTo = (name: string) => closure([name], scope.document.components.schemas);
    const shared = differenceRecord.differences.filter((difference) => difference.reason === SHARED_WIDER);
    const notShared = shared.filter((difference) => ![...leadsTo(serviceName.get(difference.schema ?? "") ?? "")].some((name) => scope.reachedBy.get(name)?.size === 2));
    expect(notShared.map((difference) => `${difference.schema}${difference.within}: ${difference.message}`)).toEqual([]);
  });

  it("records an operation the contract leaves out on purpose, and only that one, so drift does not count it as lacking", () => {
    const leftOut = differenceRecord.differences.filter((difference) => difference.rule === "operation-added");
    expect(leftOut.map(({ reason, operations }) => `${reason}: ${operations?.join(", ")}`)).toEqual(["cookie-parameter: POST /refresh_token"]);
    const lacking = driftOf(bundle, release).findings.find((finding) => finding.kind === "operation-added");
    expect(lacking?.operations ?? [lacking?.operation]).not.toContain("POST /refresh_token");
    expect(driftOf(bundle, release).recorded.find(({ reason }) => reason === "cookie-parameter")?.operations).toEqual(["POST /refresh_token"]);
  });

  it("explains each difference with a reason it defines, and defines no reason it does not use", () => {
    const used = new Set(differenceRecord.differences.map((difference) => difference.reason));
    expect([...used].filter((reason) => !(reason in differenceRecord.reasons))).toEqual([]);
    expect(Object.keys(differenceRecord.reasons).filter((reason) => !used.has(reason))).toEqual([]);
    for (const why of Object.values(differenceRecord.reasons)) expect(why.length).toBeGreaterThan(40);
  });

  it("keeps breaking exactly what a caller could send and the release does not list: five operations, the brief's scope, and what the client document's form of a shared schema lets a caller send", () => {
    const breaking = sortChanges(changes).recorded.filter(({ change }) => staysBreaking(change));
    // The shared schemas take the client document's values, members and fields, which the release
    // does not list: each of those is a value, member or field the release lacks, nothing else.
    const widening = breaking.filter(({ reason }) => WIDER_REASONS.includes(reason));
    expect([...new Set(widening.map(({ change }) => change.rule))].sort()).toEqual(["request-enum-value-removed", "request-field-removed", "request-type-narrowed"]);
    expect(breaking.filter(({ reason }) => !WIDER_REASONS.includes(reason)).map(({ change, reason }) => `${reason}: ${change.operation}${change.where ? ` ${change.where}` : ""}`).sort()).toEqual([
      "brief-parameter: POST /signup_link query parameter scope",
      "inferred-operation: GET /integrations/databricks/clusters",
      "inferred-operation: GET /integrations/databricks/sql_warehouses",
      "inferred-operation: GET /projects/{project_id}/runs/{run_id}/prompts/rows/columnar",
      "inferred-operation: POST /projects/{project_id}/prompts/calculate_cost",
      "older-client-operation: GET /projects/{project_id}/runs/{run_id}/prompts/download_prompt_dataset",
    ]);
  });

  it("keeps breaking, against the client document, only what the wider form of a shared schema lets a caller send, and the service's sort defaults where the SDK's import script wrote null", () => {
    const breaking = sortChanges(onPart("client")).recorded.filter(({ change }) => staysBreaking(change));
    expect(breaking.filter(({ reason }) => reason !== SHARED_WIDER && reason !== "sdk-import-edit").map(({ change, reason }) => `${reason}: ${change.operation} ${change.where}`)).toEqual([]);
    const edited = breaking.filter(({ reason }) => reason === "sdk-import-edit");
    expect(edited.map(({ change }) => `${change.rule} ${change.where}`).every((at) => /^request-default-changed .*\.sort$/.test(at))).toBe(true);
    expect(edited.length).toBeGreaterThan(0);
  });

  it("still sees a later change at a recorded place: the same place with other words is drift", () => {
    const later = structuredClone(release);
    // The service drops the tag it left optional: recorded as "was required, now optional", now
    // removed. BleuScorer is on the release's part (no operation of the client document reaches it).
    delete later.components.schemas.BleuScorer.properties.name;
    const laterPart = differencesByDocument(bundle, { ...documents, release: later }).find((part) => part.side === "release")!;
    const drift = sortChanges(laterPart.changes.filter((change) => change.kind !== null)).drift;
    // One change for each operation that reaches the scorer, all at the one place.
    expect([...new Set(drift.filter((change) => change.schema === "BleuScorer").map((change) => `${change.within}: ${change.message}`))]).toEqual([".name: removed"]);
  });
});

// A later release of the service, made from the release the record follows (1.513.0) in the
// service's own spelling with the kinds of change a real next release brings: drift names each
// once, and nothing else but what drift against the release itself names (with a complete record,
// the six genuine differences: five operations and the brief's scope) and the summary of
// operations the contract lacks.
describe("drift against a later release, planted in the service's own document", () => {
  const later = structuredClone(release);
  const schemas = later.components.schemas;
  // One operation gains an optional query parameter, and with it a 422 answer.
  later.paths["/current_user"].get.parameters = [{ name: "include_groups", in: "query", required: false, schema: { type: "boolean", default: false, title: "Include Groups" } }];
  later.paths["/current_user"].get.responses["422"] = { description: "Validation Error", content: { "application/json": { schema: { $ref: "#/components/schemas/HTTPValidationError" } } } };
  // An answer gains a field; a request loses one and gains another.
  schemas.ProjectDB.properties.archived = { type: "boolean", default: false, title: "Archived" };
  delete schemas.ProjectCreate.properties.create_example_templates;
  schemas.ProjectCreate.properties.labels = { anyOf: [{ type: "array", items: { type: "string" } }, { type: "null" }], title: "Labels" };
  // An enum gains a value (it is read and sent); a union gains a member.
  schemas.ProjectType.enum.push("agent_eval");
  schemas.WidgetRunResults = { type: "object", required: ["widgets"], properties: { widgets: { type: "integer" } } };
  schemas.RootModel_Union_InferenceRunResults__SplitRunResults__.anyOf.push({ $ref: "#/components/schemas/WidgetRunResults" });
  // A field of an answer stops being nullable; a default changes.
  schemas.ProjectDB.properties.name = { type: "string", title: "Name" };
  schemas.CBOClusterRequest.properties.map_threshold.default = 0.7;
  const drift = driftOf(bundle, later);
  const PROJECT_TYPES = (schemas.ProjectType.enum as string[]).map((value) => `"${value}"`).join(", ");
  const againstRelease = new Set(driftOf(bundle, release).findings.map(({ operation, rule, message }) => `${operation} ${rule} ${message}`));

  it("names each change once, with its class and the operations it reaches", () => {
    const named = drift.findings.filter(
      (finding) => finding.kind !== "operation-added" && !finding.message.includes("(recorded difference: ") && !againstRelease.has(`${finding.operation} ${finding.rule} ${finding.message}`),
    );
    const byMessage = (a: string[], b: string[]) => a[2]!.localeCompare(b[2]!);
    expect(named.map(({ rule, class: cls, message }) => [rule!, cls!, message]).sort(byMessage)).toEqual([
      ["response-enum-value-added", "breaking-for-readers", 'ProjectType: now "agent_eval"'],
      // The project filter on type takes any text (the client document's form), recorded against the
      // release's list of types: the list has one more value, so the recorded words no longer fit.
      ["request-type-narrowed", "breaking-for-callers", `ProjectTypeFilter.value: any string → only ${PROJECT_TYPES}`],
      ["request-type-narrowed", "breaking-for-callers", `ProjectTypeFilter.value[]: any string → only ${PROJECT_TYPES}`],
      ["response-field-added", "compatible", "ProjectDB.archived: new optional field"],
      ["response-type-narrowed", "compatible", "ProjectDB.name: no longer null"],
      ["request-field-removed", "breaking-for-callers", "ProjectCreate.create_example_templates: removed"],
      ["request-field-added", "compatible", "ProjectCreate.labels: new optional field"],
      ["response-type-widened", "breaking-for-readers", "InsightSummaryResults: union now has member WidgetRunResults"],
      ["request-default-changed", "breaking-for-callers", "CBOClusterRequest.map_threshold: default 0.5 → 0.7"],
      ["parameter-added", "compatible", "query parameter include_groups: new optional parameter"],
      ["error-response-added", "compatible", "response 422: now lists 422"],
    ].sort(byMessage));
    // The enum is both sent and read: one finding, at its worst class, reaching both kinds of operation.
    const projectType = named.find((finding) => finding.message.startsWith("ProjectType"))!;
    expect(projectType.operations).toEqual(expect.arrayContaining(["GET /projects", "POST /projects"]));
  });

  it("keeps the genuine differences, and lists the recorded ones apart as before", () => {
    const genuineOf = (findings: readonly { message: string; operation: string; reason?: string }[]) =>
      findings.filter((finding) => finding.message.includes("(recorded difference: ")).map((finding) => `${finding.operation} ${finding.message}`).sort();
    const genuine = genuineOf(drift.findings);
    expect(genuine).toEqual(genuineOf(driftOf(bundle, release).findings));
    // Beside what the shared schemas' wider form lets a caller send, the six that are no widening.
    const notWidening = drift.findings.filter((finding) => finding.message.includes("(recorded difference: ") && !WIDER_REASONS.some((reason) => finding.message.includes(`(recorded difference: ${reason}`)));
    expect(notWidening.map((finding) => finding.operation).sort()).toEqual(
      ["GET /integrations/databricks/clusters", "GET /integrations/databricks/sql_warehouses", "GET /projects/{project_id}/runs/{run_id}/prompts/download_prompt_dataset", "GET /projects/{project_id}/runs/{run_id}/prompts/rows/columnar", "POST /projects/{project_id}/prompts/calculate_cost", "POST /signup_link"],
    );
    expect(drift.recorded).toEqual(driftOf(bundle, release).recorded);
    expect(drift.findings.filter((finding) => finding.kind === "operation-added")).toHaveLength(1);
  });
});
