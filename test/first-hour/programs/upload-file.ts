// Upload a file: pass it as a Blob in the body; the client builds the multipart form.
import { createServiceClient, unwrap } from "service-api";

const client = createServiceClient();

const csv = "input,output\nhello,world\n";
await unwrap(
  client.POST("/projects/{project_id}/upload_file", {
    params: { path: { project_id: "3fa85f64-5717-4562-b3fc-2c963f66afa6" } },
    body: { file: new Blob([csv], { type: "text/csv" }), upload_metadata: '{"source":"first-hour"}' },
  }),
);
console.log(`uploaded ${csv.length} bytes`);
