// The service's releases as their deployments publish them (reference/), each a fresh copy for the
// caller to change, and the one changed release verify's tests share: 1.378.0 with the prompt
// template of its agentic-workflow scorer changed as release 1.513.0 changed it.
import { readFileSync } from "node:fs";
import type { Json } from "./bundle.js";

const read = (file: string): Json => JSON.parse(readFileSync(new URL(`../../reference/${file}`, import.meta.url), "utf8"));

export const release1378 = (): Json => read("openapi-1.378.0.json");
export const release1513 = (): Json => read("openapi-1.513.0.json");

/** The four fields of AgenticWorkflowSuccessTemplate whose defaults release 1.513.0 changed. */
export const TEMPLATE_FIELDS_CHANGED = ["metric_few_shot_examples", "metric_system_prompt", "template", "value_field_name"] as const;

/**
 * Release 1.378.0 with AgenticWorkflowSuccessTemplate's changed defaults taken from 1.513.0: in
 * the template's own fields, and in the whole template the scorer's `chainpoll_template` holds as
 * its default, as the service writes it out.
 */
export function release1378WithTemplateChanged(): Json {
  const release = release1378();
  const later = release1513().components.schemas.AgenticWorkflowSuccessTemplate.properties;
  const fields = release.components.schemas.AgenticWorkflowSuccessTemplate.properties;
  const copy = release.components.schemas.CustomizedAgenticWorkflowSuccessGPTScorer.properties.chainpoll_template.default;
  for (const field of TEMPLATE_FIELDS_CHANGED) {
    fields[field].default = later[field].default;
    copy[field] = later[field].default;
  }
  return release;
}
