// Long values and long lists in verify's reports, from real releases: 1.378.0's union member lists
// and defaults, and 1.513.0 with its agentic-workflow prompt template as 1.378.0 had it
// (a 5 KB default that became 14 KB, in the template's fields and in the scorer's default that
// holds the whole template). The terminal shows each line whole within 200 characters, a change
// once, and the JSON report keeps every value whole.
import { describe, expect, it } from "vitest";
import { driftOf } from "../../src/verify/drift.js";
import { assembleReport, toJson, type DriftReport, type VerifyReport } from "../../src/verify/report.js";
import { LINE_WIDTH, shortChange, shortList, shortMessage, shortValue, wrapLine } from "../../src/verify/shorten.js";
import { formatSummary } from "../../src/verify/terminal.js";
import { bundle, type Json } from "../support/bundle.js";
import { release1378, release1513, release1513WithOldTemplate, TEMPLATE_FIELDS_CHANGED } from "../support/releases.js";

const RUN = { startedAt: "2026-11-28T04:00:00.000Z", durationMs: 1_000, callsMs: 900, driftMs: 100, tool: "0.2.0", contract: "1.378.0" };

/** verify's report of a deployment publishing `published`, its answers aside. */
function reportAgainst(published: Json): { report: VerifyReport; drift: DriftReport } {
  const source = "https://api.acme.example/openapi.json";
  const drift = { source, documents: [{ address: source, compared: true }], ...driftOf(bundle, published) };
  const report = assembleReport({ results: [], writes: undefined, writeFindings: [], probes: [] }, drift, { operations: 216, readOnly: 121 }, "https://api.acme.example", undefined, RUN);
  return { report, drift };
}

const widest = (text: string) => Math.max(...text.split("\n").map((line) => line.length));

describe("the pieces", () => {
  it("a long value keeps its start and its length", () => {
    expect(shortValue(`"${"a".repeat(100)}"`, 10)).toBe(`"aaaaaaaa… (102 characters)`);
    expect(shortValue('"short"', 10)).toBe('"short"');
  });

  it("a long changed value says where the two first differ", () => {
    const before = JSON.stringify(`${"x".repeat(50)} then old`);
    const after = JSON.stringify(`${"x".repeat(50)} then new and more`);
    expect(shortChange(before, after, 20)).toBe(`"xxxxxxxxxxxxxxxxxx… (61 characters) → "xxxxxxxxxxxxxxxxxx… (70 characters), first different at character 58: … then old"… → … then new and mo…`);
  });

  it("a long list keeps its first items and counts the rest; a list one item over is shown whole", () => {
    expect(shortList(["a", "b", "c", "d", "e", "f"], 2)).toBe("a, b and 4 more");
    expect(shortList(["a", "b", "c"], 2)).toBe("a, b, c");
  });

  it("a message's lists end before a word that is no item", () => {
    expect(shortMessage('union now has member A1, A2, A3, A4, A5, A6, A7, A8, A9, tag "a", "b"')).toBe('union now has member A1, A2, A3, A4, A5, A6 and 3 more, tag "a", "b"');
  });

  it("prose still too wide is wrapped at its spaces, never past the width", () => {
    const wrapped = wrapLine(`  ${"word ".repeat(90)}`, 60);
    expect(widest(wrapped)).toBeLessThanOrEqual(60);
    expect(wrapped.replace(/\n +/g, " ").trim()).toBe("word ".repeat(90).trim());
  });
});

describe("release 1.378.0: long union lists and defaults", () => {
  // The contract follows 1.513.0, so the older release lacks the members 1.513.0 added to unions.
  const { report, drift } = reportAgainst(release1378());
  const summary = formatSummary(report, drift, false);

  it("fits every line of the summary within 200 characters", () => {
    expect(report.findings.some((finding) => finding.message.length > LINE_WIDTH)).toBe(true);
    expect(widest(summary)).toBeLessThanOrEqual(LINE_WIDTH);
  });

  it("shortens a long union member list to its first items and the count of the rest, and the JSON keeps it whole", () => {
    const union = report.findings.find((finding) => finding.message.startsWith("PromptChainIngestRequest.prompt_customized_scorers_configuration[]: union no longer has member "))!;
    const members = union.message.match(/no longer has member (.+?)(?:, tag |;|$)/)![1]!.split(", ");
    expect(members.length).toBeGreaterThan(3);
    const line = summary.split("\n").find((text) => text.includes("PromptChainIngestRequest.prompt_customized_scorers_configuration[]: union no longer has member "))!;
    const shown = line.replace(/^.*no longer has member /, "").replace(/ and \d+ more.*$/, "").split(", ");
    expect(shown).toEqual(members.slice(0, shown.length));
    expect(line).toContain(` and ${members.length - shown.length} more`);
    expect(JSON.parse(toJson(report)).findings).toContainEqual(expect.objectContaining({ message: union.message }));
  });

  it("--verbose shortens values the same way", () => {
    const verbose = formatSummary(report, drift, true);
    const longest = report.findings.reduce((a, b) => (a.message.length > b.message.length ? a : b));
    expect(verbose).not.toContain(longest.message);
    expect(verbose).toContain(shortMessage(longest.message, LINE_WIDTH - 2).slice(0, 40));
  });
});

