// The text of the code samples (scripts/lib/code-samples.mjs and its per-language modules): how
// each language writes a request, quoting included, and the credentials the bundle does not use
// alone (Basic, JWT), on a small document of our own. Whether the samples work is
// test/contract/code-samples.test.ts's job: it compiles and runs every one.
import { describe, expect, it } from "vitest";
import { codeSamplesOf } from "../../scripts/lib/code-samples.mjs";
import { curlSample, shellQuote } from "../../scripts/lib/sample-curl.mjs";
import { pythonSample, pythonSource } from "../../scripts/lib/sample-python.mjs";
import { sampleCredential } from "../../scripts/lib/sample-request.mjs";
import { typescriptSample } from "../../scripts/lib/sample-typescript.mjs";
import { bundle, bundleOperations, operationById } from "../support/bundle.js";

describe("curl", () => {
  it("sends a multipart body's text fields as they are and its file from data.csv", () => {
    expect(curlSample(bundle, operationById("uploadFile"))).toBe(
      [
        "curl -X POST 'https://api.acme.example/projects/3fa85f64-5717-4562-b3fc-2c963f66afa6/upload_file' \\",
        '  -H "Service-API-Key: $SERVICE_API_KEY" \\',
        "  --form-string 'upload_metadata=upload_metadata' \\",
        "  -F 'file=@data.csv;type=text/csv'",
      ].join("\n"),
    );
  });

  it("URL-encodes a form body and the query string, and sends no credential to a public operation", () => {
    expect(curlSample(bundle, operationById("loginEmail"))).toBe(
      ["curl -X POST 'https://api.acme.example/login' \\", "  --data-urlencode 'password=correct-horse-battery-staple' \\", "  --data-urlencode 'username=ada@acme.example'"].join("\n"),
    );
    expect(curlSample(bundle, operationById("generateSignupLink"))).toContain("/signup_link?user_email=new.user%40acme.example'");
  });

  it("repeats a list parameter once per item", () => {
    expect(curlSample(bundle, operationById("getMultiRunSampleIds"))).toContain(
      "?run_ids=b3e1c2d4-5f6a-4b7c-8d9e-0f1a2b3c4d5e&run_ids=4d5e6f70-8b9c-4d0e-9f2a-3b4c5d6e7f80'",
    );
  });

  it("quotes a single quote so that the shell passes it through", () => {
    expect(shellQuote("it's $HOME")).toBe("'it'\\''s $HOME'");
  });
});

describe("Python", () => {
  it("opens the uploaded file in a with block and sends the other fields as data", () => {
    expect(pythonSample(bundle, operationById("uploadFile"))).toBe(
      [
        "import os",
        "",
        "import requests",
        "",
        'with open("data.csv", "rb") as upload:',
        "    response = requests.post(",
        '        "https://api.acme.example/projects/3fa85f64-5717-4562-b3fc-2c963f66afa6/upload_file",',
        '        headers={"Service-API-Key": os.environ["SERVICE_API_KEY"]},',
        '        data={"upload_metadata": "upload_metadata"},',
        '        files={"file": ("data.csv", upload, "text/csv")},',
        "        timeout=30,",
        "    )",
        "response.raise_for_status()",
        "print(response.json())",
        "",
      ].join("\n"),
    );
  });

  it("prints a file answer as text, not as JSON", () => {
    expect(pythonSample(bundle, operationById("downloadPromptDataset"))).toMatch(/print\(response\.text\)\n$/);
  });

  it("writes JSON values as Python literals", () => {
    expect(pythonSource({ a: true, b: null, c: [false, 1.5, "x"] })).toBe('{"a": True, "b": None, "c": [False, 1.5, "x"]}');
  });
});

describe("TypeScript", () => {
  it("creates the client with the key from the environment and unwraps the call", () => {
    expect(typescriptSample(bundle, operationById("createProject"))).toBe(
      [
        'import { createServiceClient, unwrap } from "service-api";',
        "",
        "const client = createServiceClient({",
        '  baseUrl: "https://api.acme.example",',
        "  auth: { apiKey: process.env.SERVICE_API_KEY },",
        "});",
        "",
        'const data = await unwrap(client.POST("/projects", {',
        '  body: { name: "support-bot-eval", type: "gen_ai" },',
        "}));",
        "console.log(data);",
        "",
      ].join("\n"),
    );
  });

  it("passes no credentials to a public operation", () => {
    expect(typescriptSample(bundle, operationById("healthcheck"))).toContain("  auth: {}, // a public operation: no credentials\n");
  });
});

