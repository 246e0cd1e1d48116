// Give one call a shorter deadline than the client's (30 s) and no retries.
import { createServiceClient, ServiceTimeoutError } from "service-api";

const client = createServiceClient();

try {
  const { data } = await client.GET("/v1/healthcheck", { timeoutMs: 250, maxRetries: 0 });
  console.log(`answered in time: ${data?.version}`);
} catch (error) {
  if (!(error instanceof ServiceTimeoutError)) throw error;
  console.log(`timed out: ${error.message}`);
}
