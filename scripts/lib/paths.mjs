// Where things live, resolved from this file so scripts work from any working directory.
import { fileURLToPath } from "node:url";
import path from "node:path";

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
export const specRoot = path.join(repoRoot, "openapi", "openapi.yaml");
export const generatedDir = path.join(repoRoot, "generated");
export const binDir = path.join(repoRoot, "node_modules", ".bin");

/** `--out <dir>` lets check-drift regenerate into a scratch folder; the default is generated/. */
export function outDirFromArgs(argv = process.argv.slice(2)) {
  const at = argv.indexOf("--out");
  if (at === -1) return generatedDir;
  const dir = argv[at + 1];
  if (!dir) throw new Error("--out needs a folder, e.g. --out /tmp/generated");
  return path.resolve(dir);
}
