// The service's releases as their deployments publish them (reference/), each a fresh copy for the
// caller to change, and the one changed release verify's tests share: 1.513.0 with the prompt
// template of its agentic-workflow scorer as release 1.378.0 had it.
import { readFileSync } from "node:fs";
import type { Json } from "./bundle.js";

const read = (file: string): Json => JSON.parse(readFileSync(new URL(`../../reference/${file}`, import.meta.url), "utf8"));

export const release1378 = (): Json => read("openapi-1.378.0.json");
export const release1513 = (): Json => read("openapi-1.513.0.json");

/** The four fields of AgenticWorkflowSuccessTemplate whose defaults release 1.513.0 changed. */
export const TEMPLATE_FIELDS_CHANGED = ["metric_few_shot_examples", "metric_system_prompt", "template", "value_field_name"] as const;

/**
 * Release 1.513.0 with AgenticWorkflowSuccessTemplate's four defaults set back to 1.378.0's: in the
 * template's own fields, and in the whole template each half of the scorer
 * (`CustomizedAgenticWorkflowSuccessGPTScorer-Input`, `-Output`) holds as the default of its
 * `chainpoll_template`, as the service writes it out. On the operations the contract takes from
 * 1.513.0, a deployment publishing this differs from it by that one change (the others follow
 * the newer client API document, where 1.513.0's older word is drift too).
 */
export function release1513WithOldTemplate(): Json {
  const release = release1513();
  const earlier = release1378().components.schemas.AgenticWorkflowSuccessTemplate.properties;
  const schemas = release.components.schemas;
  const fields = schemas.AgenticWorkflowSuccessTemplate.properties;
  const copies = ["-Input", "-Output"].map((half) => schemas[`CustomizedAgenticWorkflowSuccessGPTScorer${half}`].properties.chainpoll_template.default);
  for (const field of TEMPLATE_FIELDS_CHANGED) {
    fields[field].default = earlier[field].default;
    for (const copy of copies) copy[field] = earlier[field].default;
  }
  return release;
}
