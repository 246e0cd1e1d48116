// Package checks (CI): builds if needed, packs the tarball exactly as `npm publish` would, then
// 1. asserts its file list (what users need, no tests, no spec sources, nothing secret-looking),
// 2. runs publint (strict) and 3. Are The Types Wrong (attw) on that tarball.
// `--keep <dir>` leaves the tarball there (the consumer tests install it).
import { run } from "./lib/run.mjs";
import { readFileSync, rmSync } from "node:fs";
import path from "node:path";
import { checkPackageContents } from "./lib/package-contents.mjs";
import { ensureBuilt, packTarball } from "./lib/pack.mjs";
import { binDir, repoRoot } from "./lib/paths.mjs";

const TEXT = /\.(js|cjs|ts|cts|json|yaml|md)$/;
let failed = false;

if (ensureBuilt()) console.log("check-package: dist/ or an uncommitted generated file was missing or stale, rebuilt it");
const pack = packTarball();
try {
  const kib = (n) => `${(n / 1024).toFixed(1)} KiB`;
  console.log(`check-package: ${path.basename(pack.tarball)}, ${pack.files.length} files, ${kib(pack.size)} packed, ${kib(pack.unpackedSize)} unpacked`);
  const problems = checkPackageContents(
    pack.files.map((f) => f.path),
    (file) => (TEXT.test(file) ? readFileSync(path.join(repoRoot, file), "utf8") : undefined),
  );
  if (problems.length > 0) {
    failed = true;
    console.error(`contents: ${problems.length} problem(s)\n- ${problems.join("\n- ")}`);
  } else console.log("contents: ok");

  // publint: the package.json fields against the files that really ship. --strict: warnings fail.
  failed = !check("publint", ["run", pack.tarball, "--strict", "--pack", "false"]) || failed;

  // attw: types resolve, and agree with the JavaScript, for CommonJS and ESM consumers.
  // --profile node16: TypeScript's legacy `node10` resolution cannot see `exports` subpaths at all,
  // so only the root entry would work there (it does, through main/types).
  // openapi.yaml is an asset (read it as a file, e.g. with require.resolve), not a module.
  failed = !check("attw", [pack.tarball, "--profile", "node16", "--exclude-entrypoints", "./openapi.yaml", "--format", "table"]) || failed;
} finally {
  rmSync(pack.dir, { recursive: true, force: true });
}
if (failed) {
  console.error("check-package: FAILED");
  process.exit(1);
}
console.log("check-package: ok");

function check(tool, args) {
  const result = run(path.join(binDir, tool), args, { env: { FORCE_COLOR: "0" }, check: false });
  const output = `${result.stdout}${result.stderr}`.trim();
  if (result.status === 0) {
    console.log(`${tool}: ok`);
    return true;
  }
  console.error(`${tool}: FAILED (exit ${result.status})\n${output}`);
  return false;
}
