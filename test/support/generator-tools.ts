// Shared by the generator checks and the scripts' tests: where things are, and running a tool with
// its output captured.
import { readFileSync } from "node:fs";
import path from "node:path";
import { UNCOMMITTED_OUTPUTS, ensureUncommittedOutputs } from "../../scripts/lib/build-steps.mjs";
import { runAsync } from "../../scripts/lib/run.mjs";
import { operationsOf } from "../../src/contract/openapi-document.js";
import { generatedDir, repoRoot } from "../../scripts/lib/paths.mjs";

export { binDir, generatedDir, repoRoot } from "../../scripts/lib/paths.mjs";
/** The generator checks' folder: their fixtures and the small programs they build. */
export const generatorsDir = path.join(repoRoot, "test", "generators");

export interface RunResult {
  status: number | null;
  stdout: string;
  stderr: string;
}

/** Runs a command without a shell (asynchronously, so tests in other files keep running), without colour codes in its output. */
export function run(command: string, args: string[], options: { cwd?: string; env?: Record<string, string | undefined>; timeoutMs?: number } = {}): Promise<RunResult> {
  return runAsync(command, args, { ...options, env: { FORCE_COLOR: "0", NO_COLOR: "1", ...options.env } });
}

/** The tool's output, for an assertion message that says what went wrong. */
export function explain(result: RunResult): string {
  return `exit ${result.status}\n--- stdout\n${result.stdout.slice(-6000)}\n--- stderr\n${result.stderr.slice(-6000)}`;
}

type OpenApiDocument = { openapi: string; paths: Record<string, Record<string, { operationId?: string }>>; components: { schemas: Record<string, unknown> } };

export function readEdition(name: string): OpenApiDocument {
  // The dereferenced edition is not committed: build it when a fresh clone has none yet.
  if (UNCOMMITTED_OUTPUTS.includes(name)) ensureUncommittedOutputs();
  return JSON.parse(readFileSync(path.join(generatedDir, name), "utf8")) as OpenApiDocument;
}

/** "METHOD /path operationId" for every operation, sorted. */
export function operationKeys(document: OpenApiDocument): string[] {
  return [...operationsOf(document)].map(({ method, path: route, operation }) => `${method} ${route} ${operation.operationId}`).sort();
}
