// A user's workflow with the global prompt templates (`/templates`), which the service's SDKs use in
// place of the project-scoped ones: create a template with its first version, add a version, read
// the template back, and list every template with paginate(), against service-api/testing's mock.
// Type-checked under `tsc --strict` with the rest of test/ (npm run typecheck), with no casts.
import { describe, expect, it } from "vitest";
import { createServiceClient, paginate, unwrap } from "../../src/index.js";
import { mockService } from "../../src/testing.js";
import type { components } from "../../generated/schema.js";

type Template = components["schemas"]["BasePromptTemplateResponse"];

const BASE = "https://api.acme.example";
const OTHER_ID = "6a14473a-021e-49f6-8714-14474ffe76a8";

describe("global prompt templates, as a user calls them", () => {
  it("create a template with a version, read it back, and list every template page by page", async () => {
    // The mock keeps what was created, so the read-back answers it (and a wrong ID is a 404).
    let stored: Template | undefined;
    const service = mockService({
      "POST /templates": ({ body }) => {
        const example = service.example("BasePromptTemplateResponse");
        stored = { ...example, name: body.name, template: typeof body.template === "string" ? body.template : example.template };
        return { status: 200, body: stored };
      },
      "POST /templates/{template_id}/versions": ({ params, body }) => {
        if (stored === undefined || params.path.template_id !== stored.id) return { status: 404 };
        const version = { ...service.example("BasePromptTemplateVersionResponse"), version: 2, template: body.template };
        stored = { ...stored, selected_version: version, selected_version_id: version.id, max_version: 2, total_versions: 2, all_available_versions: [1, 2] };
        return { status: 200, body: version };
      },
      "GET /templates/{template_id}": ({ params }) =>
        stored !== undefined && params.path.template_id === stored.id ? { status: 200, body: stored } : { status: 404 },
      // Two pages: the mock answers the page `starting_token` asks for, as the service pages.
      "POST /templates/query": ({ params }) => {
        const page = service.example("ListPromptTemplateResponse");
        const template = service.example("BasePromptTemplateResponse");
        return params.query.starting_token === 1
          ? { status: 200, body: { ...page, starting_token: 1, limit: 1, templates: [template], next_starting_token: null } }
          : { status: 200, body: { ...page, starting_token: 0, limit: 1, templates: [{ ...template, id: OTHER_ID, name: "triage-answer" }], next_starting_token: 1 } };
      },
    });
    const client = createServiceClient({ baseUrl: BASE, auth: { apiKey: "unit-secret-key-0001" }, fetch: service.fetch });

    const created = await unwrap(
      client.POST("/templates", {
        body: { name: { value: "support-answer", append_suffix_if_duplicate: true }, template: "Answer briefly: {question}", settings: { model_alias: "gpt-5.1", temperature: 0.2 } },
      }),
    );
    const version = await unwrap(
      client.POST("/templates/{template_id}/versions", {
        params: { path: { template_id: created.id } },
        body: { template: [{ role: "system", content: "Answer briefly." }, { role: "user", content: [{ type: "text", text: "{question}" }] }] },
      }),
    );
    const read = await unwrap(client.GET("/templates/{template_id}", { params: { path: { template_id: created.id } } }));

    const names: string[] = [];
    for await (const template of paginate(client, "/templates/query", { params: { query: { limit: 1 } }, body: { filters: [{ name: "name", operator: "contains", value: "answer" }] } })) {
      names.push(typeof template.name === "string" ? template.name : template.name.value);
    }

    expect(created.name).toEqual({ value: "support-answer", append_suffix_if_duplicate: true });
    expect(version.version).toBe(2);
    expect(read.id).toBe(created.id);
    expect(read.name).toEqual(created.name);
    expect(read.template).toBe("Answer briefly: {question}");
    expect(read.selected_version.version).toBe(2);
    expect(read.selected_version.template).toEqual(version.template);
    expect(names).toEqual(["triage-answer", "support-answer"]);

    expect(service.calls().map((call) => [call.operation, call.params.path, call.params.query, call.body])).toEqual([
      [
        "POST /templates",
        {},
        {},
        { name: { value: "support-answer", append_suffix_if_duplicate: true }, template: "Answer briefly: {question}", settings: { model_alias: "gpt-5.1", temperature: 0.2 } },
      ],
      [
        "POST /templates/{template_id}/versions",
        { template_id: created.id },
        {},
        { template: [{ role: "system", content: "Answer briefly." }, { role: "user", content: [{ type: "text", text: "{question}" }] }] },
      ],
      ["GET /templates/{template_id}", { template_id: created.id }, {}, undefined],
      ["POST /templates/query", {}, { limit: 1 }, { filters: [{ name: "name", operator: "contains", value: "answer" }] }],
      ["POST /templates/query", {}, { limit: 1, starting_token: 1 }, { filters: [{ name: "name", operator: "contains", value: "answer" }] }],
    ]);
    expect(service.violations).toEqual([]);
  });
});
