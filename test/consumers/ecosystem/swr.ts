// SWR through swr-openapi: a hook made from the client as it is, rendered once on the server
// (SWR fetches in the browser; on the server the first render is the loading state).
import { createElement } from "react";
import { renderToString } from "react-dom/server";
import { createServiceClient } from "service-api";
import { createQueryHook } from "swr-openapi";

const client = createServiceClient({ baseUrl: "https://api.acme.example", auth: { apiKey: "test-key" } });
const useQuery = createQueryHook(client, "service");

function ProjectName({ projectId }: { projectId: string }) {
  const { data, error, isLoading } = useQuery("/projects/{project_id}", { params: { path: { project_id: projectId } } });
  if (isLoading) return createElement("p", null, "Loading…");
  if (error) return createElement("p", null, "Could not load the project");
  return createElement("h1", null, data?.name ?? "Unnamed project");
}

const html = renderToString(createElement(ProjectName, { projectId: "a07d4e79-ce7a-4b32-82d3-54220604915f" }));
console.log(JSON.stringify({ recipe: "swr", html }));
