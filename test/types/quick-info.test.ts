// What a user's editor shows on hover. The TypeScript language service (the one editors run) is
// asked for the quick info of fields of GroupDB, LlmStep and MetricThreshold, read in a user's
// file the way they would be read; the spec's description of each field must be in it, and say
// more than the field's name.
import path from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";
import { repoRoot } from "../../scripts/lib/paths.mjs";
import { restatesName } from "../../scripts/spectral-functions/documentationDepth.js";
import { bundle, type Json } from "../support/bundle.js";

const SCHEMAS = ["GroupDB", "LlmStep", "MetricThreshold"] as const;
const userFile = path.join(repoRoot, "test", "types", "hover-user-code.ts");
const schemas = bundle.components.schemas as Json;

// One line per field: `group.visibility;` and so on, for every property of each schema.
const lines = [`import type { ${SCHEMAS.join(", ")} } from "../../generated/schema.js";`];
const fields: { schema: string; field: string; offset: number }[] = [];
for (const schema of SCHEMAS) {
  const variable = schema.charAt(0).toLowerCase() + schema.slice(1);
  lines.push(`declare const ${variable}: ${schema};`);
  for (const field of Object.keys(schemas[schema].properties)) {
    const prefix = `${variable}.`;
    fields.push({ schema, field, offset: lines.join("\n").length + 1 + prefix.length });
    lines.push(`${prefix}${field};`);
  }
}
const source = lines.join("\n") + "\n";

const options: ts.CompilerOptions = { strict: true, module: ts.ModuleKind.NodeNext, moduleResolution: ts.ModuleResolutionKind.NodeNext, target: ts.ScriptTarget.ES2022, noEmit: true };
const host: ts.LanguageServiceHost = {
  getScriptFileNames: () => [userFile],
  getScriptVersion: () => "1",
  getScriptSnapshot: (name) => {
    const text = name === userFile ? source : ts.sys.readFile(name);
    return text === undefined ? undefined : ts.ScriptSnapshot.fromString(text);
  },
  getCurrentDirectory: () => repoRoot,
  getCompilationSettings: () => options,
  getDefaultLibFileName: ts.getDefaultLibFilePath,
  fileExists: (name) => name === userFile || ts.sys.fileExists(name),
  readFile: (name) => (name === userFile ? source : ts.sys.readFile(name)),
};
const service = ts.createLanguageService(host);

/** The hover text: the documentation comment and its tags (openapi-typescript writes `@description`). */
function hover(offset: number): string {
  const info = service.getQuickInfoAtPosition(userFile, offset);
  const tags = (info?.tags ?? []).map((tag) => ts.displayPartsToString(tag.text));
  return [ts.displayPartsToString(info?.documentation ?? []), ...tags].join("\n");
}
const squash = (text: string) => text.replace(/\s+/g, " ").trim();

describe("field descriptions show on hover", () => {
  it("the user's file compiles, so every hover is on a real field", () => {
    const problems = [...service.getSyntacticDiagnostics(userFile), ...service.getSemanticDiagnostics(userFile)];
    expect(problems.map((d) => ts.flattenDiagnosticMessageText(d.messageText, "\n"))).toEqual([]);
    expect(fields.length).toBeGreaterThan(20);
  });

  it.each(fields.map((entry) => [`${entry.schema}.${entry.field}`, entry] as const))("%s", (_, { schema, field, offset }) => {
    const description = schemas[schema].properties[field].description as string | undefined;
    expect(restatesName(description, field), `${schema}.${field} needs a description that says more than its name`).toBe(false);
    expect(squash(hover(offset))).toContain(squash(description!));
  });
});
