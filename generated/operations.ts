// generated from openapi/ by `npm run build:spec` — do not edit; change the spec and regenerate
import type { PolicyOverride } from "../src/client/policy-defaults.js";

/**
 * The operations whose policy differs from the client's defaults (src/client/policy-defaults.ts): any of the
 * three credentials, retried only when the method is idempotent or the POST only reads by its path,
 * a JSON body, no pagination.
 * Keyed by "METHOD /path" as the spec writes it.
 */
export const policyOverrides = {
  "GET /edits/{edit_id}/content": { arrayQuery: ["meta_cols"] },
  "GET /generate_password_reset": { retrySafe: false },
  "GET /generate_password_reset_email": { retrySafe: false },
  "GET /groups": { pageItems: "groups" },
  "GET /groups/{group_id}/members": { pageItems: "members" },
  "GET /presigned_url": { retrySafe: false },
  "GET /projects/{project_id}/alerts": { pageItems: "alerts" },
  "GET /projects/{project_id}/groups": { pageItems: "collaborators" },
  "GET /projects/{project_id}/prompt_datasets": { pageItems: "datasets" },
  "GET /projects/{project_id}/prompt_datasets/{dataset_id}": { answer: "file" },
  "GET /projects/{project_id}/prompts/runs": { pageItems: "runs" },
  "GET /projects/{project_id}/prompts/runs/columnar": { pageItems: "columns" },
  "GET /projects/{project_id}/runs/prompts/rows/columnar": { arrayQuery: ["run_ids"] },
  "GET /projects/{project_id}/runs/{run_id}/prompts/download_prompt_dataset": { answer: "file" },
  "GET /projects/{project_id}/runs/{run_id}/prompts/export_prompt_dataset": { arrayQuery: ["columns"], answer: "file" },
  "GET /projects/{project_id}/runs/{run_id}/prompts/rows": { pageItems: "rows" },
  "GET /projects/{project_id}/runs/{run_id}/prompts/rows/chains/{chain_id}/columnar": { pageItems: "columns" },
  "GET /projects/{project_id}/runs/{run_id}/prompts/rows/{row_id}/columnar": { pageItems: "columns" },
  "GET /projects/{project_id}/runs/{run_id}/split/{split}/edits/content": { arrayQuery: ["meta_cols"] },
  "GET /projects/{project_id}/users": { pageItems: "collaborators" },
  "GET /users": { pageItems: "users" },
  "GET /users/{user_id}/runs/latest": { pageItems: "runs" },
  "GET /v1/healthcheck": { operationId: "healthcheck", security: [] },
  "GET /v1/token": { operationId: "getToken", security: ["ApiKeyHeader", "HttpBasic"] },
  "POST /edits/export": { answer: "file" },
  "POST /login": { operationId: "loginEmail", security: [], body: "form" },
  "POST /login/api_key": { operationId: "loginApiKey", security: [] },
  "POST /login/social": { operationId: "loginSocial", security: [] },
  "POST /observe/projects/{project_id}/workflows": { retrySafe: true },
  "POST /projects/paginated": { retrySafe: true, pageItems: "projects", arrayQuery: ["actions"] },
  "POST /projects/{project_id}/observe/export": { retrySafe: true, answer: "file" },
  "POST /projects/{project_id}/observe/metrics": { retrySafe: true },
  "POST /projects/{project_id}/observe/rows": { retrySafe: true },
  "POST /projects/{project_id}/observe/workflows-count": { retrySafe: true },
  "POST /projects/{project_id}/prompt_datasets": { body: "multipart", files: ["file"] },
  "POST /projects/{project_id}/prompts/runs/columnar": { pageItems: "columns" },
  "POST /projects/{project_id}/runs/{run_id}/prompts/rows/columnar": { pageItems: "columns" },
  "POST /projects/{project_id}/upload_file": { body: "multipart", files: ["file"] },
  "POST /signup_link": { operationId: "generateSignupLink", security: ["ApiKeyHeader"] },
  "PUT /projects/{project_id}/prompt_datasets/{dataset_id}": { body: "multipart", files: ["file"] },
} as const satisfies Readonly<Record<string, PolicyOverride>>;
