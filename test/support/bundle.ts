// The committed bundle, loaded once per test file, with small lookups the tests share.
import { readFileSync } from "node:fs";
import path from "node:path";
import { generatedDir } from "../../scripts/lib/paths.mjs";
import { operationsOf, resolveRef } from "../../src/contract/openapi-document.js";

export type Json = Record<string, any>;

export const bundle: Json = JSON.parse(readFileSync(path.join(generatedDir, "openapi.json"), "utf8"));

export interface BundleOperation {
  method: string;
  path: string;
  operation: Json;
}

export const bundleOperations: BundleOperation[] = [...operationsOf<Json>(bundle)].map(({ method, path, operation }) => ({ method, path, operation }));

/** One operation by its operationId, in the shape the sample writers of scripts/lib take. */
export function operationById(operationId: string): BundleOperation {
  const found = bundleOperations.find(({ operation }) => operation.operationId === operationId);
  if (!found) throw new Error(`no operation ${operationId}`);
  return found;
}

/** Resolves `#/components/...` references (one level at a time, until a non-reference). */
export function resolve<T = Json>(value: any): T {
  return resolveRef(bundle, value) as T;
}

/** Spec component name → the service's own name, for the renamed framework artefacts. */
export const serviceNames = new Map<string, string>(
  Object.entries((bundle.components?.schemas ?? {}) as Json)
    .filter(([, schema]) => typeof schema["x-service-name"] === "string")
    .map(([name, schema]) => [name, schema["x-service-name"] as string]),
);

/** The JSON example of an operation's first 2xx answer, through a shared `components/responses` entry too. */
export function answerExample<T = any>(path: string, method: string): T {
  const responses = (bundle.paths[path]?.[method.toLowerCase()]?.responses ?? {}) as Json;
  const success = Object.keys(responses).find((code) => code.startsWith("2"));
  const example = success === undefined ? undefined : resolve(responses[success])?.content?.["application/json"]?.example;
  if (example === undefined) throw new Error(`${method.toUpperCase()} ${path} has no JSON example for its 2xx answer`);
  return example as T;
}
