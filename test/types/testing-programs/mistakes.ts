// Mistakes the compiler refuses. Each `// error:` comment quotes part of the error tsc reports on
// the line below it (testing-usage.test.ts checks each one); nothing else in this file may fail.
import { mockService } from "service-api/testing";

export const service = mockService({
  // error: `'"GET /project/{project_id}"' does not exist in type 'Handlers'`
  "GET /project/{project_id}": () => ({ status: 200, body: {} }),
});

service.use({
  // error: `The types of 'body.name' are incompatible`
  "POST /projects": () => ({ status: 200, body: { ...service.example("ProjectCreateResponse"), name: 42 } }),
});

service.use({
  // A status POST /projects does not declare: the error names the operation and its statuses.
  // error: `'declaredStatuses' is missing in type '{ status: 409; }' but required in type 'UndeclaredStatus<"POST /projects"`
  "POST /projects": () => ({ status: 409 }),
});

// error: `Argument of type '"ProjectDb"' is not assignable to parameter of type 'SchemaName'`
service.example("ProjectDb");
