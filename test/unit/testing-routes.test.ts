// The mock's router over the contract: which operation a method and a URL path (below the mock's
// base address) reach, and what the service would answer when none does.
import { describe, expect, it } from "vitest";
import { createRouter } from "../../src/testing/routes.js";
import { contract, contractOperations } from "../../src/validation/contract.js";

const route = createRouter(contractOperations(contract));
const reached = (method: string, pathname: string) => {
  const found = route(method, pathname);
  return found.operation ? { operation: found.operation.key, path: found.path } : { status: found.status };
};

describe("the testing mock's router", () => {
  it("prefers the template with the most fixed text where a parameter could also match", () => {
    expect(reached("GET", "/projects/all")).toEqual({ operation: "GET /projects/all", path: {} });
    expect(reached("GET", "/projects/p-1")).toEqual({ operation: "GET /projects/{project_id}", path: { project_id: "p-1" } });
    expect(reached("GET", "/projects/p-1/prompts/runs/columnar")).toEqual({ operation: "GET /projects/{project_id}/prompts/runs/columnar", path: { project_id: "p-1" } });
    expect(reached("GET", "/projects/p-1/prompts/runs/r-2")).toEqual({ operation: "GET /projects/{project_id}/prompts/runs/{run_id}", path: { project_id: "p-1", run_id: "r-2" } });
  });

  it("matches a template with the whole path, never its end: a known path under a prefix is no match", () => {
    expect(reached("GET", "/current_user")).toEqual({ operation: "GET /current_user", path: {} });
    for (const prefixed of ["/v1/current_user", "/console/current_user", "/v2/current_user", "/api/v2/projects/p-1"]) expect(reached("GET", prefixed), prefixed).toEqual({ status: 404 });
    // The contract's own versioned paths are whole templates of their own.
    expect(reached("GET", "/v1/healthcheck")).toEqual({ operation: "GET /v1/healthcheck", path: {} });
    expect(reached("GET", "/v2/projects/p-1/feedback/templates")).toEqual({ operation: "GET /v2/projects/{project_id}/feedback/templates", path: { project_id: "p-1" } });
  });

  it("ignores one trailing slash", () => {
    expect(reached("GET", "/current_user/")).toEqual({ operation: "GET /current_user", path: {} });
  });

  it("routes a template written with a trailing slash, with or without the slash in the request", () => {
    const status = { operation: "GET /projects/{project_id}/training/{training_job_id}/status/", path: { project_id: "p-1", training_job_id: "t-2" } };
    expect(reached("GET", "/projects/p-1/training/t-2/status/")).toEqual(status);
    expect(reached("GET", "/projects/p-1/training/t-2/status")).toEqual(status);
    expect(reached("GET", "/api/projects/p-1/training/t-2/status/")).toEqual({ status: 404 });
  });

  it("picks by method among the templates that match; none with the method is a 405", () => {
    // "/projects/all" has only a GET: a DELETE there is the parameter template's.
    expect(reached("DELETE", "/projects/all")).toEqual({ operation: "DELETE /projects/{project_id}", path: { project_id: "all" } });
    // "/v1/healthcheck" has only a GET.
    expect(reached("DELETE", "/v1/healthcheck")).toEqual({ status: 405 });
  });

  it("decodes each parameter, and keeps one that is not valid percent-encoding as sent", () => {
    expect(reached("GET", "/projects/a%20b%2Fc")).toEqual({ operation: "GET /projects/{project_id}", path: { project_id: "a b/c" } });
    expect(reached("GET", "/projects/100%")).toEqual({ operation: "GET /projects/{project_id}", path: { project_id: "100%" } });
  });

  it("answers 404 where no template matches, and never matches an empty parameter", () => {
    expect(reached("GET", "/no/such/path")).toEqual({ status: 404 });
    expect(reached("GET", "/")).toEqual({ status: 404 });
    expect(reached("GET", "/projects//runs")).toEqual({ status: 404 });
  });
});
