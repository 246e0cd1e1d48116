// The TypeScript code sample of one operation: a whole program with this package's client, the
// credential the operation accepts read from the environment, and the typed call of typed-call.mjs
// with the spec's request example as its body, unwrapped (an error answer throws a
// ServiceApiError) and printed.
import { sampleCredential } from "./sample-request.mjs";
import { sampleServerUrl } from "./sample-values.mjs";
import { callSource } from "./typed-call.mjs";

/** The client's `auth` option for each credential, from the variables the client reads. */
const AUTH_OPTIONS = {
  apiKey: "auth: { apiKey: process.env.SERVICE_API_KEY }",
  basic: "auth: { username: process.env.SERVICE_USERNAME, password: process.env.SERVICE_PASSWORD }",
  bearer: "auth: { token: process.env.SERVICE_JWT }",
};

/**
 * @param {object} document the bundled OpenAPI document
 * @param {{ method: string, path: string, operation: object }} entry
 * @returns {string} a whole TypeScript module (an ES module: it uses top-level await)
 */
export function typescriptSample(document, entry) {
  const credential = sampleCredential(document, entry.operation);
  const options = [`baseUrl: ${JSON.stringify(sampleServerUrl(document))},`];
  // `auth: {}` sends nothing, even when SERVICE_* credentials are set in the environment.
  options.push(credential ? `${AUTH_OPTIONS[credential.kind]},` : "auth: {}, // a public operation: no credentials");

  const lead = "const data = await unwrap(";
  return [
    'import { createServiceClient, unwrap } from "service-api";',
    "",
    `const client = createServiceClient({\n${options.map((option) => `  ${option}`).join("\n")}\n});`,
    "",
    `${lead}${callSource(document, entry, { column: lead.length, requestExample: true })});`,
    "console.log(data);",
    "",
  ].join("\n");
}
