// What each of the package's big files carries, read from the packed tarball (CONTRIBUTING, "What
// each shipped file carries"): dist/openapi.json, the contract without its prose, with everything
// the validator, the mock and verify read; dist/openapi.full.json.gz, the whole contract, which
// `service-api mock` publishes; dist/schema.d.cts, the types with every comment a hover shows,
// without the examples and the indentation. The hover is tried as an editor asks for it, through
// TypeScript's language service, on a program that imports the installed package.
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { isDeepStrictEqual } from "node:util";
import { gunzipSync } from "node:zlib";
import ts from "typescript";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { PROSE } from "../../scripts/lib/openapi-keywords.mjs";
import { generatedDir, repoRoot } from "../../scripts/lib/paths.mjs";
import { run } from "../../scripts/lib/run.mjs";
import { walkObjects } from "../../scripts/lib/walk-objects.mjs";
import { diffDocuments } from "../../src/contract/openapi-diff.js";
import { operationsOf, resolvePointer } from "../../src/contract/openapi-document.js";

type Json = Record<string, any>;

const whole: Json = JSON.parse(readFileSync(path.join(generatedDir, "openapi.json"), "utf8"));

// The installed package: the tarball unpacked where a program's imports find it.
const project = mkdtempSync(path.join(os.tmpdir(), "service-api-shipped-"));
const installed = path.join(project, "node_modules", "service-api");
const shipped = (file: string) => path.join(installed, file);
beforeAll(() => {
  mkdirSync(installed, { recursive: true });
  run("tar", ["-xzf", inject("packageTarball"), "-C", installed, "--strip-components=1"]);
});
afterAll(() => rmSync(project, { recursive: true, force: true }));

/** What the runtime document may leave out: the prose, titles, and the words for enum values. */
const LEFT_OUT = new Set([...PROSE, "title", "x-enumDescriptions"]);

describe("dist/openapi.json, what validate, the testing entry and verify read", () => {
  let runtime: Json;
  beforeAll(() => {
    runtime = JSON.parse(readFileSync(shipped("dist/openapi.json"), "utf8"));
  });

  it("keeps every key of the whole contract but the prose, and every value the same, examples and defaults whole", () => {
    const leftOut = new Map<string, number>();
    walkObjects(whole, (node: Json, pointer: string) => {
      const twin = resolvePointer(runtime, `#${pointer}`) as Json | undefined;
      if (twin === undefined) {
        // Only inside something left out (an externalDocs object, say).
        expect(pointer.split("/").some((segment) => LEFT_OUT.has(segment)), pointer).toBe(true);
        return;
      }
      for (const [key, value] of Object.entries(node)) {
        if (!(key in twin)) {
          leftOut.set(key, (leftOut.get(key) ?? 0) + 1);
          continue;
        }
        if (value === null || typeof value !== "object" || ["example", "examples", "default", "enum", "const"].includes(key) || key.startsWith("x-")) {
          expect(isDeepStrictEqual(twin[key], value), `${pointer}/${key}`).toBe(true);
        }
      }
    });
    expect([...leftOut.keys()].filter((key) => !LEFT_OUT.has(key))).toEqual([]);
    // The prose the contract has is what went: descriptions, summaries and code samples above all.
    expect(leftOut.get("description")).toBeGreaterThan(1000);
    expect(leftOut.get("x-codeSamples")).toBe([...operationsOf(whole)].length);
  });

  it("keeps the words OpenAPI requires, so it stays a valid document: each answer's description and the title", () => {
    expect(runtime.info).toEqual({ title: whole.info.title, version: whole.info.version, license: whole.info.license, contact: whole.info.contact });
    const answers = [...Object.values(runtime.components.responses ?? {}), ...[...operationsOf<Json, Json>(runtime)].flatMap(({ operation }) => Object.values(operation.responses))] as Json[];
    for (const answer of answers.filter((entry) => entry.$ref === undefined)) expect(typeof answer.description).toBe("string");
  });

  it("keeps every field of every schema, those called description or title too: the API's names are not prose", () => {
    const schemas = Object.entries(whole.components.schemas as Record<string, Json>).filter(([, schema]) => schema.properties !== undefined);
    expect(schemas.filter(([, schema]) => "description" in schema.properties).length).toBeGreaterThan(5);
    for (const [name, schema] of schemas) expect(Object.keys(runtime.components.schemas[name].properties), name).toEqual(Object.keys(schema.properties));
  });

  it("says the same as the whole contract to verify's drift, both ways: no change at all", () => {
    expect(diffDocuments(whole, runtime)).toEqual([]);
    expect(diffDocuments(runtime, whole)).toEqual([]);
  });

  it("is under three fifths of the whole contract's size", () => {
    expect(readFileSync(shipped("dist/openapi.json")).length).toBeLessThan(0.6 * JSON.stringify(whole).length);
  });
});

describe("dist/openapi.full.json.gz, what `service-api mock` publishes", () => {
  it("is the whole contract, prose and all", () => {
    expect(JSON.parse(gunzipSync(readFileSync(shipped("dist/openapi.full.json.gz"))).toString("utf8"))).toEqual(whole);
  });

  it("is loaded by the command alone, found beside it", () => {
    expect(readFileSync(shipped("dist/cli.js"), "utf8")).toContain('new URL("./openapi.full.json.gz", import.meta.url)');
    for (const entry of ["index.js", "index.cjs", "validate.js", "validate.cjs", "testing.js", "testing.cjs"]) {
      expect(readFileSync(shipped(`dist/${entry}`), "utf8"), entry).not.toContain("openapi.full.json.gz");
    }
  });
});

