// Read why the service refused a request: a 422's message names each problem and where it is.
import { createServiceClient, ServiceApiError, unwrap } from "service-api";

const client = createServiceClient();

try {
  await unwrap(client.POST("/signup_link", { params: { query: { user_email: "not-an-email" } } }));
  console.log("the service took it");
} catch (error) {
  if (!(error instanceof ServiceApiError)) throw error;
  console.log(`${error.kind} (HTTP ${error.status})`);
  console.log(error.message);
}
