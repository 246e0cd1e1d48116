// The Python and Go clients the generator checks build, generated once per contract and kept under
// the OS temp dir (keyed by a hash of what the generator reads), so the checks that read them
// (python-client, go-client, generated-names) share one generation and a second run takes seconds.
import { createHash } from "node:crypto";
import { copyFileSync, existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { expect } from "vitest";
import { goClientDir, goCommand, pythonClientDir, pythonTool } from "../../scripts/lib/other-languages.mjs";
import { explain, generatedDir, run } from "../support/generator-tools.js";

/** The edition each generator reads best: openapi-python-client the 3.1 bundle, oapi-codegen the 3.0 edition (it reads no other). */
export const pythonEdition = path.join(generatedDir, "openapi.json");
export const goEdition = path.join(generatedDir, "openapi-3.0.json");
/** The files of go-client/ copied beside the generated package: the module, its pins, the config and the calls. */
const GO_MODULE_FILES = ["go.mod", "go.sum", "oapi-codegen.yaml", "calls_test.go"];

function cacheFolder(name: string, inputs: string[]): string {
  const hash = createHash("sha256");
  for (const input of inputs) hash.update(readFileSync(input));
  return path.join(os.tmpdir(), "service-api-other-languages", `${name}-${hash.digest("hex").slice(0, 16)}`);
}

/** Runs `make` into a fresh folder and moves it to `folder` when it succeeds (two files may ask at once). */
async function once(folder: string, make: (scratch: string) => Promise<void>): Promise<string> {
  if (existsSync(folder)) return folder;
  const scratch = `${folder}.partial-${process.pid}-${Math.random().toString(36).slice(2)}`;
  mkdirSync(scratch, { recursive: true });
  try {
    await make(scratch);
    if (!existsSync(folder)) renameSync(scratch, folder);
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
  return folder;
}

/** The environment the Python tools run in: ruff (the generator's formatter) is in the venv. */
export function pythonEnv(): Record<string, string> {
  return { PATH: `${path.dirname(pythonTool("python"))}${path.delimiter}${process.env.PATH ?? ""}`, PYTHONDONTWRITEBYTECODE: "1" };
}

/**
 * openapi-python-client 0.29.1 refuses a default other than null on a property typed as an object
 * or null ("Value {...} is not valid, only None is allowed"), and then drops the schema and every
 * operation that uses it. The contract states the service's own object defaults there (release
 * 1.513.0: `col_mapping: {}` on the export requests, the project listing's `sort`), so the
 * generator is handed the bundle without those defaults: the places are returned, and
 * python-client.test.ts holds them to a list, so a new one is seen and not silently dropped.
 */
export function objectDefaultsOnNullableModels(document: unknown): { edition: unknown; places: string[] } {
  const places: string[] = [];
  const edition = JSON.parse(JSON.stringify(document), function (this: unknown, key: string, value: unknown) {
    if (key === "properties" && value && typeof value === "object") {
      for (const [name, property] of Object.entries(value as Record<string, Record<string, unknown>>)) {
        const members = Array.isArray(property?.anyOf) ? (property.anyOf as Record<string, unknown>[]) : [];
        const nullable = members.some((member) => member.type === "null") || (Array.isArray(property?.type) && property.type.includes("null"));
        if (nullable && property.default !== null && typeof property.default === "object" && !Array.isArray(property.default)) {
          places.push(name);
          delete property.default;
        }
      }
    }
    return value;
  });
  return { edition, places };
}

/** The generated Python project (its package is `service_api_client`) and what the generator printed. */
export async function pythonClient(): Promise<{ project: string; output: string; strippedDefaults: string[] }> {
  const { edition, places } = objectDefaultsOnNullableModels(JSON.parse(readFileSync(pythonEdition, "utf8")));
  const folder = cacheFolder(`python-${places.length}`, [pythonEdition, path.join(pythonClientDir, "requirements.txt")]);
  await once(folder, async (scratch) => {
    const input = path.join(scratch, "openapi.json");
    writeFileSync(input, JSON.stringify(edition));
    const generated = await run(pythonTool("openapi-python-client"), ["generate", "--path", input, "--output-path", path.join(scratch, "project")], { env: pythonEnv() });
    expect(generated.status, explain(generated)).toBe(0);
    writeFileSync(path.join(scratch, "output.txt"), generated.stdout + generated.stderr);
  });
  return { project: path.join(folder, "project"), output: readFileSync(path.join(folder, "output.txt"), "utf8"), strippedDefaults: places };
}

/** The environment Go runs in: the module cache and build cache as the machine has them, no GOFLAGS from outside. */
export function goEnv(): Record<string, string | undefined> {
  return { GOFLAGS: undefined, GO111MODULE: "on", CGO_ENABLED: "0" };
}

/** A copy of go-client/ with the generated package `serviceapi` beside the calls (serviceapi/client.gen.go). */
export async function goModule(): Promise<string> {
  const folder = cacheFolder("go", [goEdition, ...GO_MODULE_FILES.map((file) => path.join(goClientDir, file))]);
  return once(folder, async (scratch) => {
    for (const file of GO_MODULE_FILES) copyFileSync(path.join(goClientDir, file), path.join(scratch, file));
    mkdirSync(path.join(scratch, "serviceapi"));
    const generated = await run(goCommand()!, ["tool", "oapi-codegen", "-config", "oapi-codegen.yaml", goEdition], { cwd: scratch, env: goEnv(), timeoutMs: 600_000 });
    expect(generated.status, explain(generated)).toBe(0);
    expect(generated.stdout + generated.stderr).toBe("");
  });
}
