// The JavaScript consumers' checks, one file for both. esm-js/ imports the package and cjs-js/
// requires it (that difference is what they test: the "import" builds against the "require"
// ones) and each hands what it loaded to these functions, so both builds go through the same
// calls. installConsumer (helpers.ts) copies this file in beside each consumer's own. It never
// loads service-api itself: that would test the CommonJS build twice.

/**
 * Through the client against the mock: an answer, a created signup link, a call the mock refuses
 * (422, as the package's own ServiceApiError), the API base URL derived from a console URL, and
 * the bundle's OpenAPI version.
 */
async function callTheMock({ createServiceClient, deriveApiBaseUrl, unwrap, ServiceApiError }, spec, email) {
  const client = createServiceClient({ baseUrl: process.env.MOCK_URL, auth: { apiKey: "consumer-key" } });
  const health = await unwrap(client.GET("/v1/healthcheck"));
  const link = await unwrap(client.POST("/signup_link", { params: { query: { user_email: email } } }));
  let status;
  try {
    await unwrap(client.POST("/signup_link", { params: { query: {} } }));
  } catch (error) {
    status = error instanceof ServiceApiError ? error.status : String(error);
  }
  return {
    health: health.message,
    signupUrl: link.signup_url,
    invalidStatus: status,
    derived: deriveApiBaseUrl("https://console.acme.example"),
    specVersion: spec.openapi,
  };
}

/**
 * service-api/validate on a client of service-api: a good answer from the mock passes; the same
 * operation answered with a body that breaks the contract (through a fetch that rewrites it)
 * throws the entry's own ResponseValidationError.
 */
async function validateAnswers({ createServiceClient }, { validateResponses, ResponseValidationError }) {
  const good = createServiceClient({ baseUrl: process.env.MOCK_URL, auth: { apiKey: "consumer-key" } });
  good.use(validateResponses({ onMismatch: "throw" }));
  const { data: projects } = await good.GET("/projects");

  const drifted = createServiceClient({
    baseUrl: process.env.MOCK_URL,
    auth: { apiKey: "consumer-key" },
    fetch: async () => new Response(JSON.stringify({ api_version: "1.0.0", message: 7, version: "2.14.0" }), { status: 200, headers: { "content-type": "application/json" } }),
  });
  drifted.use(validateResponses({ onMismatch: "throw" }));
  let problems;
  try {
    await drifted.GET("/v1/healthcheck");
  } catch (error) {
    problems = error instanceof ResponseValidationError ? error.problems : String(error);
  }
  return { projects: Array.isArray(projects), problems };
}

/** Prints a check's result as the one JSON line the test reads; a failed check exits with 1. */
function report(check) {
  check.then(
    (result) => console.log(JSON.stringify(result)),
    (error) => {
      console.error(error);
      process.exitCode = 1;
    },
  );
}

module.exports = { callTheMock, validateAnswers, report };
