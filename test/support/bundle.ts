// The committed bundle, loaded once per test file, with small lookups the tests share.
import { readFileSync } from "node:fs";
import { operationsOf, resolveRef } from "../../src/openapi-document.js";

export type Json = Record<string, any>;

export const bundle: Json = JSON.parse(readFileSync(new URL("../../generated/openapi.json", import.meta.url), "utf8"));

export interface BundleOperation {
  method: string;
  path: string;
  operation: Json;
}

export const bundleOperations: BundleOperation[] = [...operationsOf(bundle)].map(({ method, path, operation }) => ({ method, path, operation }));

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
