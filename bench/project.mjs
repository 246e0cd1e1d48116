// The call every benchmark makes, GET /projects/{project_id} with an API key, and its answer: a
// project with one run, about 1.4 kB of JSON. Shaped so that a client which validates answers accepts it too: the Speakeasy
// reference SDK parses it with its zod schemas, which require `created_by_user` on the project and
// the run creator's `organization_id` / `organization_name` (fields our spec does not list; our
// client passes them through).
export const PROJECT_ID = "3fa85f64-5717-4562-b3fc-2c963f66afa6";
export const API_KEY = "bench-key-0123456789";
/** The server's delayed route (server.mjs): a base URL ending in it is answered LATENCY_MS late. */
export const LATENCY_PREFIX = "/after-5ms";
export const LATENCY_MS = 5;
const USER_ID = "9b2f4c1e-6d7a-4e8b-a1c3-5f0e2d4b6a88";
const RUN_ID = "c4e1a7b2-3f5d-4c9e-8a6b-1d2e3f4a5b6c";
const ORG_ID = "0e7d9c8b-1a2b-4c3d-9e8f-7a6b5c4d3e2f";
const CREATED = "2025-01-01T00:00:00Z";
const UPDATED = "2025-03-14T09:26:53Z";

export const PROJECT = {
  id: PROJECT_ID,
  name: "bench",
  type: "prompt_evaluation",
  description: "The project every benchmark call reads.",
  bookmark: false,
  labels: ["sample"],
  created_by: USER_ID,
  created_by_user: { id: USER_ID, email: "bench.user@example.com", first_name: "Bench", last_name: "User" },
  created_at: CREATED,
  updated_at: UPDATED,
  permissions: [
    { action: "update", allowed: true },
    { action: "share", allowed: true },
    { action: "delete", allowed: false, message: "Only the project's owner or an admin may delete it." },
  ],
  runs: [
    {
      id: RUN_ID,
      name: "baseline",
      project_id: PROJECT_ID,
      created_by: USER_ID,
      last_updated_by: USER_ID,
      num_samples: 1200,
      winner: false,
      dataset_hash: null,
      task_type: 7,
      created_at: CREATED,
      updated_at: UPDATED,
      logged_splits: ["training", "test"],
      logged_inference_names: [],
      run_tags: [],
      creator: {
        id: USER_ID,
        email: "bench.user@example.com",
        first_name: "Bench",
        last_name: "User",
        role: "user",
        auth_method: "email",
        email_is_verified: true,
        organization_id: ORG_ID,
        organization_name: "Bench Organisation",
        created_at: CREATED,
        updated_at: UPDATED,
        permissions: [],
      },
    },
  ],
};

export const BODY = JSON.stringify(PROJECT);
