// Log a workflow with one step of each kind. Each step says its kind in `type`, which the types
// require (the service reads it to tell the kinds apart); reading `type` first narrows a step to
// its kind, so kind-specific fields need no cast.
import { createServiceClient, unwrap } from "service-api";
import type { AnyStep } from "service-api/schema";

const client = createServiceClient();

const question = "Which plan includes single sign-on?";
const steps: AnyStep[] = [
  { type: "retriever", input: question, output: [{ page_content: "SSO is part of the Enterprise plan.", metadata: { source: "pricing.md" } }] },
  { type: "llm", input: question, output: "The Enterprise plan.", model: "gpt-4o-mini", input_tokens: 412, output_tokens: 9 },
  { type: "tool", input: '{"plan":"enterprise"}', output: '{"price":"contact sales"}', name: "price-lookup" },
  { type: "chain", input: question, output: "The Enterprise plan." },
  { type: "agent", input: question, output: "The Enterprise plan.", name: "plan-agent" },
];
const workflow: AnyStep = { type: "workflow", input: question, output: "The Enterprise plan.", steps };

const kinds: string[] = [];
for (const step of [workflow, ...steps]) {
  if (step.type === "llm") kinds.push(`llm(${step.model ?? "unknown model"})`);
  else if (step.type === "workflow") kinds.push(`workflow(${step.steps?.length ?? 0} steps)`);
  else kinds.push(step.type);
}

const logged = await unwrap(client.POST("/observe/workflows", { body: { project_name: "support-bot", workflows: [workflow] } }));
console.log(`logged ${kinds.join(", ")} into project ${logged.project_name}`);
