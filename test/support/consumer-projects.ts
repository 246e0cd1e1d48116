// Shared by the consumer tests: install the packed tarball into a copy of a consumer project.
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, inject } from "vitest";
import { installOffline } from "../../scripts/lib/pack.mjs";
import { repoRoot } from "../../scripts/lib/paths.mjs";
import { run as runCommand } from "../../scripts/lib/run.mjs";

const tsc = path.join(repoRoot, "node_modules", "typescript", "bin", "tsc");
const consumersDir = path.join(repoRoot, "test", "consumers");
const scratch: string[] = [];
afterAll(() => {
  for (const dir of scratch) rmSync(dir, { recursive: true, force: true });
});

/** Runs a command in a consumer's directory; its standard output, or an error quoting all its output. */
export function run(command: string, args: string[], options: { cwd: string; env?: Record<string, string | undefined> }) {
  return runCommand(command, args, options).stdout;
}

/**
 * The folder of shared/ a consumer takes its program from. The two TypeScript consumers are one
 * program under two module resolutions; the two JavaScript ones each load the package their own
 * way and hand it to the same checks. Kept once, so a check added for one shape is made by both.
 */
const SHARED: Record<string, string> = {
  "ts-nodenext": "typescript",
  "ts-bundler": "typescript",
  "esm-js": "javascript",
  "cjs-js": "javascript",
};

/** Copies a consumer (and what it shares) to a temporary directory and installs the tarball there, offline. */
export function installConsumer(name: string): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), `service-api-consumer-${name}-`));
  scratch.push(dir);
  cpSync(path.join(consumersDir, name), dir, { recursive: true });
  const shared = SHARED[name];
  if (shared) cpSync(path.join(consumersDir, "shared", shared), dir, { recursive: true });
  // The consumer's TypeScript is the repository's; @types/node likewise, for the Node shapes.
  const tsconfig = path.join(dir, "tsconfig.json");
  try {
    const config = JSON.parse(readFileSync(tsconfig, "utf8"));
    config.compilerOptions.typeRoots = [path.join(repoRoot, "node_modules", "@types")];
    writeFileSync(tsconfig, JSON.stringify(config, null, 2));
  } catch {
    // JavaScript consumers have no tsconfig
  }
  installOffline(dir, [inject("packageTarball"), ...inject("packageDependencyTarballs")]);
  return dir;
}

export function typecheck(dir: string) {
  run(process.execPath, [tsc, "-p", path.join(dir, "tsconfig.json")], { cwd: dir });
}

/**
 * The file an installed package's export gives under the "import" condition, as a path from the
 * consumer's directory ("/node_modules/service-api/dist/index.js"): what a browser's import map
 * or a bundler resolving the exports map for ES modules should load.
 */
export function esmEntry(dir: string, name: string, subpath = "."): string {
  const pkg = JSON.parse(readFileSync(path.join(dir, "node_modules", name, "package.json"), "utf8"));
  const entry = pkg.exports[subpath];
  const target = typeof entry.import === "string" ? entry.import : entry.import.default;
  return `/node_modules/${name}/${target.replace(/^\.\//, "")}`;
}
