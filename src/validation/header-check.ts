// The headers an answer's status declares in the contract: each one present, and its text, read as
// its schema types it (Retry-After's seconds as an integer), valid against that schema. A header
// the contract marks `required` and the answer lacks is an error; one it only declares, a warning,
// since OpenAPI lets an answer leave out a header that is not required.
import { followRefs, pointerSegment } from "../contract/openapi-document.js";
import { fromText } from "./from-text.js";
import type { ContractOperation, JsonObject, OpenApiDocument } from "./contract.js";
import { declaredResponse } from "./response-validator.js";
import type { SchemaValidator } from "./schema-validator.js";

export interface HeaderProblem {
  /** The header's name as the contract writes it. */
  readonly header: string;
  /** Missing, or present with a value its schema refuses. */
  readonly missing: boolean;
  /** Whether the contract marks it `required`. */
  readonly required: boolean;
  /** What is wrong, in words; never the header's value. */
  readonly message: string;
}

export function createHeaderChecker(document: OpenApiDocument, schemas: SchemaValidator) {
  return function checkHeaders(operation: ContractOperation, status: number, headers: Headers): HeaderProblem[] {
    const declared = declaredResponse(document, operation, status);
    if (!declared) return [];
    const problems: HeaderProblem[] = [];
    for (const [name, entry] of Object.entries((declared.response as { headers?: JsonObject }).headers ?? {})) {
      // OpenAPI: a response header named Content-Type is ignored (the media types say it).
      if (name.toLowerCase() === "content-type") continue;
      const { node, pointer } = followRefs(document, entry, `${declared.pointer}/headers/${pointerSegment(name)}`);
      const header = (node ?? {}) as { required?: boolean; schema?: unknown };
      const required = header.required === true;
      const text = headers.get(name);
      if (text === null) {
        problems.push({ header: name, missing: true, required, message: `declared header ${name} is missing${required ? " (the contract requires it)" : ""}` });
        continue;
      }
      if (header.schema === undefined) continue;
      for (const problem of schemas.validate(`${pointer}/schema`, fromText(document, header.schema, text), name)) {
        problems.push({ header: name, missing: false, required, message: `header ${problem.path}: ${problem.message}` });
      }
    }
    return problems;
  };
}

export type HeaderChecker = ReturnType<typeof createHeaderChecker>;
