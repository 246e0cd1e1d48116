// Type-level proof that the generated types are precise: real paths only, required parameters
// required, bodies and answers typed field by field (no `any`, no `Record<string, never>`).
// Checked by `vitest --typecheck` (the "types" project) and by `npm run typecheck`.
import createClient from "openapi-fetch";
import { describe, expectTypeOf, it } from "vitest";
import type { BulkFeedbackOperation, BulkFeedbackSelector, components, ContentPart, MetricColorPickerConfig, operations, paths, ProjectFilterV2, ProjectSortV2, PromptTemplateFilter, PromptTemplateName, ScorerListFilter } from "../../generated/schema.js";

type Schemas = components["schemas"];
const client = createClient<paths>({ baseUrl: "https://api.acme.example" });
const projectId = "3fa85f64-5717-4562-b3fc-2c963f66afa6";

describe("paths", () => {
  it("knows the real paths and rejects made-up ones", () => {
    expectTypeOf<paths>().toHaveProperty("/v1/healthcheck");
    expectTypeOf<paths>().toHaveProperty("/projects/{project_id}/runs/{run_id}/tags/{tag_id}");
    // @ts-expect-error: no such path in the contract
    void client.GET("/projects/{project_id}/nope", { params: { path: { project_id: projectId } } });
  });
});

describe("health (no input)", () => {
  it("answers HealthcheckResponse with its three strings", async () => {
    const { data } = await client.GET("/v1/healthcheck");
    expectTypeOf(data).toEqualTypeOf<Schemas["HealthcheckResponse"] | undefined>();
    expectTypeOf<Schemas["HealthcheckResponse"]>().toEqualTypeOf<{ api_version: string; message: string; version: string }>();
  });
});

describe("users: the signup link", () => {
  it("requires user_email; send_email and scope are optional with their exact types", () => {
    type Query = operations["generateSignupLink"]["parameters"]["query"];
    expectTypeOf<Query["user_email"]>().toEqualTypeOf<string>();
    expectTypeOf<Query["send_email"]>().toEqualTypeOf<boolean | undefined>();
    expectTypeOf<Query["scope"]>().toEqualTypeOf<string | null | undefined>();
    // @ts-expect-error: user_email is required
    void client.POST("/signup_link", { params: { query: {} } });
  });

  it("answers { signup_url: string }", async () => {
    const { data } = await client.POST("/signup_link", { params: { query: { user_email: "a@acme.example" } } });
    expectTypeOf(data).toEqualTypeOf<{ signup_url: string } | undefined>();
  });
});

describe("projects", () => {
  it("GET /projects/{project_id} needs the id and answers ProjectDB", async () => {
    const { data } = await client.GET("/projects/{project_id}", { params: { path: { project_id: projectId } } });
    expectTypeOf(data).toEqualTypeOf<Schemas["ProjectDB"] | undefined>();
    expectTypeOf<Schemas["ProjectDB"]["id"]>().toEqualTypeOf<string>();
    expectTypeOf<Schemas["ProjectDB"]["runs"]>().toEqualTypeOf<Schemas["RunDB"][]>();
    expectTypeOf<Schemas["ProjectDB"]["name"]>().toEqualTypeOf<string | null | undefined>();
    // @ts-expect-error: project_id is a required path parameter
    void client.GET("/projects/{project_id}", { params: { path: {} } });
  });
});

describe("users: pages", () => {
  it("GET /users takes optional starting_token/limit and answers a typed page", async () => {
    type Query = NonNullable<operations["listUsers"]["parameters"]["query"]>;
    expectTypeOf<Query>().toEqualTypeOf<{ starting_token?: number; limit?: number }>();
    const { data } = await client.GET("/users", { params: { query: { limit: 10 } } });
    expectTypeOf(data).toEqualTypeOf<Schemas["GetUsersResponse"] | undefined>();
    expectTypeOf<Schemas["GetUsersResponse"]["users"]>().toEqualTypeOf<Schemas["GetUserResponse"][]>();
    expectTypeOf<Schemas["GetUsersResponse"]["next_starting_token"]>().toEqualTypeOf<number | null | undefined>();
  });
});

describe("runs: tags", () => {
  it("GET .../tags answers RunTagDB[] with typed fields", async () => {
    const { data } = await client.GET("/projects/{project_id}/runs/{run_id}/tags", {
      params: { path: { project_id: projectId, run_id: projectId } },
    });
    expectTypeOf(data).toEqualTypeOf<Schemas["RunTagDB"][] | undefined>();
    expectTypeOf<Schemas["RunTagDB"]["key"]>().toEqualTypeOf<string>();
    expectTypeOf<Schemas["RunTagDB"]>().not.toBeAny();
  });
});

