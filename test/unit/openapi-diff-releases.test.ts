// The diff engine on two real releases of the service: from 1.378.0 (the release the contract was
// first written from) to 1.513.0, both kept in reference/ as the service publishes them. Each case
// is a place where the engine once misread the newer document, taken from it as it stands: a
// default whose keys come in another order, a list of lists, one class written twice as `-Input`
// and `-Output`, a member renamed by the framework, and operations newly deprecated. Then from
// 1.513.0 to the service's client API document (reference/openapi-client-2026-07-13.json), the
// newest it publishes: tagged unions, schemas replaced by others, error answers' bodies and a
// union's new member, each where the engine once said less than the documents do.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { diffDocuments, type DocumentChange } from "../../src/contract/openapi-diff.js";
import { schemaChanges } from "../../src/contract/schema-diff.js";
import { driftOf } from "../../src/verify/drift.js";

type Doc = Record<string, any>;
const release = (version: string): Doc => JSON.parse(readFileSync(new URL(`../../reference/openapi-${version}.json`, import.meta.url), "utf8"));
const older = release("1.378.0");
const newer = release("1.513.0");
const changes = diffDocuments(older, newer);
const client: Doc = JSON.parse(readFileSync(new URL("../../reference/openapi-client-2026-07-13.json", import.meta.url), "utf8"));
const toClient = diffDocuments(newer, client);
const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
const at = (change: DocumentChange) => `${change.schema ?? ""}${change.within ?? ""}`;
// A hang guard, not a budget, for the tests that diff the two whole releases again: one diff
// takes about 1.3 s quiet and more than vitest's default 5 s on a loaded machine.
const WHOLE_DIFF = 60_000;

/** Each change in one line: its rule, its operation, the place in the named schema, its words. */
const lines = (found: readonly DocumentChange[]) => [...new Set(found.map((change) => `${change.rule} ${change.operation} ${at(change)}: ${change.message}`))].sort();

describe("defaults are compared as values, not as text", () => {
  it("filter_params' default, the same value with its keys in another order, is no change", () => {
    const was = older.components.schemas.CBOClusterRequest.properties.filter_params.default;
    const now = newer.components.schemas.CBOClusterRequest.properties.filter_params.default;
    // The real case: equal values, written in two orders.
    expect(JSON.stringify(now)).not.toBe(JSON.stringify(was));
    expect(now).toEqual(was);
    const facts = schemaChanges(older, ref("CBOClusterRequest"), newer, ref("CBOClusterRequest"));
    expect(facts.filter((fact) => fact.change.startsWith("default"))).toEqual([]);
    expect(changes.filter((change) => change.rule === "request-default-changed" && change.within === ".filter_params")).toEqual([]);
  });

  it("the body default of POST /projects/paginated, reordered, is no change; the sort default it gains still is one", () => {
    const body = (doc: Doc) => doc.paths["/projects/paginated"].post.requestBody.content["application/json"].schema.default;
    expect(body(newer)).toEqual(body(older));
    expect(lines(changes.filter((change) => change.operation === "POST /projects/paginated" && change.rule.endsWith("default-changed")))).toEqual([
      'request-default-changed POST /projects/paginated ProjectCollectionParams.sort: default null → {"ascending":false,"name":"created_at","sort_type":"column"}',
    ]);
  });

  it("a default that does change is reported in the same words whatever the order of its keys", () => {
    const later = structuredClone(newer);
    const sort = later.components.schemas["api__schemas__project__ProjectCollectionParams"].properties.sort;
    sort.default = { sort_type: "column", ascending: true, name: "created_at" };
    const found = diffDocuments(older, later).filter((change) => change.operation === "POST /projects/paginated" && change.within === ".sort");
    expect(found.map((change) => change.message)).toEqual(['default null → {"ascending":true,"name":"created_at","sort_type":"column"}']);
  }, WHOLE_DIFF);
});

