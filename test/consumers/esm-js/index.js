import { createServiceClient, deriveApiBaseUrl, unwrap, ServiceApiError } from "service-api";
import spec from "service-api/openapi.json" with { type: "json" };
import { callTheMock, report } from "./checks.cjs";

report(callTheMock({ createServiceClient, deriveApiBaseUrl, unwrap, ServiceApiError }, spec, "esm@acme.example"));
