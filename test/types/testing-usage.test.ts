// service-api/testing as users write their tests with it: the programs in testing-programs/, one
// per point of the entry's promise (typed handlers, default answers, request checks, answer
// checks, recorded calls and a short key's, examples), each compiled by `tsc --strict` with no
// casts and then run; and mistakes.ts, whose every `// error:` line must fail to compile for the reason it quotes.
import { readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { beforeAll, describe, expect, it } from "vitest";
import { runUserProgram, typeCheck, type TypeCheck } from "../support/user-code.js";

const dir = path.join(path.dirname(fileURLToPath(import.meta.url)), "testing-programs");
const tsconfig = path.join(dir, "tsconfig.json");
// Each with the environment it runs in: short-key.ts is the newcomer's shell, SERVICE_API_KEY=k.
const PROGRAMS: readonly (readonly [string, string, Readonly<Record<string, string>>])[] = [
  ["typed-handlers", "typed handlers: ok", {}],
  ["default-answers", "default answers: ok", {}],
  ["request-checks", "request checks: ok", {}],
  ["answer-checks", "answer checks: ok", {}],
  ["recorded-calls", "recorded calls: ok", {}],
  ["short-key", "short key: ok", { SERVICE_API_KEY: "k" }],
  ["examples", "examples: ok", {}],
];

let compiled: TypeCheck;
beforeAll(async () => {
  compiled = await typeCheck(tsconfig);
}, 60_000);

const errorsIn = (file: string) => compiled.diagnostics.filter((d) => d.file === path.join(dir, file));

describe("service-api/testing in a user's typed tests", () => {
  it.each(PROGRAMS)("%s.ts compiles under tsc --strict and runs", async (name, last, env) => {
    expect(errorsIn(`${name}.ts`).map((d) => `line ${d.line}: ${d.message}`)).toEqual([]);
    expect(readFileSync(path.join(dir, `${name}.ts`), "utf8")).not.toMatch(/\bas (any|unknown)\b|<any>/);
    const run = await runUserProgram(tsconfig, path.join(dir, `${name}.ts`), env, { timeoutMs: 30_000 });
    expect(run.stderr).toBe("");
    expect(run.stdout).toBe(`${last}\n`);
    expect(run.code).toBe(0);
  });

  const source = readFileSync(path.join(dir, "mistakes.ts"), "utf8").split("\n");
  const mistakes = source.flatMap((text, index) => {
    const quoted = /\/\/ error: `([^`]+)`/.exec(text);
    return quoted ? [[`line ${index + 2}`, index + 2, quoted[1]!] as const] : [];
  });

  it("has the four mistakes the issues name: an unknown key, a wrong answer body type, a status the operation does not declare, an unknown schema name", () => {
    expect(mistakes).toHaveLength(4);
  });

  it.each(mistakes)("mistakes.ts %s fails to compile for the reason quoted above it", (_name, line, fragment) => {
    const here = errorsIn("mistakes.ts").filter((d) => d.line === line);
    expect(here.map((d) => d.message).join("\n")).toContain(fragment);
  });

  it("mistakes.ts fails nowhere else", () => {
    const lines = new Set(mistakes.map(([, line]) => line));
    expect(errorsIn("mistakes.ts").filter((d) => !lines.has(d.line)).map((d) => `line ${d.line}: ${d.message}`)).toEqual([]);
  });
});
