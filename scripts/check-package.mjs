// Package checks (CI): builds if needed, packs both tarballs exactly as `npm publish` would (or
// reads the ones `.ci/run` packed for the run), then
// for `service-api`: 1. asserts its file list (what users need, no tests, no spec sources, no
// edition that belongs to the companion, nothing secret-looking), 2. runs publint (strict) and
// 3. Are The Types Wrong (attw); and for `service-api-contract`: its file list (the editions and
// nothing else), its version (the same as the client's) and publint.
import { run } from "./lib/run.mjs";
import { readFileSync } from "node:fs";
import path from "node:path";
import { CONTRACT_PACKAGE_DIR } from "./lib/contract-package.mjs";
import { checkContractContents, checkPackageContents } from "./lib/package-contents.mjs";
import { packedPackages } from "./lib/pack.mjs";
import { binDir, repoRoot } from "./lib/paths.mjs";

const TEXT = /\.(js|cjs|ts|cts|json|yaml|md)$/;
const kib = (n) => `${(n / 1024).toFixed(1)} KiB`;
let failed = false;

const { client: pack, contract, remove } = packedPackages();
try {
  console.log(`check-package: ${path.basename(pack.tarball)}, ${pack.files.length} files, ${kib(pack.size)} packed, ${kib(pack.unpackedSize)} unpacked`);
  report(
    "contents",
    checkPackageContents(
      pack.files.map((f) => f.path),
      (file) => (TEXT.test(file) ? readFileSync(path.join(repoRoot, file), "utf8") : undefined),
    ),
  );

  // publint: the package.json fields against the files that really ship. --strict: warnings fail.
  failed = !check("publint", ["run", pack.tarball, "--strict", "--pack", "false"]) || failed;

  // attw: types resolve, and agree with the JavaScript, for CommonJS and ESM consumers.
  // --profile node16: TypeScript's legacy `node10` resolution cannot see `exports` subpaths at all,
  // so only the root entry would work there (it does, through main/types).
  failed = !check("attw", [pack.tarball, "--profile", "node16", "--format", "table"]) || failed;

  console.log(`check-package: ${path.basename(contract.tarball)}, ${contract.files.length} files, ${kib(contract.size)} packed, ${kib(contract.unpackedSize)} unpacked`);
  const versions = [repoRoot, CONTRACT_PACKAGE_DIR].map((dir) => JSON.parse(readFileSync(path.join(dir, "package.json"), "utf8")).version);
  report("contract: contents and version", [
    ...checkContractContents(
      contract.files.map((f) => f.path),
      (file) => (TEXT.test(file) ? readFileSync(path.join(CONTRACT_PACKAGE_DIR, file), "utf8") : undefined),
    ),
    ...(versions[0] === versions[1] ? [] : [`service-api-contract is ${versions[1]}, service-api ${versions[0]}: they are released together, with one version`]),
  ]);
  failed = !check("publint", ["run", contract.tarball, "--strict", "--pack", "false"]) || failed;
} finally {
  remove();
}
if (failed) {
  console.error("check-package: FAILED");
  process.exit(1);
}
console.log("check-package: ok");

function report(what, problems) {
  if (problems.length === 0) return console.log(`${what}: ok`);
  failed = true;
  console.error(`${what}: ${problems.length} problem(s)\n- ${problems.join("\n- ")}`);
}

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
