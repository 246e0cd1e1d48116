// Name a model type in your own code: every schema is exported by name from "service-api/schema".
import { createServiceClient, unwrap } from "service-api";
import type { ProjectDB } from "service-api/schema";

function summary(project: ProjectDB): string {
  return `${project.name ?? "(no name)"} has ${project.runs.length} run(s)`;
}

const client = createServiceClient();
const project = await unwrap(
  client.GET("/projects/{project_id}", { params: { path: { project_id: "3fa85f64-5717-4562-b3fc-2c963f66afa6" } } }),
);
console.log(summary(project));
