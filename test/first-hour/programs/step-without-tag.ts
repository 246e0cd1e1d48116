// A step without its `type` is refused twice over: by the compiler (the tag is required) and by
// the service (it cannot tell which kind of step it is), which answers 422.
import { createServiceClient } from "service-api";

const client = createServiceClient();

const { error, response } = await client.POST("/observe/workflows", {
  body: {
    project_name: "support-bot",
    workflows: [
      // @ts-expect-error -- `type` is missing: the service cannot dispatch a step without it.
      { input: "Which plan includes single sign-on?" },
    ],
  },
});
console.log(`status ${response.status}, refused: ${error !== undefined}`);
