// Create a log stream in a project, then walk the project's log streams page by page: the body,
// the path parameters and each listed item are typed, with no cast.
import { createServiceClient, paginate, unwrap } from "service-api";

const client = createServiceClient();
const project_id = "3fa85f64-5717-4562-b3fc-2c963f66afa6";

const created = await unwrap(
  client.POST("/projects/{project_id}/log_streams", {
    params: { path: { project_id } },
    body: { name: "production" },
  }),
);
const createdName: string = created.name; // created is a LogStreamResponse

const names: string[] = [];
for await (const logStream of paginate(client, "/projects/{project_id}/log_streams/paginated", {
  params: { path: { project_id }, query: { limit: 50, include_counts: true } },
})) {
  const spans: number | null | undefined = logStream.num_spans;
  names.push(`${logStream.name} (${spans ?? "no count"} spans)`);
}
console.log(`created ${createdName}; log streams: ${names.join(", ")}`);