describe("lists of lists", () => {
  it("MetricSuccess.value, a union of a cell, its list and lists of lists, compares each depth with the same depth", () => {
    const facts = schemaChanges(older, ref("MetricSuccess"), newer, ref("MetricSuccess"));
    // What changed is inside Document (answers carry `content`), at every depth; no list is read
    // as a string, nor a string as a list.
    expect(facts.filter((fact) => /type .*(array|string)/.test(fact.message))).toEqual([]);
    expect([...new Set(facts.map((fact) => `${fact.schema}${fact.within} ${fact.change}: ${fact.message}`))].sort()).toEqual([
      "Document.content field-added-required: new required field",
      "Document.page_content field-removed: removed",
    ]);
    expect(facts.map((fact) => fact.at)).toEqual(expect.arrayContaining([".value.content", ".value[].content", ".value[][].content", ".value[][][].content"]));
  });

  it("no change anywhere reads a list of lists as a list of cells", () => {
    expect(lines(changes.filter((change) => /MetricSuccess|PromptRowColumn|PromptRunColumn/.test(change.schema ?? "") && /type /.test(change.message)))).toEqual([]);
  });
});

describe("a class the service writes twice, as -Input (requests) and -Output (answers), is one schema seen from two directions", () => {
  it("Document: requests still send page_content (Document-Input), answers carry content (Document-Output); no member is swapped", () => {
    const document = changes.filter((change) => change.schema === "Document");
    const requests = document.filter((change) => change.rule.startsWith("request-") && change.operation === "POST /observe/workflows");
    const answers = document.filter((change) => change.operation === "GET /projects/{project_id}/prompts/runs/columnar");
    expect(requests).toEqual([]);
    expect(lines(answers)).toEqual([
      "response-field-added GET /projects/{project_id}/prompts/runs/columnar Document.content: new required field",
      "response-field-removed GET /projects/{project_id}/prompts/runs/columnar Document.page_content: removed",
    ]);
    // Anywhere: no union said to lose a member X and gain X-Input or X-Output.
    const swapped = (message: string) => {
      const named = (words: string | undefined) => (words ?? "").split(", ").map((name) => name.replace(/^member /, ""));
      const lost = named(/no longer has (member [^;]*)/.exec(message)?.[1]);
      const gained = named(/now has (member [^;]*)/.exec(message)?.[1]);
      return lost.some((name) => name !== "" && (gained.includes(`${name}-Input`) || gained.includes(`${name}-Output`)));
    };
    expect(changes.filter((change) => swapped(change.message))).toEqual([]);
  });

  it("a union whose members all became -Input keeps only its real change: the members it gained", () => {
    const scorers = changes.filter((change) => change.operation === "POST /jobs" && change.within === ".prompt_customized_scorers_configuration[]" && change.kind === "union-changed");
    expect(scorers.map((change) => change.rule)).toEqual(["request-type-widened", "response-type-widened"]);
    for (const change of scorers) {
      expect(change.message).toMatch(/^union now has member CustomizedAgenticSessionSuccessGPTScorer-(Input|Output), /);
      expect(change.message).not.toContain("no longer has");
    }
  });
});

describe("a member renamed by the service's framework is looked inside", () => {
  it("PromptRunSettings (now -Input and -Output): max_tokens' default, 256 → 1024, in requests and in answers", () => {
    expect(lines(changes.filter((change) => change.within === ".max_tokens" && ["POST /jobs", "GET /projects/{project_id}/prompts/runs"].includes(change.operation)))).toEqual([
      "request-default-changed POST /jobs PromptRunSettings.max_tokens: default 256 → 1024",
      "response-default-changed GET /projects/{project_id}/prompts/runs PromptRunSettings.max_tokens: default 256 → 1024",
      "response-default-changed POST /jobs PromptRunSettings.max_tokens: default 256 → 1024",
    ]);
  });

  it("Message, now service_core__schemas__shared__message__Message (two modules hold a Message), is the same member: unchanged, so nothing", () => {
    expect(changes.filter((change) => /service_core__schemas__shared__message__Message/.test(change.message))).toEqual([]);
    const facts = schemaChanges(older, ref("WorkflowStep"), newer, ref("WorkflowStep"));
    expect(facts.filter((fact) => fact.within === ".input" || fact.within === ".output")).toEqual([]);
  });

  it("a renamed member whose class another member also claims is not guessed: it stays removed and added", () => {
    const later = structuredClone(newer);
    const schemas = later.components.schemas;
    // Two members of class Message on the new side: which one the old Message became is not known.
    schemas.WorkflowStep.properties.input.anyOf.push(ref("service_core__schemas__logging__llm__Message-Input"));
    const facts = schemaChanges(older, ref("WorkflowStep"), later, ref("WorkflowStep")).filter((fact) => fact.within === ".input");
    expect(facts.map((fact) => fact.message)).toEqual([
      "union no longer has member Message",
      "union now has member service_core__schemas__shared__message__Message, service_core__schemas__logging__llm__Message-Input",
    ]);
  });
});

