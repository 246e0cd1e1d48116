// Packs the packages as `npm publish` would, without running lifecycle scripts: `service-api`
// (the caller makes sure dist/ is built) and its companion `service-api-contract` (staged here
// from generated/); tells whether the build is older than its sources; and installs tarballs
// into a project the way a user's npm would, offline.
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, existsSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { CONTRACT_PACKAGE_DIR, stageContract } from "./contract-package.mjs";
import { repoRoot } from "./paths.mjs";
import { run } from "./run.mjs";

/** @typedef {{ tarball: string, dir: string, files: { path: string, size: number }[], size: number, unpackedSize: number }} Packed */

/** `npm pack` of the package in `packageDir` into `destination`. @returns {Packed} */
function pack(packageDir, destination) {
  const result = run("npm", ["pack", packageDir, "--ignore-scripts", "--json", "--pack-destination", destination], { cwd: repoRoot });
  const [info] = JSON.parse(result.stdout);
  return {
    tarball: path.join(destination, info.filename),
    dir: destination,
    files: info.files.map(({ path: file, size }) => ({ path: file, size })),
    size: info.size,
    unpackedSize: info.unpackedSize,
  };
}

/** The `service-api` tarball, and its runtime dependencies' beside it. @returns {Packed & { dependencies: string[] }} */
export function packTarball(destination = mkdtempSync(path.join(os.tmpdir(), "service-api-pack-"))) {
  return { ...pack(".", destination), dependencies: packRuntimeDependencies(destination) };
}

/** The `service-api-contract` tarball, its editions staged from generated/ first. @returns {Packed} */
export function packContract(destination = mkdtempSync(path.join(os.tmpdir(), "service-api-contract-pack-"))) {
  stageContract();
  // "./": a bare "packages/contract" would be read as a GitHub repository.
  return pack(`./${path.relative(repoRoot, CONTRACT_PACKAGE_DIR)}`, destination);
}

/** Where `.ci/run` packs both tarballs once for the whole run (scripts/pack.mjs). */
export const PACKED_ENV = "SERVICE_API_PACKED";

/** What the packed tarballs were made from: dist/ as built and the editions the companion ships. */
function packInputs() {
  return ["dist/index.js", "generated/openapi.json", "generated/openapi.dereferenced.json"].map((file) => {
    const full = path.join(repoRoot, file);
    return existsSync(full) ? statSync(full).mtimeMs : 0;
  });
}

/** Packs both packages into `destination` and notes there what they were packed from. */
export function packBoth(destination) {
  mkdirSync(destination, { recursive: true });
  const packed = { client: packTarball(destination), contract: packContract(destination), inputs: packInputs() };
  writeFileSync(path.join(destination, "packed.json"), JSON.stringify(packed, null, 2));
  return packed;
}

/**
 * Both tarballs, built first if dist/ is stale. Under `.ci/run` they were packed once into
 * $SERVICE_API_PACKED, and every later check and test reads them there, unless the build or the
 * editions changed since (then they are packed again: a stale tarball would test old code).
 * Elsewhere they are packed into a scratch folder; `remove` deletes what this call made.
 * @returns {{ client: Packed & { dependencies: string[] }, contract: Packed, remove: () => void }}
 */
export function packedPackages() {
  const rebuilt = ensureBuilt();
  const shared = process.env[PACKED_ENV];
  const manifest = shared && path.join(shared, "packed.json");
  if (manifest && !rebuilt && existsSync(manifest)) {
    const packed = JSON.parse(readFileSync(manifest, "utf8"));
    if (JSON.stringify(packed.inputs) === JSON.stringify(packInputs())) return { ...packed, remove: () => {} };
  }
  const destination = mkdtempSync(path.join(os.tmpdir(), "service-api-pack-"));
  return { ...packBoth(destination), remove: () => rmSync(destination, { recursive: true, force: true }) };
}

/**
 * `npm install` of `tarballs` (a package's, then its dependencies') into `project`, offline, with
 * no lifecycle scripts and no lockfile: what a user's install writes, and nothing fetched.
 */
export function installOffline(project, tarballs) {
  run("npm", ["install", "--offline", "--no-audit", "--no-fund", "--ignore-scripts", "--no-package-lock", ...tarballs], { cwd: project });
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
  for (const file of ["generated/openapi.json", "generated/operations.ts", "generated/schema.d.ts", "tsup.config.ts", "tsconfig.build.json", "package.json"]) {
    newest = Math.max(newest, statSync(path.join(repoRoot, file)).mtimeMs);
  }
  return newest;
}

/**
 * Makes what the `service-api` tarball ships: runs `npm run build` unless dist/ exists and is
 * newer than every source it is built from (the contract included: dist/openapi.json is its
 * minified copy).
 * @returns {boolean} whether it built
 */
export function ensureBuilt({ force = false } = {}) {
  const marker = path.join(repoRoot, "dist", "index.js");
  if (!force && existsSync(marker) && statSync(marker).mtimeMs >= newestSource()) return false;
  run("npm", ["run", "--silent", "build"]);
  return true;
}