/** Each declaration's comments, by the names that lead to it: the text and the tags, in order. */
function commentsOf(text: string, leaveOut: ReadonlySet<string> = new Set()): Map<string, string[]> {
  const file = ts.createSourceFile("schema.d.ts", text, ts.ScriptTarget.Latest, true);
  const found = new Map<string, string[]>();
  const visit = (node: ts.Node, at: string) => {
    const name = (node as { name?: ts.Node }).name;
    const here = name && (ts.isIdentifier(name) || ts.isStringLiteral(name)) ? `${at}.${name.text}` : at;
    for (const doc of ((node as { jsDoc?: ts.JSDoc[] }).jsDoc ?? [])) {
      const tags = (doc.tags ?? []).filter((tag) => !leaveOut.has(tag.tagName.text)).map((tag) => `@${tag.tagName.text} ${ts.getTextOfJSDocComment(tag.comment) ?? ""}`);
      const said = [ts.getTextOfJSDocComment(doc.comment) ?? "", ...tags].filter((part) => part !== "");
      if (said.length > 0) found.set(here, [...(found.get(here) ?? []), ...said]);
    }
    ts.forEachChild(node, (child) => visit(child, here));
  };
  visit(file, "");
  return found;
}

describe("dist/schema.d.cts, the types", () => {
  let types: string;
  beforeAll(() => {
    types = readFileSync(shipped("dist/schema.d.cts"), "utf8");
  });

  it("has every comment of the generated types, word for word, but the examples", () => {
    const generated = commentsOf(readFileSync(path.join(generatedDir, "schema.d.ts"), "utf8"), new Set(["example"]));
    const ours = commentsOf(types);
    expect(ours.size).toBeGreaterThan(4000);
    expect([...ours.keys()].sort()).toEqual([...generated.keys()].sort());
    for (const [place, comments] of generated) expect(ours.get(place), place).toEqual(comments);
  });

  it("has no example and no indented line", () => {
    expect(types).not.toMatch(/^\*\s*@example\b/m);
    expect(types).not.toMatch(/^[ \t]/m);
    expect(readFileSync(path.join(generatedDir, "schema.d.ts"), "utf8")).toMatch(/^\s*\*\s*@example\b/m);
  });

  it("shows a field's description, its format and its default, and an operation's summary and description, in an editor's hover", () => {
    const source = [
      'import type { components, paths } from "service-api/schema";',
      'declare const token: components["schemas"]["GetTokenResponse"];',
      "token.expires_at;",
      "token.token_type;",
      'type Health = paths["/v1/healthcheck"]["get"];',
      "export type { Health };",
      "",
    ].join("\n");
    const file = path.join(project, "hover.ts");
    writeFileSync(file, source);
    writeFileSync(path.join(project, "package.json"), JSON.stringify({ name: "hover", type: "module" }));
    const options: ts.CompilerOptions = { strict: true, module: ts.ModuleKind.NodeNext, moduleResolution: ts.ModuleResolutionKind.NodeNext, target: ts.ScriptTarget.ES2022, noEmit: true, types: [] };
    const service = ts.createLanguageService({
      getCompilationSettings: () => options,
      getScriptFileNames: () => [file],
      getScriptVersion: () => "1",
      getScriptSnapshot: (name) => (ts.sys.fileExists(name) ? ts.ScriptSnapshot.fromString(ts.sys.readFile(name)!) : undefined),
      getCurrentDirectory: () => project,
      getDefaultLibFileName: ts.getDefaultLibFilePath,
      fileExists: ts.sys.fileExists,
      readFile: ts.sys.readFile,
      directoryExists: ts.sys.directoryExists,
      getDirectories: ts.sys.getDirectories,
    });
    expect(ts.getPreEmitDiagnostics(service.getProgram()!).map((found) => ts.flattenDiagnosticMessageText(found.messageText, "\n"))).toEqual([]);
    const hover = (word: string, nth = 0) => {
      let at = -1;
      for (let index = 0; index <= nth; index++) at = source.indexOf(word, at + 1);
      const info = service.getQuickInfoAtPosition(file, at)!;
      return [ts.displayPartsToString(info.documentation), ...(info.tags ?? []).map((tag) => `@${tag.name} ${ts.displayPartsToString(tag.text)}`)].join("\n");
    };
    const schema = whole.components.schemas.GetTokenResponse;
    expect(hover("expires_at")).toContain(schema.properties.expires_at.description);
    expect(hover("expires_at")).toContain("Format: date-time");
    expect(hover("token_type")).toContain(schema.properties.token_type.description);
    expect(hover("token_type")).toContain("@default bearer");
    expect(hover("GetTokenResponse")).toContain(schema.description);
    const health = whole.paths["/v1/healthcheck"].get;
    expect(hover('get"]')).toContain(health.summary);
    expect(hover('get"]')).toContain(health.description.split("\n")[0]);
  });
});

describe("the shipped files, as CONTRIBUTING tells them", () => {
  it("lists each in its table", () => {
    const guide = readFileSync(path.join(repoRoot, "CONTRIBUTING.md"), "utf8");
    const section = guide.slice(guide.indexOf("### What each shipped file carries"));
    const rows = section.slice(0, section.indexOf("\n\n", section.indexOf("|---"))).split("\n").filter((line) => line.startsWith("| `dist/"));
    expect(rows.map((row) => /^\| `([^`]+)`/.exec(row)![1])).toEqual(["dist/openapi.json", "dist/openapi.full.json.gz", "dist/schema.d.cts", "dist/schema.d.ts"]);
  });
});