describe("deprecated: an operation, a parameter or a field newly deprecated is a compatible finding that says so", () => {
  it("POST /users and POST /users/social, deprecated in 1.513.0; what 1.378.0 already deprecated is no change", () => {
    const deprecated = changes.filter((change) => change.rule === "operation-deprecated");
    expect(deprecated.map((change) => change.operation).sort()).toEqual(["GET /token", "POST /users", "POST /users/social"]);
    expect(new Set(deprecated.map((change) => change.class))).toEqual(new Set(["compatible"]));
    expect(changes.filter((change) => change.operation === "GET /users/all" && change.rule === "operation-deprecated")).toEqual([]);
  });

  it("drift says so in words, with what to do", () => {
    const contract = structuredClone(older);
    const drift = driftOf(contract, newer, { client: "-", release: "1.378.0", reasons: {}, differences: [] });
    const users = drift.findings.find((finding) => finding.rule === "operation-deprecated" && finding.operation === "POST /users");
    expect(users).toMatchObject({ kind: "operation-deprecated", severity: "warning", class: "compatible", message: "deprecated in the deployment's document" });
    expect(users?.advice).toMatch(/deprecated/);
  }, WHOLE_DIFF);

  it("a parameter and a field (neither release deprecates one: planted in 1.513.0's document)", () => {
    const later = structuredClone(newer);
    const parameter = later.paths["/projects/{project_id}/runs"].get.parameters.find((p: Doc) => p.in === "path");
    parameter.deprecated = true;
    later.components.schemas.RunDB.properties.name.deprecated = true;
    const found = diffDocuments(older, later).filter((change) => change.rule.endsWith("-deprecated") && change.rule !== "operation-deprecated");
    expect(lines(found.filter((change) => change.operation === "GET /projects/{project_id}/runs"))).toEqual([
      "field-deprecated GET /projects/{project_id}/runs RunDB.name: now deprecated",
      "parameter-deprecated GET /projects/{project_id}/runs : now deprecated",
    ]);
    expect(new Set(found.map((change) => change.class))).toEqual(new Set(["compatible"]));
  }, WHOLE_DIFF);
});

/** Each change at one place of a named schema, as "rule class: message", once. */
const atPlace = (found: readonly DocumentChange[], place: string) => [...new Set(found.filter((change) => at(change) === place).map((change) => `${change.rule} ${change.class}: ${change.message}`))].sort();

describe("discriminators are compared: added, removed, another tag property, a tag naming another member", () => {
  it("TransactionMetricInfo's metrics, untagged in 1.378.0, are told apart by status_type in 1.513.0: a tag promised to readers, compatible", () => {
    // The real case: an anyOf of the same seven members becomes a oneOf with a discriminator.
    expect(older.components.schemas.TransactionMetricInfo.properties.toxicity.discriminator).toBeUndefined();
    expect(newer.components.schemas.TransactionMetricInfo.properties.toxicity.discriminator.propertyName).toBe("status_type");
    expect(atPlace(changes, "TransactionMetricInfo.toxicity")).toEqual(['response-discriminator-added compatible: now tagged by "status_type"']);
    const tagged = changes.filter((change) => change.schema === "TransactionMetricInfo" && change.rule === "response-discriminator-added");
    expect(tagged.length).toBeGreaterThan(40);
    expect(new Set(tagged.map((change) => change.kind))).toEqual(new Set(["union-changed"]));
  });

  it("LogRecordsQueryResponse.records[]: in the client document each span tag names an Extended… member, breaking for readers", () => {
    expect(atPlace(toClient, "LogRecordsQueryResponse.records[]")).toEqual([
      'response-tag-retargeted breaking-for-readers: tag "llm" now names ExtendedLlmSpanRecord, not LlmSpanRecord, tag "retriever" now names ExtendedRetrieverSpanRecord, not RetrieverSpanRecord, tag "tool" now names ExtendedToolSpanRecord, not ToolSpanRecord, tag "workflow" now names ExtendedWorkflowSpanRecord, not WorkflowSpanRecord; union no longer has member WorkflowSpanRecord, LlmSpanRecord, ToolSpanRecord, RetrieverSpanRecord; now tagged by "type"; union no longer has member TraceRecord',
      "response-type-widened breaking-for-readers: union now has member ExtendedTraceRecord, ExtendedAgentSpanRecord, ExtendedWorkflowSpanRecord, ExtendedLlmSpanRecord, ExtendedToolSpanRecord, ExtendedRetrieverSpanRecord, ExtendedControlSpanRecord, ExtendedSessionRecord",
    ]);
  });
});

