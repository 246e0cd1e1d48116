// An integration's settings come back in the shape of its kind; `provider` says which kind, and
// narrowing on it reaches that kind's fields with no cast.
import { createServiceClient, unwrap } from "service-api";

const client = createServiceClient();

const settings = await unwrap(client.GET("/integrations/{name}", { params: { path: { name: "openai" } } }));
if (settings.provider === "openai") console.log(`openai organization: ${settings.organization_id ?? "none"}`);
else if (settings.provider === "azure") console.log(`azure endpoint: ${settings.endpoint}`);
else console.log(`other integration: ${settings.provider}`);
