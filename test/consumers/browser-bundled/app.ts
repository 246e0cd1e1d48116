// Runs in the browser as one bundled script (esbuild, platform "browser"): no Node types here
// (tsconfig "types": []). It also reports whether the page's Content-Security-Policy lets it
// compile code from a string, so a test can tell that validation ran where that is refused.
import { createServiceClient } from "service-api";
import type { Middleware } from "openapi-fetch";
import { validateResponses, ResponseValidationError, type ValidateResponsesOptions } from "service-api/validate";

type Caught = { name: string; isResponseValidationError: boolean; operation?: string; status?: number; problems?: unknown };

declare global {
  interface Window {
    serviceApiResult?: { conforming: string; drifted: Caught | "no error"; evalRefused: boolean } | { error: string };
  }
}

// @ts-expect-error: "error" is not one of the modes
const misspelt: ValidateResponsesOptions = { onMismatch: "error" };
void misspelt;

/** A server that drifted from the contract: the healthcheck's `message` comes back as a number. */
const drift: Middleware = {
  async onResponse({ response }) {
    const body = (await response.json()) as Record<string, unknown>;
    const headers = new Headers(response.headers);
    headers.delete("content-length");
    return new Response(JSON.stringify({ ...body, message: 7 }), { status: response.status, headers });
  },
};

/** Whether the page refuses `new Function` (a policy without 'unsafe-eval' does). */
function evalRefused(): boolean {
  try {
    return new Function("return 1")() !== 1;
  } catch (error) {
    if (error instanceof EvalError) return true;
    throw error;
  }
}

async function main() {
  const baseUrl = new URLSearchParams(window.location.search).get("mock");
  if (!baseUrl) throw new Error("pass the mock's address as ?mock=");

  const client = createServiceClient({ baseUrl, auth: { apiKey: "browser-key" } });
  client.use(validateResponses({ onMismatch: "throw" }));
  const { data } = await client.GET("/v1/healthcheck");

  // openapi-fetch runs onResponse from the last middleware registered to the first, so `drift`
  // goes after validateResponses: it rewrites the answer before the validator reads it.
  const drifted = createServiceClient({ baseUrl, auth: { apiKey: "browser-key" } });
  drifted.use(validateResponses({ onMismatch: "throw" }), drift);
  let caught: Caught | "no error" = "no error";
  try {
    await drifted.GET("/v1/healthcheck");
  } catch (error) {
    caught =
      error instanceof ResponseValidationError
        ? { name: error.name, isResponseValidationError: true, operation: error.operation, status: error.status, problems: error.problems }
        : { name: error instanceof Error ? `${error.name}: ${error.message}` : String(error), isResponseValidationError: false };
  }
  window.serviceApiResult = { conforming: data?.message ?? "no data", drifted: caught, evalRefused: evalRefused() };
}

main().catch((error: unknown) => {
  window.serviceApiResult = { error: error instanceof Error ? `${error.name}: ${error.message}` : String(error) };
});
