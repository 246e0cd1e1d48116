// TanStack Query through openapi-react-query: the client goes in as it is, and the path, its
// parameters and the data are typed by the contract.
import { QueryClient } from "@tanstack/react-query";
import createQueryClient from "openapi-react-query";
import { createServiceClient, unwrap, type ResponseBodyOf } from "service-api";
import { server } from "./mocks.js";

server.listen({ onUnhandledRequest: "error" });

const client = createServiceClient({ baseUrl: "https://api.acme.example", auth: { apiKey: "test-key" } });
const $api = createQueryClient(client);
const queryClient = new QueryClient();
const project_id = "a07d4e79-ce7a-4b32-82d3-54220604915f";

const project = await queryClient.fetchQuery($api.queryOptions("get", "/projects/{project_id}", { params: { path: { project_id } } }));
const name: string | null | undefined = project.name;

// openapi-react-query reports a failed call with openapi-fetch's plain error and knows nothing of
// timeoutMs or maxRetries. To keep them, call the client in the query function and unwrap: a
// failure is then a ServiceApiError (its status, body and request id), and the options apply.
const again: ResponseBodyOf<"/projects/{project_id}", "get"> = await queryClient.fetchQuery({
  queryKey: ["get", "/projects/{project_id}", project_id, "unwrapped"],
  queryFn: async ({ signal }) => unwrap(client.GET("/projects/{project_id}", { params: { path: { project_id } }, signal, timeoutMs: 5_000, maxRetries: 0 })),
});

server.close();
console.log(JSON.stringify({ recipe: "react-query", name, id: project.id, againId: again.id }));