describe("release 1.513.0 with its agentic-workflow template's defaults as 1.378.0 had them", () => {
  const { report, drift } = reportAgainst(release1513WithOldTemplate());
  const summary = formatSummary(report, drift, false);
  // The scorers' filter lists are recorded differences (shared-union) that name the same scorers; the template's change is the one unrecorded finding.
  const template = report.findings.filter((finding) => /AgenticWorkflowSuccess/.test(finding.message) && !finding.message.includes("(recorded difference: "));

  it("reports the change once, at the schema it was made in, listing where else it shows", () => {
    expect(template).toHaveLength(1);
    const [finding] = template as [VerifyReport["findings"][number]];
    expect(finding).toMatchObject({ kind: "field-changed", class: "breaking-for-callers", location: "#/components/schemas/AgenticWorkflowSuccessTemplate", alsoIn: ["CustomizedAgenticWorkflowSuccessGPTScorer.chainpoll_template"] });
    expect(finding.message).toMatch(/^AgenticWorkflowSuccessTemplate: 4 defaults changed \(the same change shows in the default of CustomizedAgenticWorkflowSuccessGPTScorer\.chainpoll_template\); /);
    for (const field of TEMPLATE_FIELDS_CHANGED) expect(finding.message).toContain(`; ${field}: default `);
    expect(finding.operations).toEqual(["POST /projects/{project_id}/runs/{run_id}/chains/ingest", "POST /projects/{project_id}/runs/{run_id}/chains/ingest/batch", "GET /projects/{project_id}/prompts/runs", "GET /projects/{project_id}/prompts/runs/{run_id}"]);
  });

  it("keeps every value whole in the JSON report", () => {
    const later = release1513().components.schemas.AgenticWorkflowSuccessTemplate.properties.metric_system_prompt.default as string;
    expect(later.length).toBeGreaterThan(4_000);
    const json = JSON.parse(toJson(report)).findings.find((finding: { message: string }) => finding.message.startsWith("AgenticWorkflowSuccessTemplate:"));
    expect(json.message).toContain(JSON.stringify(later));
  });

  it("prints it under its operation, a line per default of at most 200 characters: each value's start, its length and where old and new first differ", () => {
    const lines = summary.split("\n");
    const at = lines.findIndex((line) => line.includes("AgenticWorkflowSuccessTemplate"));
    expect(lines.filter((line) => line.includes("AgenticWorkflowSuccessTemplate"))).toHaveLength(1);
    expect(lines[at - 1]).toBe("  breaking-for-callers  field-changed  POST /projects/{project_id}/runs/{run_id}/chains/ingest (+3 more operations)");
    expect(lines[at]).toBe("      AgenticWorkflowSuccessTemplate: 4 defaults changed (the same change shows in the default of CustomizedAgenticWorkflowSuccessGPTScorer.chainpoll_template)");
    expect(lines[at + 1]).toMatch(/^ {6}metric_few_shot_examples: default \[\{"evaluating_response.*… \(8825 characters\) → \[\{"evaluating_response.*… \(2335 characters\)$/);
    expect(lines[at + 2]).toMatch(/^ {6}metric_system_prompt: default "You will rec.*… \(4931 characters\) → "You will rec.*… \(2098 characters\), first different at character 62: …cation between… → …cation\. At the…$/);
    expect(lines[at + 4]).toBe('      value_field_name: default "ai_turn_is_successful" → "bot_turn_is_successful" → send the value yourself where you relied on the old default');
    expect(widest(summary)).toBeLessThanOrEqual(LINE_WIDTH);
  });
});
