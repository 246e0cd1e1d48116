// Starts the Prism mock of the bundle on 127.0.0.1 and waits until it answers. Used by the tests'
// shared setup (the contract tests and the projects that call the same mock) and the bench; users
// run the package's own mock, `service-api mock`.
import { spawn } from "node:child_process";
import { copyFileSync, mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { binDir, generatedDir, repoRoot } from "./paths.mjs";
import { freePort } from "./ports.mjs";

/**
 * @param {{ port?: number, spec?: string, errors?: boolean, startTimeoutMs?: number }} [options]
 * @returns {Promise<{ url: string, port: number, stop: () => Promise<void> }>}
 */
export async function startPrism(options = {}) {
  const port = options.port ?? (await freePort());
  // Prism reloads when its file changes: a private copy keeps a rebuild of generated/ from
  // restarting the mock under tests.
  const source = options.spec ?? path.join(generatedDir, "openapi.yaml");
  const scratch = mkdtempSync(path.join(os.tmpdir(), "service-api-prism-"));
  const spec = path.join(scratch, "openapi.yaml");
  copyFileSync(source, spec);
  // --errors turns any answer that breaks the contract into a 500 with an sl-violations header,
  // so a contract test sees our own mistakes instead of a silently wrong mock.
  const args = ["mock", spec, "--host", "127.0.0.1", "--port", String(port)];
  if (options.errors !== false) args.push("--errors");
  const child = spawn(path.join(binDir, "prism"), args, { cwd: repoRoot, stdio: ["ignore", "pipe", "pipe"] });
  const url = `http://127.0.0.1:${port}`;
  let output = "";
  const collect = (chunk) => {
    output += chunk;
  };
  child.stdout.on("data", collect);
  child.stderr.on("data", collect);

  const stop = () =>
    new Promise((resolve) => {
      const done = () => {
        rmSync(scratch, { recursive: true, force: true });
        resolve();
      };
      if (child.exitCode !== null || child.signalCode !== null) return done();
      child.once("exit", done);
      child.kill("SIGTERM");
      setTimeout(() => child.kill("SIGKILL"), 3000).unref();
    });

  const deadline = Date.now() + (options.startTimeoutMs ?? 60_000);
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`Prism exited with code ${child.exitCode} before it was ready:\n${output}`);
    try {
      const response = await fetch(`${url}/v1/healthcheck`);
      await response.arrayBuffer();
      if (response.status === 200) return { url, port, stop };
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  await stop();
  throw new Error(`Prism did not answer on ${url} within the start-up timeout:\n${output}`);
}
