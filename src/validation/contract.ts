// The bundled contract as data, for the response validator, the verify command and the testing
// entry only (the client never imports this file: it would ship the contract and the JSON Schema
// engine to every user). In the repository the import reads generated/openapi.json; the build
// turns it into the package's own `service-api/openapi.json` export (tsup.config.ts), so the built
// entries load the very file the package ships instead of carrying a copy of it. That file is
// the contract without its prose (scripts/lib/runtime-contract.mjs): nothing here reads a
// description, a summary or a code sample.
import bundle from "../../generated/openapi.json" with { type: "json" };
import { operationsOf } from "../contract/openapi-document.js";

/** The parts of an OpenAPI 3.1 document these tools read; everything else is passed through. */
export type JsonObject = Record<string, unknown>;

export interface OpenApiParameter {
  readonly name: string;
  readonly in: "path" | "query" | "header" | "cookie";
  readonly required?: boolean;
  readonly schema?: JsonObject;
  readonly example?: unknown;
  readonly examples?: Record<string, { value?: unknown }>;
}

export interface OpenApiResponse {
  readonly description?: string;
  readonly content?: Record<string, { schema?: JsonObject }>;
}

export interface OpenApiOperation {
  readonly operationId?: string;
  readonly summary?: string;
  readonly description?: string;
  readonly tags?: readonly string[];
  readonly parameters?: readonly (OpenApiParameter | { $ref: string })[];
  readonly requestBody?: { $ref?: string; required?: boolean; content?: Record<string, { schema?: JsonObject; example?: unknown; examples?: Record<string, { value?: unknown }> }> };
  readonly responses?: Record<string, OpenApiResponse | { $ref: string }>;
  readonly [extension: `x-${string}`]: unknown;
}

export interface OpenApiDocument {
  readonly openapi: string;
  readonly paths: Record<string, Record<string, unknown>>;
  readonly components?: JsonObject;
}

/** One operation of the contract, with the method and path template it is served at. */
export interface ContractOperation {
  /** "GET", "POST", … */
  readonly method: string;
  /** The path template, e.g. "/projects/{project_id}". */
  readonly path: string;
  /** "GET /projects/{project_id}": how errors, reports and the client's policy table name it. */
  readonly key: string;
  readonly operationId: string;
  readonly tag: string | undefined;
  readonly operation: OpenApiOperation;
  /** The path item the operation sits in (its `$ref` followed), for the parameters all its operations share. */
  readonly pathItem: { readonly parameters?: readonly (OpenApiParameter | { $ref: string })[] };
}

/** The bundle shipped in the package (generated/openapi.json). */
export const contract = bundle as unknown as OpenApiDocument;

/** Every operation of `document`, in document order. */
export function contractOperations(document: OpenApiDocument = contract): ContractOperation[] {
  return Array.from(operationsOf<OpenApiOperation, ContractOperation["pathItem"]>(document), ({ method, path, operation, pathItem }) => ({
    method,
    path,
    key: `${method} ${path}`,
    operationId: operation.operationId ?? `${method} ${path}`,
    tag: operation.tags?.[0],
    operation,
    pathItem,
  }));
}