describe("the request example", () => {
  // What a reader sees in the request-body panel is what every sample sends.
  const withExample = bundleOperations.flatMap((found) => {
    const media = found.operation.requestBody?.content?.["application/json"];
    const example = media?.example ?? (Object.values(media?.examples ?? {})[0] as { value?: unknown } | undefined)?.value;
    return example === undefined ? [] : [{ name: found.operation.operationId as string, found, example }];
  });

  it("is on every JSON request body of the bundle", () => {
    const jsonBodies = bundleOperations.filter(({ operation }) => operation.requestBody?.content?.["application/json"]);
    expect(withExample.map(({ name }) => name)).toEqual(jsonBodies.map(({ operation }) => operation.operationId));
  });

  it.each(withExample)("$name: curl sends it as the body", ({ found, example }) => {
    const quoted = /\n {2}-d '((?:[^']|'\\'')*)'/.exec(curlSample(bundle, found));
    expect(quoted, "the curl sample has a -d body").not.toBeNull();
    expect(JSON.parse(quoted![1]!.replaceAll("'\\''", "'"))).toEqual(example);
  });
});

describe("the credential a sample sends", () => {
  // A document of our own: the bundle offers the API key everywhere it takes credentials.
  const schemes = {
    key: { type: "apiKey", in: "header", name: "Service-API-Key" },
    basic: { type: "http", scheme: "basic" },
    jwt: { type: "http", scheme: "bearer", bearerFormat: "JWT" },
  };
  const documentWith = (security: Record<string, string[]>[]) => ({
    openapi: "3.1.0",
    servers: [{ url: "https://api.{domain}", variables: { domain: { default: "example.com" } } }],
    components: { securitySchemes: schemes },
    paths: { "/things": { get: { operationId: "listThings", security, responses: { "200": { description: "ok", content: { "application/json": {} } } } } } },
  });
  const only = (security: Record<string, string[]>[]) => {
    const document = documentWith(security);
    const operation = document.paths["/things"].get;
    return { document, samples: codeSamplesOf(document, { method: "GET", path: "/things", operation }) };
  };

  it("prefers the API key, then Basic, then a JWT, whatever order the spec lists them in", () => {
    expect(sampleCredential(documentWith([]), { security: [{ jwt: [] }, { basic: [] }, { key: [] }] })).toEqual({ kind: "apiKey", header: "Service-API-Key" });
    expect(sampleCredential(documentWith([]), { security: [{ jwt: [] }, { basic: [] }] })).toEqual({ kind: "basic" });
    expect(sampleCredential(documentWith([]), { security: [{}, { key: [] }] })).toBeUndefined();
  });

  it("Basic only: the email and password from the environment, in every language", () => {
    const [typescript, curl, python] = only([{ basic: [] }]).samples.map(({ source }) => source);
    expect(typescript).toContain("auth: { username: process.env.SERVICE_USERNAME, password: process.env.SERVICE_PASSWORD },");
    expect(curl).toContain('-u "$SERVICE_USERNAME:$SERVICE_PASSWORD"');
    expect(python).toContain('auth=(os.environ["SERVICE_USERNAME"], os.environ["SERVICE_PASSWORD"])');
  });

  it("JWT only: the token from the environment as a bearer header", () => {
    const [typescript, curl, python] = only([{ jwt: [] }]).samples.map(({ source }) => source);
    expect(typescript).toContain("auth: { token: process.env.SERVICE_JWT },");
    expect(curl).toContain('-H "Authorization: Bearer $SERVICE_JWT"');
    expect(python).toContain(`headers={"Authorization": f"Bearer {os.environ['SERVICE_JWT']}"}`);
  });

  it("refuses an operation that needs two credentials at once", () => {
    expect(() => only([{ key: [], basic: [] }])).toThrow(/requires key and basic together/);
  });
});