describe("a schema replaced by another of another name is compared field by field", () => {
  it("ScorerResponse.latest_version, BaseScorerVersionResponse → BaseScorerVersionDB: the replacement once, the fields it loses under it", () => {
    expect(atPlace(toClient, "ScorerResponse.latest_version")).toEqual(["response-schema-replaced compatible: schema BaseScorerVersionResponse → BaseScorerVersionDB"]);
    expect(atPlace(toClient, "BaseScorerVersionResponse.generated_scorer")).toEqual(["response-schema-replaced compatible: schema GeneratedScorerResponse → BaseGeneratedScorerDB"]);
    expect(atPlace(toClient, "BaseScorerVersionResponse.registered_scorer")).toEqual(["response-schema-replaced compatible: schema CreateUpdateRegisteredScorerResponse → BaseRegisteredScorerDB"]);
    const versions = /^(BaseScorerVersionResponse|GeneratedScorerResponse|CreateUpdateRegisteredScorerResponse)\./;
    const scorer = toClient.filter((change) => change.operation === "GET /scorers/{scorer_id}" && versions.test(at(change)));
    const removed = scorer.filter((change) => change.rule === "response-field-removed").map((change) => at(change)).sort();
    expect(removed).toEqual([
      "BaseScorerVersionResponse.created_at",
      "BaseScorerVersionResponse.updated_at",
      "CreateUpdateRegisteredScorerResponse.created_at",
      "CreateUpdateRegisteredScorerResponse.created_by",
      "CreateUpdateRegisteredScorerResponse.data_type",
      "CreateUpdateRegisteredScorerResponse.scoreable_node_types",
      "CreateUpdateRegisteredScorerResponse.updated_at",
      "GeneratedScorerResponse.created_at",
      "GeneratedScorerResponse.created_by",
      "GeneratedScorerResponse.scoreable_node_types",
      "GeneratedScorerResponse.scorer_configuration",
      "GeneratedScorerResponse.updated_at",
    ]);
    expect(scorer.filter((change) => change.rule === "response-field-became-optional").map((change) => at(change)).sort()).toEqual([
      "CreateUpdateRegisteredScorerResponse.score_type",
      "GeneratedScorerResponse.instructions",
    ]);
    // No longer the member swap it was read as.
    expect(toClient.filter((change) => /member BaseScorerVersion/.test(change.message))).toEqual([]);
  });

  it("is not a replacement: a schema that became a union listing it, a member added beside it, a rename by the framework", () => {
    const schemas = (extra: Doc) => ({ openapi: "3.1.0", info: { title: "t", version: "1" }, paths: {}, components: { schemas: { T: { type: "object", properties: { a: { type: "string" } } }, U: { type: "object", properties: { b: { type: "string" } } }, ...extra } } });
    const was = schemas({});
    // T → MaybeT, a named union of T and null; T → anyOf [T, U]; T|null → T-Input|null.
    const now = schemas({ MaybeT: { anyOf: [ref("T"), { type: "null" }] }, "T-Input": { type: "object", properties: { a: { type: "string" } } } });
    expect(schemaChanges(was, ref("T"), now, ref("MaybeT")).map((fact) => fact.message)).toEqual(["may now be null"]);
    expect(schemaChanges(was, ref("T"), now, { anyOf: [ref("T"), ref("U")] }).filter((fact) => fact.change === "replaced")).toEqual([]);
    expect(schemaChanges(was, { anyOf: [ref("T"), { type: "null" }] }, now, { anyOf: [ref("T"), ref("U"), { type: "null" }] }).map((fact) => fact.message)).toEqual(["union now has member U"]);
    expect(schemaChanges(was, { anyOf: [ref("T"), { type: "null" }] }, now, { anyOf: [ref("T-Input"), { type: "null" }] })).toEqual([]);
    // And one that is: T|null → U|null, compared field by field.
    expect(schemaChanges(was, { anyOf: [ref("T"), { type: "null" }] }, now, { anyOf: [ref("U"), { type: "null" }] }).map((fact) => `${fact.change} ${fact.schema ?? ""}${fact.within ?? fact.at}: ${fact.message}`)).toEqual([
      "replaced : schema T → U",
      "field-removed T.a: removed",
      "field-added T.b: new optional field",
    ]);
  });

  it("the contract against itself has no change, replaced or other", () => {
    const contract = JSON.parse(readFileSync(new URL("../../generated/openapi.json", import.meta.url), "utf8"));
    expect(diffDocuments(contract, contract)).toEqual([]);
  }, WHOLE_DIFF);
});

