const { createServiceClient, deriveApiBaseUrl, unwrap, ServiceApiError } = require("service-api");
const spec = require("service-api/openapi.json");
const { callTheMock, report } = require("./checks.cjs");

report(callTheMock({ createServiceClient, deriveApiBaseUrl, unwrap, ServiceApiError }, spec, "cjs@acme.example"));
