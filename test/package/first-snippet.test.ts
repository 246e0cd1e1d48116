// The README's first snippet in the project a newcomer makes: `npm init -y`, `tsc --init`, the
// packed tarball installed, the snippet pasted into index.ts. As made, it does not compile (a
// CommonJS package, and no Node types: `tsc --init` lists none); with the settings the README
// states just below the snippet, applied as it words them, it compiles with no error. The
// TypeScript is the repository's (a newcomer's `npm i -D typescript`), @types/node likewise,
// packed from node_modules so that the install stays offline. (That the snippet runs against a
// mock: test/contract/readme-examples.test.ts.)
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, inject, it } from "vitest";
import { installOffline } from "../../scripts/lib/pack.mjs";
import { repoRoot } from "../../scripts/lib/paths.mjs";
import { run } from "../../scripts/lib/run.mjs";
import { readUserDoc } from "../../scripts/lib/user-docs.mjs";

const readme = readUserDoc("README.md");
const snippetStart = readme.indexOf("```ts\n") + "```ts\n".length;
const snippetEnd = readme.indexOf("```\n", snippetStart);
const snippet = readme.slice(snippetStart, snippetEnd);
/** The paragraph right after the snippet: where a newcomer reads what their project needs. */
const note = readme.slice(snippetEnd + 4).trim().split("\n\n")[0]!;

const tsc = path.join(repoRoot, "node_modules", "typescript", "bin", "tsc");
const project = mkdtempSync(path.join(os.tmpdir(), "service-api-first-snippet-"));
afterAll(() => rmSync(project, { recursive: true, force: true }));

/** `tsc` over the project as configured: every error it reports (file and code), and its exit status. */
function compile(): { errors: string[]; status: number | null } {
  const result = run(process.execPath, [tsc, "-p", "tsconfig.json", "--noEmit", "--pretty", "false"], { cwd: project, check: false });
  const errors = [...`${result.stdout}${result.stderr}`.matchAll(/^(?:(\S+?)\(\d+,\d+\): )?error (TS\d+)/gm)].map((match) => `${match[1] ?? "tsc"} ${match[2]}`);
  return { errors, status: result.status };
}

/** Tarballs of @types/node and what it depends on, from the repository's install. */
function nodeTypesTarballs(): string[] {
  const names = ["@types/node", ...Object.keys(JSON.parse(readFileSync(path.join(repoRoot, "node_modules", "@types", "node", "package.json"), "utf8")).dependencies ?? {})];
  const packed = JSON.parse(run("npm", ["pack", ...names.map((name) => path.join(repoRoot, "node_modules", name)), "--ignore-scripts", "--json", "--pack-destination", project], { cwd: project }).stdout);
  return packed.map((info: { filename: string }) => path.join(project, info.filename));
}

describe("the README's first snippet, in a project made by npm init -y and tsc --init", { timeout: 180_000 }, () => {
  it("says, just below the snippet, what such a project needs", () => {
    expect(snippet).toContain('from "service-api"');
    expect(snippet).toContain("process.env.SERVICE_API_KEY");
    expect(snippet).toContain("await unwrap("); // at the top level: no function around it
    expect(snippet).not.toMatch(/\basync\b/);
    for (const words of ["`npm init -y`", "`tsc --init`", "`npm pkg set type=module`", "`npm i -D @types/node`", '`"types": ["node"]`', "(`tsc --init` writes `[]`)"]) expect(note).toContain(words);
  });

  it("does not compile as made, and compiles with no error under the settings the README states", () => {
    run("npm", ["init", "-y"], { cwd: project });
    run(process.execPath, [tsc, "--init"], { cwd: project });
    writeFileSync(path.join(project, "index.ts"), snippet);
    installOffline(project, [inject("packageTarball"), ...inject("packageDependencyTarballs")]);
    // `npm i -D @types/node`, offline.
    run("npm", ["install", "--offline", "--no-audit", "--no-fund", "--ignore-scripts", "--save-dev", ...nodeTypesTarballs()], { cwd: project });

    // As made: npm init writes a CommonJS package, and tsc --init lists no types.
    const tsconfigFile = path.join(project, "tsconfig.json");
    const tsconfig = readFileSync(tsconfigFile, "utf8");
    expect(tsconfig).toMatch(/^\s*"types": \[\],$/m);
    const asMade = compile();
    expect(asMade.status).not.toBe(0);
    expect(asMade.errors).toContain("index.ts TS1309"); // top-level await in a CommonJS file
    expect(asMade.errors).toContain("index.ts TS2591"); // no `process`: Node's types are not listed

    // The README's settings, as it words them.
    run("npm", ["pkg", "set", "type=module"], { cwd: project });
    writeFileSync(tsconfigFile, tsconfig.replace(/^(\s*)"types": \[\],$/m, '$1"types": ["node"],'));
    expect(JSON.parse(readFileSync(path.join(project, "package.json"), "utf8"))).toMatchObject({ type: "module", devDependencies: { "@types/node": expect.any(String) } });
    expect(compile()).toEqual({ errors: [], status: 0 });
    // The strict settings tsc --init writes stay on: the snippet compiles under them, not around them.
    for (const setting of ['"strict": true', '"exactOptionalPropertyTypes": true', '"noUncheckedIndexedAccess": true', '"verbatimModuleSyntax": true']) expect(tsconfig).toContain(setting);
  });
});