describe("feedback: ratings", () => {
  it("PUT a rating takes FeedbackRatingCreate, a union of the five rating kinds", () => {
    type Body = operations["createFeedbackRating"]["requestBody"];
    expectTypeOf<NonNullable<Body>["content"]["application/json"]>().toEqualTypeOf<Schemas["FeedbackRatingCreate"]>();
    expectTypeOf<Schemas["FeedbackRatingCreate"]["rating"]>().toEqualTypeOf<
      Schemas["LikeDislikeRating"] | Schemas["StarRating"] | Schemas["ScoreRating"] | Schemas["TagsRating"] | Schemas["TextRating"]
    >();
  });
});

describe("prompts: templates", () => {
  it("GET .../templates answers BasePromptTemplateResponse[] whose selected version is typed", async () => {
    const { data } = await client.GET("/projects/{project_id}/templates", { params: { path: { project_id: projectId } } });
    expectTypeOf(data).toEqualTypeOf<Schemas["BasePromptTemplateResponse"][] | undefined>();
    expectTypeOf<Schemas["BasePromptTemplateResponse"]["selected_version"]>().toEqualTypeOf<
      Schemas["BasePromptTemplateVersionResponse"]
    >();
    expectTypeOf<Schemas["BasePromptTemplateResponse"]["all_available_versions"]>().toEqualTypeOf<number[]>();
  });
});

describe("release 1.513.0's operations: scorers, bulk ratings, projects v2, models by provider", () => {
  it("POST /scorers requires a name and a kind, and answers ScorerResponse", async () => {
    type Body = NonNullable<operations["createScorer"]["requestBody"]>["content"]["application/json"];
    expectTypeOf<Body["name"]>().toEqualTypeOf<string>();
    expectTypeOf<Body["scorer_type"]>().toEqualTypeOf<"llm" | "code" | "preset" | "luna">();
    const { data } = await client.POST("/scorers", { body: { name: "answer-politeness", scorer_type: "llm" } });
    expectTypeOf(data).toEqualTypeOf<Schemas["ScorerResponse"] | undefined>();
    expectTypeOf<Schemas["ScorerResponse"]["latest_version"]>().toEqualTypeOf<Schemas["BaseScorerVersionDB"] | null | undefined>();
    // @ts-expect-error: scorer_type is required
    void client.POST("/scorers", { body: { name: "answer-politeness" } });
  });

  it("POST /scorers/list filters by a union told apart by name", () => {
    type Filter = NonNullable<Schemas["ListScorersRequest"]["filters"]>[number];
    expectTypeOf<Filter>().toEqualTypeOf<
      | Schemas["ScorerNameFilter"]
      | Schemas["ScorerTypeFilter"]
      | Schemas["ScorerTagsFilter"]
      | Schemas["ScorerCreatorFilter"]
      | Schemas["ScorerCreatedAtFilter"]
      | Schemas["ScorerUpdatedAtFilter"]
      | Schemas["ScorerModelTypeFilter"]
      | Schemas["ScorerExcludeSlmScorersFilter"]
      | Schemas["ScorerExcludeMultimodalScorersFilter"]
      | Schemas["ScorerLabelFilter"]
      | Schemas["ScorerScoreableNodeTypesFilter"]
      | Schemas["ScorerMultimodalCapabilitiesFilter"]
      | Schemas["ScorerIDFilter"]
      | Schemas["ScorerIsGlobalFilter"]
      | Schemas["ScorerScopeProjectsFilter"]
    >();
    expectTypeOf<Schemas["ScorerPage"]["scorers"]>().toEqualTypeOf<Schemas["ScorerResponse"][] | undefined>();
  });

  it("bulk ratings take a selector of rows or traces and answer one status per operation and record", async () => {
    expectTypeOf<Schemas["BulkFeedbackRequest"]["selector"]>().toEqualTypeOf<Schemas["IndexSelector"] | Schemas["TraceSelector"]>();
    expectTypeOf<Schemas["BulkFeedbackRequest"]["operations"][number]>().toEqualTypeOf<
      Schemas["BulkFeedbackRatingCreate"] | Schemas["BulkFeedbackRatingDelete"]
    >();
    const { data } = await client.POST("/v2/projects/{project_id}/feedback/ratings", {
      params: { path: { project_id: projectId } },
      body: { operations: [{ operation_type: "delete", feedback_template_id: projectId }], selector: { selector_type: "traces", traces: [projectId] } },
    });
    expectTypeOf(data).toEqualTypeOf<Schemas["BulkFeedbackRatingStatus"][] | undefined>();
  });

  it("POST /v2/projects answers ProjectItem pages with the total count", async () => {
    const { data } = await client.POST("/v2/projects", {});
    expectTypeOf(data).toEqualTypeOf<Schemas["GetProjectsPaginatedResponseV2"] | undefined>();
    expectTypeOf<Schemas["GetProjectsPaginatedResponseV2"]["total_count"]>().toEqualTypeOf<number>();
    expectTypeOf<Schemas["ProjectItem"]["created_by_user"]>().toEqualTypeOf<Schemas["UserInfo"] | null | undefined>();
  });

  it("their tagged unions are named types, and a switch on the tag narrows each", () => {
    expectTypeOf<NonNullable<Schemas["ListScorersRequest"]["filters"]>[number]>().toEqualTypeOf<ScorerListFilter>();
    expectTypeOf<NonNullable<Schemas["ProjectCollectionParamsV2"]["filters"]>[number]>().toEqualTypeOf<ProjectFilterV2>();
    expectTypeOf<Schemas["ProjectCollectionParamsV2"]["sort"]>().toEqualTypeOf<ProjectSortV2 | null | undefined>();
    expectTypeOf<Schemas["BulkFeedbackRequest"]["operations"][number]>().toEqualTypeOf<BulkFeedbackOperation>();
    expectTypeOf<Schemas["BulkFeedbackRequest"]["selector"]>().toEqualTypeOf<BulkFeedbackSelector>();
    const describeSort = (sort: ProjectSortV2): string => {
      switch (sort.name) {
        case "num_experiments":
          expectTypeOf(sort).toEqualTypeOf<Schemas["ProjectNumExperimentsSort"]>();
          return "by experiments";
        default:
          return sort.name;
      }
    };
    const selected = (selector: BulkFeedbackSelector): number =>
      selector.selector_type === "indexes" ? selector.indexes.length : selector.traces.length;
    void describeSort({ name: "num_experiments", ascending: false, sort_type: "column" });
    void selected({ selector_type: "traces", traces: [projectId] });
    // @ts-expect-error: the scorer-list filters have no "metadata" kind (that is ScorerFilter's)
    const wrong: ScorerListFilter = { name: "metadata", operator: "eq", value: "x" };
    void wrong;
  });

  it("GET /llm_integrations answers a map of each provider's models (openapi-typescript keys it by string)", async () => {
    const { data } = await client.GET("/llm_integrations");
    expectTypeOf(data).toEqualTypeOf<Record<string, Schemas["IntegrationModelsResponse"]> | undefined>();
  });
});

