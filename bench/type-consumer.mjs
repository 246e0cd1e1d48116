// The type-cost consumer: one file making 20 typed calls across the spec's groups, written
// twice — against our client (dist/index.d.ts) and against openapi-fetch with the generated
// types alone — so that tsc measures what each costs a user's build. Each call's answer is used,
// so the response types are instantiated too.
import path from "node:path";

const CALLS = [
  ['GET', '/v1/healthcheck', '{}'],
  ['GET', '/v1/token', '{}'],
  ['GET', '/projects/{project_id}/training/{training_job_id}/status/', '{ params: { path: { project_id: id, training_job_id: id } } }'],
  ['GET', '/user_roles', '{}'],
  ['GET', '/projects/{project_id}/prompt_datasets', '{ params: { path: { project_id: id } } }'],
  ['GET', '/projects/{project_id}/feedback/templates', '{ params: { path: { project_id: id } } }'],
  ['POST', '/projects/{project_id}/split/{split}/insights/compare', '{ params: { path: { project_id: id, split: "training" } } }'],
  ['GET', '/projects/{project_id}/runs/{run_id}/split/{split}/insights/alerts', '{ params: { path: { project_id: id, run_id: id, split: "test" } } }'],
  ['GET', '/integrations', '{}'],
  ['GET', '/prompts/models/all', '{}'],
  ['GET', '/projects/{project_id}/runs', '{ params: { path: { project_id: id } } }'],
  ['GET', '/edits/{edit_id}', '{ params: { path: { edit_id: id } } }'],
  ['POST', '/edits/{edit_id}/review', '{ params: { path: { edit_id: id } } }'],
  ['GET', '/group_roles', '{}'],
  ['GET', '/llm_integrations/{llm_integration}/models', '{ params: { path: { llm_integration: "openai" } } }'],
  ['POST', '/logout', '{}'],
  ['GET', '/projects/{project_id}/alerts', '{ params: { path: { project_id: id } } }'],
  ['GET', '/projects/{project_id}/runs/{run_id}/features/columns', '{ params: { path: { project_id: id, run_id: id } } }'],
  ['GET', '/projects/{project_id}/runs/{run_id}/prompts/alerts', '{ params: { path: { project_id: id, run_id: id } } }'],
  ['GET', '/projects/{project_id}/runs/{run_id}/split/{split}/slices', '{ params: { path: { project_id: id, run_id: id, split: "validation" } } }'],
];

/** The consumer's source; imports are relative to `dir`, where it is written. */
export function typeConsumer(kind, root, dir) {
  const rel = (file) => {
    const r = path.relative(dir, path.join(root, file)).split(path.sep).join("/");
    return r.startsWith(".") ? r : `./${r}`;
  };
  const setup =
    kind === "ours"
      ? `import { createServiceClient } from "${rel("dist/index.js")}";\nconst client = createServiceClient({ baseUrl: "https://api.acme.example", auth: { apiKey: "k" } });`
      : `import createClient from "openapi-fetch";\nimport type { paths } from "${rel("dist/schema.js")}";\nconst client = createClient<paths>({ baseUrl: "https://api.acme.example", headers: { "Service-API-Key": "k" } });`;
  const calls = CALLS.map(([method, route, init], i) => `  const r${i} = await client.${method}("${route}", ${init});\n  use(r${i}.data, r${i}.error);`).join("\n");
  return `// ${kind}: 20 typed calls across the groups (written by bench/type-consumer.mjs)\n${setup}\nconst id = "3fa85f64-5717-4562-b3fc-2c963f66afa6";\ndeclare function use(...values: unknown[]): void;\nexport async function main(): Promise<void> {\n${calls}\n}\n`;
}
