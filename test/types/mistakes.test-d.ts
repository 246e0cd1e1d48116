// Mistakes users make, in every group (tag) of the spec, each refused by the compiler and each
// beside the correct call, which compiles: a misspelt body field, a missing required path or
// query parameter, a wrong enum value, a path that is not a paged listing given to paginate(), a
// file field given a string, a model imported by a wrong name.
//
// The text in backticks after each `@ts-expect-error` is part of the error tsc reports for the
// line below it: mistakes-reasons.test.ts compiles this file without the directives and checks
// that every mistake fails for its own reason, not for some other error on the same line. (A
// file field's type reads structurally, `{ readonly size: number; … }`, not `Blob`: openapi-fetch
// maps request bodies through its Writable<T>, Blob and Uint8Array included.)
import { describe, it } from "vitest";
import { createServiceClient, paginate } from "../../src/index.js";
import type { BasePromptTemplateResponse, LoginEmailForm, ProjectDB } from "../../generated/schema.js";
// @ts-expect-error a model by a wrong name (`has no exported member named 'ProjectDb'`)
import type { ProjectDb } from "../../generated/schema.js";
// @ts-expect-error a model by its service's name, not the spec's (`has no exported member named 'PromptTemplateResponse'`)
import type { PromptTemplateResponse } from "../../generated/schema.js";
// @ts-expect-error a model by a wrong name (`has no exported member 'LoginForm'`)
import type { LoginForm } from "../../generated/schema.js";

const client = createServiceClient({ baseUrl: "https://api.acme.example", auth: { apiKey: "k" } });
const id = "3fa85f64-5717-4562-b3fc-2c963f66afa6";
const csv = new Blob(["input,output\nhello,world\n"], { type: "text/csv" });

describe("health", () => {
  it("takes no parameters", () => {
    void client.GET("/v1/healthcheck");
    // @ts-expect-error a query parameter the operation does not have (`Type '{ verbose: true; }' is not assignable to type 'undefined'`)
    void client.GET("/v1/healthcheck", { params: { query: { verbose: true } } });
  });
});

describe("auth", () => {
  it("login form: a misspelt field", () => {
    void client.POST("/login", { body: { username: "ada", password: "secret" } });
    // @ts-expect-error misspelt body field (`'usernme' does not exist`)
    void client.POST("/login", { body: { usernme: "ada", password: "secret" } });
  });

  it("login form: the model by name", () => {
    const form: LoginEmailForm = { username: "ada", password: "secret" };
    void form;
  });
});

describe("projects", () => {
  it("create: a misspelt field", () => {
    void client.POST("/projects", { body: { name: "my-eval" } });
    // @ts-expect-error misspelt body field (`'nmae' does not exist`)
    void client.POST("/projects", { body: { nmae: "my-eval" } });
  });

  it("create: a form where the operation takes JSON", () => {
    const form = new FormData();
    form.append("name", "my-eval");
    void client.POST("/projects/{project_id}/upload_file", { params: { path: { project_id: id } }, body: form });
    // @ts-expect-error a FormData for a JSON body (`'FormData' is not assignable`)
    void client.POST("/projects", { body: form });
  });

  it("create: a wrong enum value", () => {
    void client.POST("/projects", { body: { name: "my-eval", type: "prompt_evaluation" } });
    // @ts-expect-error not a project type (`Type '"evaluation"' is not assignable to type '"training_inference" | "prompt_evaluation"`)
    void client.POST("/projects", { body: { name: "my-eval", type: "evaluation" } });
  });

  it("upload: a file given as a string", () => {
    void client.POST("/projects/{project_id}/upload_file", { params: { path: { project_id: id } }, body: { file: csv, upload_metadata: "{}" } });
    // @ts-expect-error a file field given text (`Type 'string' is not assignable to type '({ readonly size: number; readonly type: string;`)
    void client.POST("/projects/{project_id}/upload_file", { params: { path: { project_id: id } }, body: { file: "input,output", upload_metadata: "{}" } });
  });

  it("paginate: the paged listing, not the plain one", () => {
    void paginate(client, "/projects/paginated");
    // @ts-expect-error GET /projects is not a paged listing (`Argument of type '"/projects"' is not assignable to parameter of type`)
    void paginate(client, "/projects");
  });

  it("the model by name", () => {
    const project: ProjectDB | undefined = undefined;
    void project;
  });
});

