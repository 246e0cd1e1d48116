// `@ts-expect-error` proves that a line fails to compile, not why. This compiles mistakes.test-d.ts
// with its directives turned into plain comments and checks, for each one, that tsc reports an
// error on the line below it whose text contains the fragment the directive quotes in backticks:
// a misspelt field must fail as a misspelt field, not because of some other slip on that line.
import { readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import ts from "typescript";
import { beforeAll, describe, expect, it } from "vitest";

const here = path.dirname(fileURLToPath(import.meta.url));
import { repoRoot } from "../../scripts/lib/paths.mjs";
const file = path.join(here, "mistakes.test-d.ts");
const DIRECTIVE = "// @ts-expect-error";

interface Mistake {
  /** 1-based line of the directive; the mistake is on the next line. */
  readonly line: number;
  readonly what: string;
  readonly fragment: string | undefined;
}

const source = readFileSync(file, "utf8");
const mistakes: Mistake[] = source.split("\n").flatMap((text, index) => {
  const at = text.indexOf(DIRECTIVE);
  if (at === -1) return [];
  const note = text.slice(at + DIRECTIVE.length).trim();
  return [{ line: index + 1, what: note.replace(/\s*\(`[^`]*`\)\s*$/, ""), fragment: /`([^`]+)`/.exec(note)?.[1] }];
});

/**
 * Mistakes tsc refuses for another reason than the one they stand for, with why. Each is an
 * `it.fails`: it turns red when the types start giving the right reason, so it can move back.
 */
const WRONG_REASON_TODAY: ReadonlyMap<string, string> = new Map();

/** Errors per line of the file compiled without its directives (the repository's tsconfig). */
let errorsByLine: Map<number, string[]>;

beforeAll(() => {
  const config = ts.getParsedCommandLineOfConfigFile(path.join(repoRoot, "tsconfig.json"), {}, {
    ...ts.sys,
    onUnRecoverableConfigFileDiagnostic: (diagnostic) => {
      throw new Error(ts.flattenDiagnosticMessageText(diagnostic.messageText, "\n"));
    },
  })!;
  // Same length, so line numbers stay put.
  const withoutDirectives = source.replaceAll(DIRECTIVE, "// @ts-expect-no".padEnd(DIRECTIVE.length, "-"));
  const host = ts.createCompilerHost(config.options);
  const readFile = host.readFile.bind(host);
  host.readFile = (name) => (path.resolve(name) === file ? withoutDirectives : readFile(name));
  const program = ts.createProgram([file], config.options, host);
  errorsByLine = new Map();
  for (const diagnostic of ts.getPreEmitDiagnostics(program)) {
    if (!diagnostic.file || path.resolve(diagnostic.file.fileName) !== file || diagnostic.start === undefined) continue;
    const line = diagnostic.file.getLineAndCharacterOfPosition(diagnostic.start).line + 1;
    errorsByLine.set(line, [...(errorsByLine.get(line) ?? []), ts.flattenDiagnosticMessageText(diagnostic.messageText, " ")]);
  }
}, 60_000);

describe("each mistake in mistakes.test-d.ts is an error for its own reason", () => {
  it("quotes the reason for every one of its mistakes", () => {
    expect(mistakes.length).toBeGreaterThanOrEqual(25);
    expect(mistakes.filter((m) => m.fragment === undefined).map((m) => `line ${m.line}: ${m.what}`)).toEqual([]);
  });

  it("has no error except on the lines of its mistakes (the correct calls compile)", () => {
    const expected = new Set(mistakes.map((m) => m.line + 1));
    const stray = [...errorsByLine].filter(([line]) => !expected.has(line)).map(([line, errors]) => `line ${line}: ${errors.join(" / ")}`);
    expect(stray).toEqual([]);
  });

  const lines = source.split("\n");
  for (const mistake of mistakes) {
    const code = lines[mistake.line]!.trim();
    const title = `line ${mistake.line + 1}: ${mistake.what}`;
    const check = () => {
      const errors = errorsByLine.get(mistake.line + 1) ?? [];
      expect(errors.some((error) => error.includes(mistake.fragment!)), `tsc says: ${errors.join(" / ") || "(nothing)"}`).toBe(true);
    };
    const known = WRONG_REASON_TODAY.get(code);
    if (known) it.fails(`${title} — wrong reason today: ${known}`, check);
    else it(title, check);
  }
});
