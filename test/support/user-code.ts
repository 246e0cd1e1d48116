// TypeScript written as a user writes it (imports from "service-api" and "service-api/schema"),
// type-checked by `tsc --strict` and run by tsx. tsconfig.user-code.json maps the two entries to
// this repository's sources, so neither step needs a build. Generated programs go to a git-ignored
// scratch folder under .cache/; hand-written ones keep their own tsconfig beside them.
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { runAsync } from "../../scripts/lib/run.mjs";

import { repoRoot } from "../../scripts/lib/paths.mjs";
const bin = (tool: string) => path.join(repoRoot, "node_modules", ".bin", tool);
const baseTsconfig = path.join(repoRoot, "test", "support", "tsconfig.user-code.json");

export interface UserProject {
  readonly dir: string;
  readonly tsconfig: string;
  /** Absolute path of one of the project's files. */
  file(name: string): string;
}

/**
 * Writes `files` into a fresh .cache/<name>/ with a tsconfig that extends the user-code one and
 * lists exactly those files (one tsc program for all of them).
 */
export function writeUserProject(name: string, files: Readonly<Record<string, string>>): UserProject {
  const dir = path.join(repoRoot, ".cache", name);
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  for (const [file, source] of Object.entries(files)) writeFileSync(path.join(dir, file), source);
  const tsconfig = path.join(dir, "tsconfig.json");
  const extendsPath = path.relative(dir, baseTsconfig).split(path.sep).join("/");
  writeFileSync(tsconfig, `${JSON.stringify({ extends: extendsPath, files: Object.keys(files) }, null, 2)}\n`);
  return { dir, tsconfig, file: (file) => path.join(dir, file) };
}

export interface Diagnostic {
  readonly file: string;
  readonly line: number;
  readonly message: string;
}

export interface TypeCheck {
  readonly ok: boolean;
  readonly diagnostics: Diagnostic[];
  /** tsc's whole output, for a failure message. */
  readonly output: string;
  readonly ms: number;
}

/** `tsc -p <tsconfig>`: every error with its file (absolute) and line. */
export async function typeCheck(tsconfig: string): Promise<TypeCheck> {
  const started = performance.now();
  const { status: code, stdout, stderr } = await runAsync(bin("tsc"), ["-p", tsconfig, "--pretty", "false"], { cwd: path.dirname(tsconfig) });
  const output = `${stdout}${stderr}`;
  const diagnostics: Diagnostic[] = [];
  // `file(line,col): error TSnnnn: message`, then indented continuation lines.
  for (const block of output.split(/\n(?=\S)/)) {
    const match = /^(.+?)\((\d+),\d+\): error (TS\d+: [\s\S]*)$/.exec(block.trim());
    if (match) diagnostics.push({ file: path.resolve(path.dirname(tsconfig), match[1]!), line: Number(match[2]), message: match[3]! });
  }
  return { ok: code === 0, diagnostics, output, ms: performance.now() - started };
}

export interface ProgramRun {
  readonly code: number | null;
  readonly stdout: string;
  readonly stderr: string;
  readonly ms: number;
}

/**
 * Runs one file of a user project with tsx (types are not checked here: that is typeCheck's job).
 * The child sees none of this process's SERVICE_* variables, only those in `env`.
 */
export async function runUserProgram(
  tsconfig: string,
  file: string,
  env: Readonly<Record<string, string>>,
  options: { readonly nodeOptions?: readonly string[]; readonly timeoutMs?: number } = {},
): Promise<ProgramRun> {
  const started = performance.now();
  // The program sees only the credentials the test gives it, never this machine's SERVICE_* ones.
  const unset = Object.fromEntries(Object.keys(process.env).filter((name) => name.startsWith("SERVICE_")).map((name) => [name, undefined]));
  const { status: code, stdout, stderr } = await runAsync(bin("tsx"), ["--tsconfig", tsconfig, ...(options.nodeOptions ?? []), file], {
    cwd: path.dirname(file),
    env: { ...unset, ...env },
    timeoutMs: options.timeoutMs ?? 60_000,
  });
  return { code, stdout, stderr, ms: performance.now() - started };
}
