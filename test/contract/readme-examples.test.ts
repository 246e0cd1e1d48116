// The TypeScript examples of the README and of each guide under docs/, as printed: every ```ts
// block is compiled by `tsc --strict` as user code and run against the Prism mock. Within one
// document, blocks build on earlier ones (the client, the project), so they are joined in order
// into one program; a block that declares a name again (the mock section's own `client`) starts
// the next program. Each document's programs are its own: a guide never leans on the README's
// code. The examples name their own addresses (https://api.acme.example, http://127.0.0.1:4010):
// a preloaded fetch sends those to the mock, and the code itself is not changed.
import path from "node:path";
import { beforeAll, describe, expect, inject, it } from "vitest";
import { runUserProgram, typeCheck, writeUserProject, type ProgramRun, type TypeCheck } from "../support/user-code.js";

const prismUrl = inject("prismUrl");
import { repoRoot } from "../../scripts/lib/paths.mjs";
import { readUserDoc, userDocs } from "../../scripts/lib/user-docs.mjs";
const redirectOrigins = path.join(repoRoot, "test", "support", "redirect-origins.mjs");
const EXAMPLE_ORIGINS = ["https://api.acme.example", "http://127.0.0.1:4010"];

interface Block {
  /** The document it is printed in: `README.md`, `docs/client.md`. */
  readonly doc: string;
  /** Line of the block's first line of code in its document. */
  readonly line: number;
  readonly code: string;
}

/** Every ```ts block, its indentation (inside a list item) removed. */
function tsBlocks(doc: string, markdown: string): Block[] {
  const blocks: Block[] = [];
  const lines = markdown.split("\n");
  for (let i = 0; i < lines.length; i++) {
    const open = /^(\s*)```ts\s*$/.exec(lines[i]!);
    if (!open) continue;
    const indent = open[1]!.length;
    const body: string[] = [];
    let j = i + 1;
    for (; j < lines.length && !/^\s*```\s*$/.test(lines[j]!); j++) body.push(lines[j]!.slice(Math.min(indent, lines[j]!.search(/\S|$/))));
    blocks.push({ doc, line: i + 2, code: body.join("\n") });
    i = j;
  }
  return blocks;
}

/** Names a block declares or imports at its top level. */
function declaredNames(code: string): string[] {
  const names: string[] = [];
  for (const match of code.matchAll(/^(?:export\s+)?(?:const|let|var|function|class|type|interface)\s+(\{[^}]*\}|\w+)/gm)) {
    names.push(...match[1]!.replace(/[{}]/g, "").split(",").map((name) => name.split(":").pop()!.trim()).filter(Boolean));
  }
  for (const match of code.matchAll(/^import\s+(?:type\s+)?\{([^}]*)\}/gm)) {
    names.push(...match[1]!.split(",").map((name) => name.replace(/^\s*type\s+/, "").split(/\s+as\s+/).pop()!.trim()).filter(Boolean));
  }
  return names;
}

interface Program {
  readonly file: string;
  readonly blocks: Block[];
  readonly source: string;
  /** Program line → the document's line it came from. */
  readonly docLine: Map<number, number>;
}

/** Blocks joined in order; a block that would redeclare a name, or opens another document, starts a new program. */
function programsOf(blocks: Block[]): Program[] {
  const groups: Block[][] = [];
  let declared = new Set<string>();
  for (const block of blocks) {
    const names = declaredNames(block.code);
    if (groups.length === 0 || groups.at(-1)![0]!.doc !== block.doc || names.some((name) => declared.has(name))) {
      groups.push([]);
      declared = new Set();
    }
    groups.at(-1)!.push(block);
    for (const name of names) declared.add(name);
  }
  return groups.map((group, index) => {
    const out = [`// The TypeScript examples of ${group[0]!.doc} at lines ${group.map((b) => b.line).join(", ")}, as printed.`];
    const docLine = new Map<number, number>();
    for (const block of group) {
      // Each marker says the blocks before it ran to the end.
      out.push(`console.log("${block.doc} block at line ${block.line}");`);
      block.code.split("\n").forEach((text, offset) => {
        out.push(text);
        docLine.set(out.length, block.line + offset);
      });
    }
    out.push('console.log("examples: done");', "");
    return { file: `readme-${index + 1}.ts`, blocks: group, source: out.join("\n"), docLine };
  });
}

const blocks = userDocs().flatMap((doc) => tsBlocks(doc, readUserDoc(doc)));
const programs = programsOf(blocks);
let compiled: TypeCheck;
const runs = new Map<string, ProgramRun>();
let projectFile: (name: string) => string;

beforeAll(async () => {
  const project = writeUserProject("typed-usage/readme", Object.fromEntries(programs.map((p) => [p.file, p.source])));
  projectFile = project.file;
  const origins = JSON.stringify(Object.fromEntries(EXAMPLE_ORIGINS.map((origin) => [origin, prismUrl])));
  const env = { SERVICE_API_KEY: "readme-example-key", SERVICE_TEST_ORIGINS: origins };
  const started = typeCheck(project.tsconfig);
  for (const program of programs) {
    runs.set(program.file, await runUserProgram(project.tsconfig, project.file(program.file), env, { nodeOptions: ["--import", redirectOrigins] }));
  }
  compiled = await started;
}, 120_000);

describe("the TypeScript examples of the README and the guides", () => {
  it("has examples to check, in more than one program (one redeclares the client), the README's first among them", () => {
    expect(blocks.length).toBeGreaterThanOrEqual(8);
    expect(programs.length).toBeGreaterThanOrEqual(2);
    expect(blocks[0]!.doc).toBe("README.md");
  });

  it("shows a first call, with its error handling, on the README's first screen (40 lines)", () => {
    const first = blocks[0]!;
    const lastLine = first.line + first.code.split("\n").length - 1;
    expect(lastLine).toBeLessThanOrEqual(40);
    expect(first.code).toMatch(/client\.(GET|POST)\(/);
    expect(first.code).toContain("catch");
  });

  const cases = programs.flatMap((program) => program.blocks.map((block) => [`${block.doc} line ${block.line}`, program, block] as const));

  it.each(cases)("the block at %s compiles under tsc --strict", (_name, program, block) => {
    const lines = block.code.split("\n").length;
    const errors = compiled.diagnostics
      .filter((d) => d.file === projectFile(program.file))
      .map((d) => ({ docLine: program.docLine.get(d.line), message: d.message }))
      .filter(({ docLine }) => docLine !== undefined && docLine >= block.line && docLine < block.line + lines)
      .map(({ docLine, message }) => `${block.doc} line ${docLine}: ${message}`);
    expect(errors).toEqual([]);
  });

  it.each(programs.map((program) => [program.file, program] as const))("%s compiles with nothing outside the documents' code", (file) => {
    const stray = compiled.diagnostics.filter((d) => d.file === projectFile(file) && ![...programs].find((p) => p.file === file)!.docLine.has(d.line));
    expect(stray.map((d) => `line ${d.line}: ${d.message}`)).toEqual([]);
  });

  it.each(cases)("the block at %s runs against the mock", (_name, program, block) => {
    const run = runs.get(program.file)!;
    const next = program.blocks[program.blocks.indexOf(block) + 1];
    const finished = next ? `${next.doc} block at line ${next.line}` : "examples: done";
    expect(run.stdout, `the program stopped in this block:\n${run.stderr}`).toContain(`${finished}\n`);
  });

  it.each(programs.map((program) => [program.file] as const))("%s exits cleanly", (file) => {
    const run = runs.get(file)!;
    expect(run.stderr).toBe("");
    expect(run.code).toBe(0);
  });
});
