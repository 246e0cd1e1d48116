// A program under the legacy `node10` resolution (`node` before TypeScript 5.0), which reads `main`
// and `types` and never `exports`: the root entry's types are all it gets (typescript.test.ts).
import { createServiceClient, unwrap, type ResponseBodyOf, type ServiceClient } from "service-api";
// @ts-expect-error: node10 does not see the subpath entries; use NodeNext, Node16 or Bundler for them
import type { paths } from "service-api/schema";

export async function health(baseUrl: string): Promise<string> {
  const client: ServiceClient = createServiceClient({ baseUrl, auth: { apiKey: "node10-key" } });
  const answer: ResponseBodyOf<"/v1/healthcheck", "get"> = await unwrap(client.GET("/v1/healthcheck"));
  return answer.message;
}

// Never called: the root entry's types are precise here too.
export function typeErrors(client: ServiceClient): paths | undefined {
  // @ts-expect-error: no such path
  void client.GET("/v1/healthchek");
  // @ts-expect-error: not an option
  void createServiceClient({ baseUrl: "https://api.acme.example", retries: 3 });
  return undefined;
}
