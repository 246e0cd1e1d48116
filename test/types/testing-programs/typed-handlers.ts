// Point 1: handlers keyed "METHOD /path", typed from the operation; async; a Response of your
// own; use() for one test and reset() after it.
import assert from "node:assert/strict";
import { createServiceClient, unwrap } from "service-api";
import { mockService } from "service-api/testing";

const id = "0b8e6f2a-9c1d-4e3f-a5b7-c9d1e3f5a7b9";
const service = mockService({
  "GET /projects/{project_id}": ({ params }) => ({
    status: 200,
    body: { ...service.example("ProjectDB"), id: params.path.project_id },
  }),
});
const client = createServiceClient({ baseUrl: "https://api.acme.example", auth: { apiKey: "test-key" }, fetch: service.fetch });

const project = await unwrap(client.GET("/projects/{project_id}", { params: { path: { project_id: id } } }));
assert.equal(project.id, id);

// Query parameters arrive as the contract types them: `limit` is a number, not the text "5".
service.use({
  "GET /users": async ({ params }) => {
    const limit: number | undefined = params.query.limit;
    await new Promise((resolve) => setTimeout(resolve, 5));
    const page = service.example("GetUsersResponse");
    return { status: 200, body: { ...page, limit: limit ?? 100 } };
  },
  "POST /projects": ({ body, headers, request }) => {
    const name: string = body.name;
    assert.equal(headers.get("content-type"), "application/json");
    assert.equal(request.method, "POST");
    return { status: 200, body: { ...service.example("ProjectCreateResponse"), name } };
  },
  "DELETE /projects/{project_id}": () =>
    new Response(JSON.stringify({ message: "gone" }), { status: 200, headers: { "content-type": "application/json" } }),
});
const users = await unwrap(client.GET("/users", { params: { query: { limit: 5 } } }));
assert.equal(users.limit, 5);
const created = await unwrap(client.POST("/projects", { body: { name: "typed-handlers" } }));
assert.equal(created.name, "typed-handlers");
const deleted = await unwrap(client.DELETE("/projects/{project_id}", { params: { path: { project_id: id } } }));
assert.equal(deleted.message, "gone");

// Any status the operation declares, its error statuses included (one it does not declare, such
// as 409 on POST /projects, fails to compile: the error names UndeclaredStatus and the declared ones).
service.use({ "POST /projects": ({ body }) => (body.name === "" ? { status: 422 } : { status: 200, body: { ...service.example("ProjectCreateResponse"), name: body.name } }) });
const refused = await client.POST("/projects", { body: { name: "" } });
assert.equal(refused.response.status, 422);

// After reset(), the handlers added by use() are gone: the contract's example answers again.
service.reset();
assert.equal(service.calls().length, 0);
const again = await unwrap(client.POST("/projects", { body: { name: "after-reset" } }));
assert.equal(again.name, service.example("ProjectCreateResponse").name);
console.log("typed handlers: ok");
