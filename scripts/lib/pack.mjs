// Packs the package as `npm publish` would, without running lifecycle scripts (the caller makes
// sure dist/ is built), and tells whether the build is older than its sources.
import { mkdtempSync, readdirSync, readFileSync, statSync, existsSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { ensureUncommittedOutputs } from "./build-steps.mjs";
import { repoRoot } from "./paths.mjs";
import { run } from "./run.mjs";

/** @returns {{ tarball: string, dependencies: string[], dir: string, files: { path: string, size: number }[], size: number, unpackedSize: number }} */
export function packTarball(destination = mkdtempSync(path.join(os.tmpdir(), "service-api-pack-"))) {
  const result = run("npm", ["pack", "--ignore-scripts", "--json", "--pack-destination", destination]);
  const [info] = JSON.parse(result.stdout);
  return {
    tarball: path.join(destination, info.filename),
    dependencies: packRuntimeDependencies(destination),
    dir: destination,
    files: info.files.map(({ path: file, size }) => ({ path: file, size })),
    size: info.size,
    unpackedSize: info.unpackedSize,
  };
}

/**
 * Packs the package's runtime dependencies (and theirs) from the repository's node_modules, so a
 * consumer can install the tarball offline on a machine whose npm cache holds only what `npm ci`
 * fetched: tarballs, not the registry metadata that resolving a version range needs.
 */
function packRuntimeDependencies(destination) {
  const tarballs = [];
  const seen = new Set();
  const visit = (manifestPath) => {
    const manifest = JSON.parse(readFileSync(manifestPath, "utf8"));
    for (const name of Object.keys(manifest.dependencies ?? {})) {
      if (seen.has(name)) continue;
      seen.add(name);
      const dir = path.join(repoRoot, "node_modules", name);
      const result = run("npm", ["pack", dir, "--ignore-scripts", "--json", "--pack-destination", destination], { cwd: destination });
      tarballs.push(path.join(destination, JSON.parse(result.stdout)[0].filename));
      visit(path.join(dir, "package.json"));
    }
  };
  visit(path.join(repoRoot, "package.json"));
  return tarballs;
}

/** Newest modification time of the files the build reads. */
function newestSource() {
  let newest = 0;
  const walk = (dir) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else newest = Math.max(newest, statSync(full).mtimeMs);
    }
  };
  walk(path.join(repoRoot, "src"));
  for (const file of ["generated/operations.ts", "generated/schema.d.ts", "tsup.config.ts", "tsconfig.build.json", "package.json"]) {
    newest = Math.max(newest, statSync(path.join(repoRoot, file)).mtimeMs);
  }
  return newest;
}

/**
 * Makes what the tarball ships: builds the generated files that are not committed (the
 * dereferenced edition: missing on a fresh clone) and runs `npm run build` unless dist/ exists
 * and is newer than every source it is built from.
 * @returns {boolean} whether anything was built
 */
export function ensureBuilt({ force = false } = {}) {
  const builtOutputs = ensureUncommittedOutputs().length > 0;
  const marker = path.join(repoRoot, "dist", "index.js");
  if (!force && existsSync(marker) && statSync(marker).mtimeMs >= newestSource()) return builtOutputs;
  run("npm", ["run", "--silent", "build"]);
  return true;
}
