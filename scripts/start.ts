// `npm start`: the main job on its embedded default, the local mock. Builds the bundle, types and
// docs, starts the Prism mock, walks through the brief's three operations with the client, and
// keeps the mock and the docs available until interrupted. `--once` stops after the demo.
import { spawnSync } from "node:child_process";
import path from "node:path";
import { createServiceClient, unwrap } from "../src/index.js";
import { runBuildSteps } from "./lib/build-steps.mjs";
import { freePort, startPrism } from "./lib/prism.mjs";
import { repoRoot } from "./lib/paths.mjs";
import { serveFile } from "./lib/serve-file.mjs";

const once = process.argv.includes("--once");

function step(script: string) {
  const result = spawnSync(process.execPath, [path.join(repoRoot, "scripts", script)], { cwd: repoRoot, stdio: "inherit" });
  if (result.status !== 0) throw new Error(`scripts/${script} failed; see its output above`);
}

runBuildSteps({ inherit: true });
step("docs.mjs");

// 4010 is the documented mock address; take another port if something already holds it.
const prism = await startPrism({ port: await portOr(4010) });
const docs = await serveFile(path.join(repoRoot, "build", "docs", "index.html"), { port: await portOr(8080) });

try {
  await demo(prism.url);
} catch (error) {
  console.error(`demo failed: ${error instanceof Error ? error.message : String(error)}`);
  await Promise.all([prism.stop(), docs.stop()]);
  process.exit(1);
}

console.log(`\nMock API: ${prism.url}  (validating every answer against generated/openapi.yaml)`);
console.log(`API docs: ${docs.url}`);
if (once) {
  await Promise.all([prism.stop(), docs.stop()]);
} else {
  console.log("Press Ctrl-C to stop.");
  for (const signal of ["SIGINT", "SIGTERM"] as const) {
    process.on(signal, () => {
      void Promise.all([prism.stop(), docs.stop()]).then(() => process.exit(0));
    });
  }
}

async function demo(baseUrl: string) {
  // The mock accepts any well-formed credential; these values are placeholders, not secrets.
  const withKey = createServiceClient({ baseUrl, auth: { apiKey: "demo-api-key" } });

  const health = await unwrap(withKey.GET("/v1/healthcheck"));
  console.log(`\n1. GET /v1/healthcheck (no credentials) → ${health.message}, API ${health.api_version}, service ${health.version}`);

  const token = await unwrap(withKey.GET("/v1/token"));
  console.log(`2. GET /v1/token (API key) → a ${token.token_type ?? "bearer"} JWT (${token.access_token.length} characters, not shown), expires ${token.expires_at}`);

  const link = await unwrap(
    withKey.POST("/signup_link", { params: { query: { user_email: "new.user@acme.example", send_email: false } } }),
  );
  console.log(`3. POST /signup_link (API key only) → ${link.signup_url}`);

  const withJwt = createServiceClient({ baseUrl, auth: { apiKey: "demo-api-key", jwt: true } });
  const again = await unwrap(withJwt.GET("/v1/healthcheck"));
  const viaBearer = await withJwt.POST("/signup_link", { params: { query: { user_email: "second.user@acme.example" } } });
  console.log(`4. JWT mode: health check → ${again.message}; signup link still sent with the API key → HTTP ${viaBearer.response.status}`);
}

async function portOr(preferredPort: number): Promise<number> {
  const { createServer } = await import("node:net");
  return new Promise((resolve) => {
    const probe = createServer();
    probe.once("error", () => resolve(freePort()));
    probe.listen(preferredPort, "127.0.0.1", () => probe.close(() => resolve(preferredPort)));
  });
}