describe("users", () => {
  it("signup link: user_email is required", () => {
    void client.POST("/signup_link", { params: { query: { user_email: "ada@acme.example" } } });
    // @ts-expect-error missing required query parameter (`Property 'user_email' is missing`)
    void client.POST("/signup_link", { params: { query: { send_email: false } } });
  });

  it("paginate: /users pages, /users/all does not", () => {
    void paginate(client, "/users");
    // @ts-expect-error not a paged listing (`Argument of type '"/users/all"' is not assignable to parameter of type`)
    void paginate(client, "/users/all");
  });
});

describe("data", () => {
  it("dataset upload: a file given as a string", () => {
    void client.POST("/projects/{project_id}/prompt_datasets", { params: { path: { project_id: id } }, body: { file: csv } });
    // @ts-expect-error a file field given text (`Type 'string' is not assignable to type '({ readonly size: number; readonly type: string;`)
    void client.POST("/projects/{project_id}/prompt_datasets", { params: { path: { project_id: id } }, body: { file: "input,output" } });
  });

  it("multi-run samples: run_ids is a required query parameter", () => {
    void client.GET("/projects/{project_id}/runs/prompts/rows/columnar", { params: { path: { project_id: id }, query: { run_ids: [id] } } });
    // @ts-expect-error missing required query parameter (`Property 'query' is missing`)
    void client.GET("/projects/{project_id}/runs/prompts/rows/columnar", { params: { path: { project_id: id } } });
  });
});

describe("feedback", () => {
  it("template: a wrong enum value in its constraints", () => {
    void client.POST("/projects/{project_id}/feedback/templates", { params: { path: { project_id: id } }, body: { name: "helpful", constraints: { feedback_type: "like_dislike" } } });
    // @ts-expect-error not a feedback type (`Type '"thumbs"' is not assignable to type '"text" | "tags" | "like_dislike"`)
    void client.POST("/projects/{project_id}/feedback/templates", { params: { path: { project_id: id } }, body: { name: "helpful", constraints: { feedback_type: "thumbs" } } });
  });
});

describe("insights", () => {
  it("alerts: a wrong split", () => {
    void client.GET("/projects/{project_id}/runs/{run_id}/split/{split}/insights/alerts", { params: { path: { project_id: id, run_id: id, split: "training" } } });
    // @ts-expect-error not a split (`Type '"train"' is not assignable to type '"validation" | "training" | "inference" | "test"'`)
    void client.GET("/projects/{project_id}/runs/{run_id}/split/{split}/insights/alerts", { params: { path: { project_id: id, run_id: id, split: "train" } } });
  });

  it("group by: groupby_col is a required query parameter", () => {
    void client.POST("/projects/{project_id}/runs/{run_id}/split/{split}/insights/groupby", { params: { path: { project_id: id, run_id: id, split: "training" }, query: { groupby_col: "label" } }, body: {} });
    // @ts-expect-error missing required query parameter (`Property 'groupby_col' is missing`)
    void client.POST("/projects/{project_id}/runs/{run_id}/split/{split}/insights/groupby", { params: { path: { project_id: id, run_id: id, split: "training" }, query: {} }, body: {} });
  });
});

describe("integrations", () => {
  it("by name: a wrong enum value", () => {
    void client.GET("/integrations/{name}", { params: { path: { name: "aws_bedrock" } } });
    // @ts-expect-error not an integration name (`Type '"aws"' is not assignable to type`)
    void client.GET("/integrations/{name}", { params: { path: { name: "aws" } } });
  });

  it("Azure: a misspelt field", () => {
    void client.PUT("/integrations/azure", { body: { endpoint: "https://acme.openai.azure.com", token: "t" } });
    // @ts-expect-error misspelt body field (`'endpiont' does not exist`)
    void client.PUT("/integrations/azure", { body: { endpiont: "https://acme.openai.azure.com", token: "t" } });
  });
});

describe("prompts", () => {
  it("templates: project_id is a required path parameter", () => {
    void client.POST("/projects/{project_id}/templates", { params: { path: { project_id: id } }, body: { name: "greeting", template: "Hello {name}" } });
    // @ts-expect-error missing required path parameter (`Property 'project_id' is missing`)
    void client.POST("/projects/{project_id}/templates", { params: { path: {} }, body: { name: "greeting", template: "Hello {name}" } });
  });

  it("the model by name", () => {
    const template: BasePromptTemplateResponse | undefined = undefined;
    void template;
  });
});

