// The type names Python and Go teams write in their code, for 20 schemas they use first: held here,
// so a contract change that renames one (a schema renamed, a title added, a union split) shows up
// as a failing test, to be released as the breaking change it is for them. Python's names are
// what `service_api_client.models` exports; Go's are the generated package's types. A tagged
// union has no Python class: openapi-python-client writes the union of its members where it is used.
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { readEdition } from "../support/generator-tools.js";
import { goClientTool, missing, pythonClientTools } from "../support/system-tools.js";
import { goModule, pythonClient } from "./other-language-clients.js";

/** schema → [its Python class, its Go type]; null where the language has none. */
const NAMES: Record<string, [python: string | null, go: string]> = {
  HealthcheckResponse: ["HealthcheckResponse", "HealthcheckResponse"],
  ErrorBody: ["ErrorBody", "ErrorBody"],
  HTTPValidationError: ["HTTPValidationError", "HTTPValidationError"],
  ValidationError: ["ValidationError", "ValidationError"],
  ApiKeyLoginRequest: ["ApiKeyLoginRequest", "ApiKeyLoginRequest"],
  GetTokenResponse: ["GetTokenResponse", "GetTokenResponse"],
  CreateSignupLinkResponse: ["CreateSignupLinkResponse", "CreateSignupLinkResponse"],
  UserDB: ["UserDB", "UserDB"],
  Permission: ["Permission", "Permission"],
  ProjectCreate: ["ProjectCreate", "ProjectCreate"],
  ProjectCreateResponse: ["ProjectCreateResponse", "ProjectCreateResponse"],
  ProjectDB: ["ProjectDB", "ProjectDB"],
  ProjectType: ["ProjectType", "ProjectType"],
  ProjectCollectionParams: ["ProjectCollectionParams", "ProjectCollectionParams"],
  GetProjectsPaginatedResponse: ["GetProjectsPaginatedResponse", "GetProjectsPaginatedResponse"],
  ProjectFileUploadForm: ["ProjectFileUploadForm", "ProjectFileUploadForm"],
  RunDB: ["RunDB", "RunDB"],
  LlmStep: ["LlmStep", "LlmStep"],
  AnyStep: [null, "AnyStep"],
  ScorerFilter: [null, "ScorerFilter"],
};

it("lists 20 schemas of the contract", () => {
  const schemas = Object.keys(readEdition("openapi.json").components.schemas);
  expect(Object.keys(NAMES)).toHaveLength(20);
  expect(Object.keys(NAMES).filter((name) => !schemas.includes(name))).toEqual([]);
});

describe.skipIf(missing(pythonClientTools))("Python (openapi-python-client)", () => {
  it("names each schema's class as listed", async () => {
    const { project } = await pythonClient();
    const exported = new Set([...readFileSync(path.join(project, "service_api_client", "models", "__init__.py"), "utf8").matchAll(/^from \.\w+ import (\w+)$/gm)].map((match) => match[1]));
    // A name listed is exported; a union listed without one still has no class of its own.
    const wrong = Object.entries(NAMES).filter(([schema, [python]]) => (python === null ? exported.has(schema) : !exported.has(python)));
    expect(wrong.map(([schema]) => schema)).toEqual([]);
  });
});

describe.skipIf(missing(goClientTool))("Go (oapi-codegen)", () => {
  it("names each schema's type as listed", async () => {
    const source = readFileSync(path.join(await goModule(), "serviceapi", "client.gen.go"), "utf8");
    const types = new Set([...source.matchAll(/^type (\w+) /gm)].map((match) => match[1]));
    expect(Object.values(NAMES).map(([, go]) => go).filter((go) => !types.has(go))).toEqual([]);
  });
}, 900_000);
