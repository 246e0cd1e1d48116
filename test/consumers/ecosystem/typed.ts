// The types are real: each line below must fail to compile (tsc fails on an unused directive), so
// the libraries cannot have typed the client as `any` or its paths as `{}`.
import type { Client } from "openapi-fetch";
import createQueryClient from "openapi-react-query";
import { createServiceClient, hasStatus } from "service-api";
import type { paths } from "service-api/schema";
import { createQueryHook } from "swr-openapi";

const client = createServiceClient({ baseUrl: "https://api.acme.example", auth: { apiKey: "test-key" } });
export const asOpenapiFetch: Client<paths> = client;
const $api = createQueryClient(client);
const useQuery = createQueryHook(client, "service");

// @ts-expect-error: not a path of the contract
$api.queryOptions("get", "/projectz/{project_id}", { params: { path: { project_id: "p" } } });
// @ts-expect-error: the contract's parameter is project_id
$api.queryOptions("get", "/projects/{project_id}", { params: { path: { projectId: "p" } } });
export const options = $api.queryOptions("get", "/projects/{project_id}", { params: { path: { project_id: "p" } } });

export function useProjectName(projectId: string): string | null | undefined {
  const { data } = useQuery("/projects/{project_id}", { params: { path: { project_id: projectId } } });
  // @ts-expect-error: the name is a string or null, not a number
  const wrong: number | undefined = data?.name;
  void wrong;
  return data?.name;
}

// Called directly, the client keeps its own types: per-status error bodies, its options.
export async function directly(project_id: string) {
  const result = await client.GET("/projects/{project_id}", { params: { path: { project_id } }, timeoutMs: 2_000, signal: undefined });
  if (hasStatus(result, 422)) return result.error.detail;
  // @ts-expect-error: timeoutMs is a number of milliseconds
  await client.GET("/projects/{project_id}", { params: { path: { project_id } }, timeoutMs: "2s" });
  return undefined;
}
