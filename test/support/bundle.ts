// The committed bundle, loaded once per test file, with small lookups the tests share.
import { readFileSync } from "node:fs";
import { operationsOf } from "../../scripts/lib/openapi.mjs";

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
  let current = value;
  while (current && typeof current.$ref === "string") {
    current = current.$ref
      .slice(2)
      .split("/")
      .map((part: string) => part.replace(/~1/g, "/").replace(/~0/g, "~"))
      .reduce((node: any, key: string) => node?.[key], bundle);
  }
  return current as T;
}

/** Spec component name → the service's own name, for the renamed framework artefacts. */
export const serviceNames = new Map<string, string>(
  Object.entries((bundle.components?.schemas ?? {}) as Json)
    .filter(([, schema]) => typeof schema["x-service-name"] === "string")
    .map(([name, schema]) => [name, schema["x-service-name"] as string]),
);
