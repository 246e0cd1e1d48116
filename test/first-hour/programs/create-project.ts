// Create a project with only its name: the service fills in the rest (its type, whether to add
// example templates), so `{ name }` is a whole request body.
import { createServiceClient, unwrap } from "service-api";

// The address and the key come from SERVICE_API_URL and SERVICE_API_KEY.
const client = createServiceClient();

const project = await unwrap(client.POST("/projects", { body: { name: "my-eval" } }));
const id: string = project.id;
console.log(`created project ${id}, named ${project.name ?? "(no name)"}`);
