// The contract's mock as MSW handlers: every client that calls https://api.acme.example in this
// process, even one that code under test builds itself, gets the contract's checks and answers.
import { setupServer } from "msw/node";
import { mockService } from "service-api/testing";
import { mswHandlers } from "service-api/testing/msw";

export const service = mockService({
  "GET /projects/{project_id}": ({ params }) => ({
    status: 200,
    body: { ...service.example("ProjectDB"), id: params.path.project_id, name: "Support bot" },
  }),
});

export const server = setupServer(...mswHandlers(service, { baseUrl: "https://api.acme.example" }));
