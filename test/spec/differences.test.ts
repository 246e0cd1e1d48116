// The record of the contract's deliberate differences (reference/differences.json) is exactly the
// diff engine's difference between the contract and the release it was written from
// (reference/openapi-1.378.0.json, as the service publishes it): nothing unrecorded, nothing stale,
// every entry explained. Drift in `service-api verify` reads the record, so this is what keeps a
// deployment's real change apart from what the contract does on purpose.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { diffDocuments } from "../../src/openapi-diff.js";
import { differenceRecord, recordFor, sortChanges, staysBreaking } from "../../src/verify/differences.js";
import { bundle } from "../support/bundle.js";

const release = JSON.parse(readFileSync(new URL(`../../reference/openapi-${differenceRecord.release}.json`, import.meta.url), "utf8"));
const changes = diffDocuments(bundle, release).filter((change) => change.kind !== null && change.kind !== "operation-added");

describe("reference/differences.json", () => {
  it("is the contract's difference from the release, no more and no less (npm run differences rewrites it)", () => {
    expect(recordFor(changes, differenceRecord)).toEqual(differenceRecord);
  });

  it("holds every change from the contract to the release, so drift against the release itself is empty", () => {
    const { drift, recorded } = sortChanges(changes);
    expect(drift.map((change) => `${change.operation} ${change.where}: ${change.message}`)).toEqual([]);
    expect(recorded.length).toBe(changes.length);
  });

  it("explains each difference with a reason it defines, and defines no reason it does not use", () => {
    const used = new Set(differenceRecord.differences.map((difference) => difference.reason));
    expect([...used].filter((reason) => !(reason in differenceRecord.reasons))).toEqual([]);
    expect(Object.keys(differenceRecord.reasons).filter((reason) => !used.has(reason))).toEqual([]);
    for (const why of Object.values(differenceRecord.reasons)) expect(why.length).toBeGreaterThan(40);
  });

  it("keeps breaking exactly what a caller could send and the release does not list: five operations and the brief's scope", () => {
    const breaking = sortChanges(changes).recorded.filter(({ change }) => staysBreaking(change));
    expect(breaking.map(({ change, reason }) => `${reason}: ${change.operation}${change.where ? ` ${change.where}` : ""}`).sort()).toEqual([
      "brief-parameter: POST /signup_link query parameter scope",
      "inferred-operation: GET /integrations/databricks/clusters",
      "inferred-operation: GET /integrations/databricks/sql_warehouses",
      "inferred-operation: GET /projects/{project_id}/runs/{run_id}/prompts/rows/columnar",
      "inferred-operation: POST /projects/{project_id}/prompts/calculate_cost",
      "older-client-operation: GET /projects/{project_id}/runs/{run_id}/prompts/download_prompt_dataset",
    ]);
  });

  it("still sees a later change at a recorded place: the same place with other words is drift", () => {
    const later = structuredClone(release);
    // The service drops the tag it left optional: recorded as "was required, now optional", now removed.
    delete later.components.schemas.AwsBedrockIntegration.properties.name;
    const drift = sortChanges(diffDocuments(bundle, later).filter((change) => change.kind !== null)).drift;
    expect(drift.filter((change) => change.schema === "AwsBedrockIntegration").map((change) => `${change.within}: ${change.message}`)).toEqual([".name: removed"]);
  });
});
