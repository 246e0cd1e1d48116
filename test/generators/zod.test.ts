// A runtime validator generated from the 3.1 bundle by a TypeScript generator: @hey-api/openapi-ts
// 0.95.0's zod plugin (zod 4, both exact devDependencies). Its schema of each operation's answer
// accepts every response example of the bundle, and its schema of a workflow step (the tagged
// union AnyStep) refuses a step without its `type` tag, at the top and nested in a workflow.
import { mkdtempSync, rmSync, symlinkSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { afterAll, beforeAll, expect, it } from "vitest";
import { sampleValue } from "../../scripts/lib/sample-values.mjs";
import { operationsOf } from "../../src/contract/openapi-document.js";
import { binDir, explain, generatorsDir, readEdition, repoRoot, run } from "../support/generator-tools.js";
import { responseExamples } from "./typed-models.js";

type Issue = { code: string; origin?: string; path: PropertyKey[]; message: string };
type Parser = { safeParse(value: unknown): { success: boolean; error?: { issues: Issue[] } } };

// Answers refused only because a nanosecond timestamp (`*_ns`) is past 2^53: the spec types those
// fields `integer` with no format, so the plugin emits z.int(), which holds to JavaScript's safe
// integers. With `format: int64` on them it emits z.coerce.bigint() and they pass (tried); until
// the spec says so, they are listed here, and the list must match exactly. The /v1 route is the
// same operation under its older address, sharing the answer.
const BEYOND_SAFE_INTEGERS = ["POST /observe/projects/{project_id}/workflows 200", "POST /v1/observe/projects/{project_id}/workflows 200"];
type Document = Parameters<typeof responseExamples>[0];

const bundle = readEdition("openapi.json") as unknown as Document;
let scratch: string;
let schemas: Record<string, Parser>;

beforeAll(async () => {
  scratch = mkdtempSync(path.join(os.tmpdir(), "service-api-generators-zod-"));
  // The generated module imports "zod": resolved from the repository's node_modules.
  symlinkSync(path.join(repoRoot, "node_modules"), path.join(scratch, "node_modules"), "dir");
  const out = path.join(scratch, "zod");
  const generated = await run(path.join(binDir, "openapi-ts"), ["-f", path.join(generatorsDir, "openapi-ts-zod.config.ts")], { env: { GENERATOR_OUT: out } });
  expect(generated.status, explain(generated)).toBe(0);
  schemas = (await import(pathToFileURL(path.join(out, "zod.gen.ts")).href)) as Record<string, Parser>;
});
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

it("the zod schema of each operation's answer accepts every response example", () => {
  const checked: string[] = [];
  const unchecked: string[] = [];
  const refused: string[] = [];
  const beyondSafeIntegers: string[] = [];
  for (const { operation } of operationsWithExamples()) {
    const schema = schemas[`response__${operation.operationId}`];
    for (const example of operation.examples) {
      if (!schema) {
        // No schema is generated for an answer declared as any JSON (`{}`): nothing to check.
        unchecked.push(example.label);
        expect(example.schema, `${example.label}: no response schema generated`).toEqual({});
        continue;
      }
      const parsed = schema.safeParse(example.value);
      const issues = parsed.error?.issues ?? [];
      if (parsed.success) checked.push(example.label);
      else if (issues.every((issue) => issue.code === "too_big" && issue.origin === "int" && /_ns$/.test(String(issue.path.at(-1))))) beyondSafeIntegers.push(example.label);
      else refused.push(`${example.label}: ${JSON.stringify(issues.slice(0, 3))}`);
    }
  }
  expect(refused).toEqual([]);
  expect(beyondSafeIntegers).toEqual(BEYOND_SAFE_INTEGERS);
  expect(checked.length + unchecked.length + beyondSafeIntegers.length).toBe(responseExamples(bundle).length);
  // Most answers are typed; the `{}` ones are the open answers the issue lists (bounded here).
  expect(checked.length).toBeGreaterThan(150);
  expect(unchecked.length).toBeLessThan(50);
});

it("the zod schema of a workflow step refuses a step without its type tag, alone and nested", () => {
  const step = schemas.zAnyStep!;
  const workflow = schemas.zWorkflowStep!;
  for (const [tag, member] of [["llm", "LlmStep"], ["chain", "ChainStep"], ["agent", "AgentStep"], ["retriever", "RetrieverStep"], ["tool", "ToolStep"], ["workflow", "WorkflowStep"]] as const) {
    const tagged = { ...(sampleValue(bundle, { $ref: `#/components/schemas/${member}` }, member) as object), type: tag };
    const { type: _dropped, ...untagged } = tagged;
    expect(step.safeParse(tagged).success, `${member} with type ${tag}`).toBe(true);
    expect(step.safeParse(untagged).success, `${member} without its type`).toBe(false);
    expect(workflow.safeParse({ type: "workflow", input: "hi", steps: [tagged] }).success, `a workflow holding a ${tag} step`).toBe(true);
    expect(workflow.safeParse({ type: "workflow", input: "hi", steps: [untagged] }).success, `a workflow holding a ${member} without its type`).toBe(false);
  }
  // A tag that names no member is refused too.
  expect(step.safeParse({ type: "planner", input: "hi" }).success).toBe(false);
});

/** The operations with 2xx JSON response examples, each with its examples. */
function operationsWithExamples() {
  const byOperation = new Map<string, { operation: { operationId: string; examples: ReturnType<typeof responseExamples> } }>();
  for (const { method, path: route, operation } of operationsOf<{ operationId?: string }>(bundle)) {
    if (!operation.operationId) continue;
    const examples = responseExamples({ ...bundle, paths: { [route]: { [method.toLowerCase()]: operation } } });
    if (examples.length > 0) byOperation.set(operation.operationId, { operation: { operationId: operation.operationId, examples } });
  }
  return [...byOperation.values()];
}
