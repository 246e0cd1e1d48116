import { createServiceClient } from "service-api";
import { validateResponses, ResponseValidationError } from "service-api/validate";

// A good answer from the mock passes; the same operation answered with a body that breaks the
// contract (through a fetch that rewrites it) throws.
const good = createServiceClient({ baseUrl: process.env.MOCK_URL, auth: { apiKey: "consumer-key" } });
good.use(validateResponses({ onMismatch: "throw" }));
const { data: projects } = await good.GET("/projects");

const drifted = createServiceClient({
  baseUrl: process.env.MOCK_URL,
  auth: { apiKey: "consumer-key" },
  fetch: async () => new Response(JSON.stringify({ api_version: "1.0.0", message: 7, version: "2.14.0" }), { status: 200, headers: { "content-type": "application/json" } }),
});
drifted.use(validateResponses({ onMismatch: "throw" }));
let problems;
try {
  await drifted.GET("/v1/healthcheck");
} catch (error) {
  problems = error instanceof ResponseValidationError ? error.problems : String(error);
}
console.log(JSON.stringify({ projects: Array.isArray(projects), problems }));