describe("error answers' bodies are compared", () => {
  it("ValidationError gains ctx and input in the client document, reaching every operation with a 422: compatible, an error-response rule", () => {
    expect(atPlace(toClient, "ValidationError.ctx")).toEqual(["error-response-field-added compatible: new optional field"]);
    expect(atPlace(toClient, "ValidationError.input")).toEqual(["error-response-field-added compatible: new optional field"]);
    const reached = toClient.filter((change) => at(change) === "ValidationError.ctx");
    expect(new Set(reached.map((change) => change.where.split(" ").slice(0, 2).join(" ")))).toEqual(new Set(["response 422"]));
    expect(reached.length).toBeGreaterThan(100);
  });

  it("drift tells a field an error body adds as information, with the recorded differences, never as a finding", () => {
    const record = { client: "2026-07-13", release: "1.513.0", reasons: { "error-answers": "why" }, differences: [] };
    const drift = driftOf(newer, client, record, { errorBodyAdditions: "information" });
    expect(drift.findings.filter((finding) => /ValidationError/.test(finding.message))).toEqual([]);
    const told = drift.recorded.filter((recorded) => recorded.place.startsWith("ValidationError."));
    expect(told.map(({ reason, rule, place, message }) => `${reason} ${rule} ${place}: ${message}`).sort()).toEqual([
      "error-answers error-response-field-added ValidationError.ctx: new optional field",
      "error-answers error-response-field-added ValidationError.input: new optional field",
    ]);
    expect(told[0]!.operations.length).toBeGreaterThan(100);
    // The release worklist (npm run follow-release) lists them as changes the contract may take up.
    const worklist = driftOf(newer, client, record).findings.filter((finding) => finding.location === "#/components/schemas/ValidationError");
    expect(worklist.map(({ rule, severity, message }) => `${rule} ${severity}: ${message}`).sort()).toEqual([
      "error-response-field-added warning: ValidationError.ctx: new optional field",
      "error-response-field-added warning: ValidationError.input: new optional field",
    ]);
  }, WHOLE_DIFF);

  it("a field an error body loses, or now requires, is a warning (planted in the client document)", () => {
    const later = structuredClone(client);
    const error = later.components.schemas.ValidationError;
    expect(error.required).not.toContain("ctx");
    error.required = [...error.required.filter((name: string) => name !== "msg"), "ctx"];
    delete error.properties.msg;
    const drift = driftOf(client, later, { client: "2026-07-13", release: "1.513.0", reasons: {}, differences: [] });
    expect(drift.findings.filter((finding) => finding.location === "#/components/schemas/ValidationError").map(({ rule, severity, class: cls, message }) => `${rule} ${severity} ${cls}: ${message}`).sort()).toEqual([
      "error-response-field-became-required warning compatible: ValidationError.ctx: was optional, now required",
      "error-response-field-removed warning compatible: ValidationError.msg: removed",
    ]);
  }, WHOLE_DIFF);
});

describe("a union's new member is named", () => {
  it("the client document's Name object beside the string of BasePromptTemplateResponse.name and CreatePromptTemplateWithVersionRequestBody.name", () => {
    expect(client.components.schemas.Name.type).toBe("object");
    expect(atPlace(toClient, "BasePromptTemplateResponse.name")).toEqual(["response-type-widened breaking-for-readers: union now has member Name"]);
    expect(atPlace(toClient, "CreatePromptTemplateWithVersionRequestBody.name")).toEqual(["request-type-widened compatible: union now has member Name"]);
    expect(toClient.filter((change) => /\.name$/.test(at(change)) && change.message === "type string → object")).toEqual([]);
  });
});