describe("runs", () => {
  it("create: a misspelt field", () => {
    void client.POST("/projects/{project_id}/runs", { params: { path: { project_id: id } }, body: { name: "baseline", task_type: 1 } });
    // @ts-expect-error misspelt body field (`'task_tpye' does not exist`)
    void client.POST("/projects/{project_id}/runs", { params: { path: { project_id: id } }, body: { name: "baseline", task_tpye: 1 } });
  });

  it("paginate: the prompt runs page, the runs listing does not", () => {
    void paginate(client, "/projects/{project_id}/prompts/runs", { params: { path: { project_id: id } } });
    // @ts-expect-error not a paged listing (`Argument of type '"/projects/{project_id}/runs"' is not assignable to parameter of type`)
    void paginate(client, "/projects/{project_id}/runs", { params: { path: { project_id: id } } });
  });
});

describe("edits", () => {
  it("create: a wrong enum value", () => {
    void client.POST("/projects/{project_id}/runs/{run_id}/split/{split}/edits", { params: { path: { project_id: id, run_id: id, split: "training" } }, body: { edit_action: "relabel" } });
    // @ts-expect-error not an edit action (`Type '"relable"' is not assignable to type`)
    void client.POST("/projects/{project_id}/runs/{run_id}/split/{split}/edits", { params: { path: { project_id: id, run_id: id, split: "training" } }, body: { edit_action: "relable" } });
  });
});

describe("groups", () => {
  it("create: a wrong enum value", () => {
    void client.POST("/groups", { body: { name: "reviewers", visibility: "private" } });
    // @ts-expect-error not a visibility (`Type '"secret"' is not assignable to type`)
    void client.POST("/groups", { body: { name: "reviewers", visibility: "secret" } });
  });

  it("paginate: members need their group's id", () => {
    void paginate(client, "/groups/{group_id}/members", { params: { path: { group_id: id } } });
    // @ts-expect-error missing required path parameter (`Property 'group_id' is missing`)
    void paginate(client, "/groups/{group_id}/members", { params: { path: {} } });
  });
});

describe("llm_integrations", () => {
  it("models: a wrong enum value", () => {
    void client.GET("/llm_integrations/{llm_integration}/models", { params: { path: { llm_integration: "openai" } } });
    // @ts-expect-error not an LLM integration (`Type '"gpt"' is not assignable to type`)
    void client.GET("/llm_integrations/{llm_integration}/models", { params: { path: { llm_integration: "gpt" } } });
  });
});

describe("observe", () => {
  it("metrics: start_time and end_time are required", () => {
    const start_time = "2026-11-22T10:00:00Z";
    const end_time = "2026-11-22T11:00:00Z";
    void client.POST("/projects/{project_id}/observe/metrics", { params: { path: { project_id: id }, query: { start_time, end_time } } });
    // @ts-expect-error missing required query parameter (`Property 'end_time' is missing`)
    void client.POST("/projects/{project_id}/observe/metrics", { params: { path: { project_id: id }, query: { start_time } } });
  });
});

describe("features", () => {
  it("columns: run_id is a required path parameter", () => {
    void client.GET("/projects/{project_id}/runs/{run_id}/features/columns", { params: { path: { project_id: id, run_id: id } } });
    // @ts-expect-error missing required path parameter (`Property 'run_id' is missing`)
    void client.GET("/projects/{project_id}/runs/{run_id}/features/columns", { params: { path: { project_id: id } } });
  });
});

describe("evaluate-alerts", () => {
  it("paginate: the alerts of a prompt run are not a paged listing", () => {
    void client.GET("/projects/{project_id}/runs/{run_id}/prompts/alerts", { params: { path: { project_id: id, run_id: id } } });
    // @ts-expect-error not a paged listing (`Argument of type '"/projects/{project_id}/runs/{run_id}/prompts/alerts"' is not assignable to parameter of type`)
    void paginate(client, "/projects/{project_id}/runs/{run_id}/prompts/alerts", { params: { path: { project_id: id, run_id: id } } });
  });
});

describe("slices", () => {
  it("create: a misspelt field", () => {
    void client.POST("/projects/{project_id}/slices", { params: { path: { project_id: id } }, body: { name: "short inputs", logic: {} } });
    // @ts-expect-error misspelt body field (`'logik' does not exist`)
    void client.POST("/projects/{project_id}/slices", { params: { path: { project_id: id } }, body: { name: "short inputs", logik: {} } });
  });
});
