// What installing the client costs a user: npm installs the packed tarball into a fresh project
// and every file it writes under node_modules is counted, unpacked, whoever brought it. Offline:
// the dependencies come from tarballs packed beside it from the repository's node_modules
// (scripts/lib/pack.mjs), so they are the lockfile's versions, file for file what the registry
// serves. Used by scripts/check-install-size.mjs and test/package/install-size.test.ts.
import { lstatSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { installOffline } from "./pack.mjs";

/**
 * The budget, in bytes (6 MB as npm counts: 10^6 bytes a megabyte). The client needs openapi-fetch
 * at run time, validate and verify need the JSON Schema engine and the contract's JSON; the
 * other editions are the companion package's, and the schema types ship once.
 */
export const INSTALL_BUDGET = 6_000_000;

/** How many packages and files the report lists. */
const SHOWN = 8;

/** The package a file belongs to (its path from node_modules): the one whose folder is nearest. */
function packageOf(file) {
  const parts = ["node_modules", ...file.split(path.sep)];
  const at = parts.lastIndexOf("node_modules");
  const end = at + (parts[at + 1]?.startsWith("@") ? 3 : 2);
  return parts.length > end ? parts.slice(at + 1, end).join("/") : "(npm's own files)";
}

/**
 * Installs `tarballs` (the package first, then its dependencies' tarballs) into a fresh project
 * and measures node_modules.
 * @param {string[]} tarballs
 * @returns {{ total: number, packages: { name: string, bytes: number }[], files: { path: string, bytes: number }[] }} largest first
 */
export function measureInstall(tarballs) {
  const project = mkdtempSync(path.join(os.tmpdir(), "service-api-install-size-"));
  try {
    writeFileSync(path.join(project, "package.json"), JSON.stringify({ name: "install-size-probe", version: "1.0.0", private: true }));
    installOffline(project, tarballs);
    const root = path.join(project, "node_modules");
    const files = [];
    const walk = (dir) => {
      for (const entry of readdirSync(dir, { withFileTypes: true })) {
        const full = path.join(dir, entry.name);
        if (entry.isDirectory()) walk(full);
        // Symbolic links (node_modules/.bin) are not counted: what they point to is.
        else if (entry.isFile()) files.push({ path: path.relative(root, full), bytes: lstatSync(full).size });
      }
    };
    walk(root);
    const byPackage = new Map();
    for (const file of files) {
      const name = packageOf(file.path);
      byPackage.set(name, (byPackage.get(name) ?? 0) + file.bytes);
    }
    return {
      total: files.reduce((sum, file) => sum + file.bytes, 0),
      packages: [...byPackage].map(([name, bytes]) => ({ name, bytes })).sort((a, b) => b.bytes - a.bytes),
      files: files.sort((a, b) => b.bytes - a.bytes),
    };
  } finally {
    rmSync(project, { recursive: true, force: true });
  }
}

const megabytes = (bytes) => `${(bytes / 1_000_000).toFixed(2)} MB`;

/**
 * The measurement in words, and whether it is within `budget`. The biggest packages and files
 * are always listed: over budget, they say where to look.
 * @param {ReturnType<typeof measureInstall>} measured
 * @returns {{ ok: boolean, lines: string[] }}
 */
export function installReport(measured, budget = INSTALL_BUDGET) {
  const ok = measured.total <= budget;
  const verdict = ok ? `ok, ${megabytes(budget - measured.total)} to spare` : `OVER by ${megabytes(measured.total - budget)}`;
  return {
    ok,
    lines: [
      `install size: ${megabytes(measured.total)} unpacked (${measured.packages.length} packages, ${measured.files.length} files) / budget ${megabytes(budget)}: ${verdict}`,
      "  biggest packages:",
      ...measured.packages.slice(0, SHOWN).map(({ name, bytes }) => `    ${megabytes(bytes).padStart(9)}  ${name}`),
      "  biggest files:",
      ...measured.files.slice(0, SHOWN).map(({ path: file, bytes }) => `    ${megabytes(bytes).padStart(9)}  node_modules/${file}`),
    ],
  };
}