describe("no schema collapsed to an empty or untyped object", () => {
  it("every component schema is neither any nor Record<string, never>", () => {
    type Named = Schemas[keyof Schemas];
    expectTypeOf<Named>().not.toBeAny();
    // Record<string, never> is what openapi-typescript makes of a bare `type: object`.
    type Empty = {
      [K in keyof Schemas]: Schemas[K] extends Record<string, never> ? (Record<string, never> extends Schemas[K] ? K : never) : never;
    }[keyof Schemas];
    expectTypeOf<Empty>().toEqualTypeOf<never>();
  });
});

describe("the client API document's operations (its first tier: templates, scorer validation)", () => {
  it("POST /templates creates a global template from its name and text alone, and answers its record", async () => {
    const { data } = await client.POST("/templates", { body: { name: "support-answer", template: "Answer in at most three sentences: {question}" } });
    expectTypeOf(data).toEqualTypeOf<Schemas["BasePromptTemplateResponse"] | undefined>();
    // @ts-expect-error: template is required
    void client.POST("/templates", { body: { name: "support-answer" } });
  });

  it("a template's name in an answer is a string or a Name object, read without a cast", () => {
    const nameOf = (template: Schemas["BasePromptTemplateResponse"]): string => (typeof template.name === "string" ? template.name : template.name.value);
    expectTypeOf(nameOf).returns.toEqualTypeOf<string>();
    expectTypeOf<PromptTemplateName>().toEqualTypeOf<Schemas["BasePromptTemplateResponse"]["name"]>();
  });

  it("POST /templates/query takes a filter told apart by name, and pages hold templates", async () => {
    const filter: PromptTemplateFilter = { name: "name", operator: "contains", value: "support" };
    const { data } = await client.POST("/templates/query", { body: { filters: [filter] } });
    expectTypeOf(data?.templates).toEqualTypeOf<Schemas["BasePromptTemplateResponse"][] | undefined>();
    // @ts-expect-error: no template filter is told apart by "project"
    const wrong: PromptTemplateFilter = { name: "project", value: "x" };
    void wrong;
  });

  it("a chat message's content is a string or parts, and a switch on a part's type narrows it", () => {
    const describePart = (part: ContentPart): string => {
      switch (part.type) {
        case "text":
          return part.text;
        case "file":
          return part.file_id;
      }
    };
    const textOf = (message: Schemas["Message"]): string => (typeof message.content === "string" ? message.content : message.content.map(describePart).join(" "));
    expectTypeOf(textOf).returns.toEqualTypeOf<string>();
  });

  it("a scorer's colour configuration narrows by its type", () => {
    const kindOf = (config: MetricColorPickerConfig): string => {
      switch (config.type) {
        case "numeric":
          return `numeric, ${config.constraints.length} constraints`;
        case "boolean":
        case "categorical":
        case "multi_label":
          return config.type;
      }
    };
    expectTypeOf(kindOf).parameter(0).toEqualTypeOf<NonNullable<Schemas["ScorerResponse"]["metric_color_picker_config"]>>();
  });
});
