// Regenerates every committed build output into a scratch folder and fails if any file differs
// from generated/: generated files are only ever changed by regenerating them. Outputs that are
// built but not committed (UNCOMMITTED_OUTPUTS, e.g. the dereferenced edition) are left out:
// a reviewer never sees them, and they are rebuilt wherever they are needed.
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { UNCOMMITTED_OUTPUTS, runBuildSteps } from "./lib/build-steps.mjs";
import { generatedDir } from "./lib/paths.mjs";

const scratch = mkdtempSync(path.join(os.tmpdir(), "service-api-drift-"));
let problems = [];
try {
  runBuildSteps({ outDir: scratch });
  const committedOnly = (name) => !name.startsWith(".") && !UNCOMMITTED_OUTPUTS.includes(name);
  const fresh = new Set(readdirSync(scratch).filter(committedOnly));
  const committed = new Set(readdirSync(generatedDir).filter(committedOnly));
  for (const name of committed) {
    if (!fresh.has(name)) problems.push(`generated/${name} is not produced by any step: delete it or add its step`);
  }
  for (const name of fresh) {
    const current = path.join(generatedDir, name);
    if (!existsSync(current)) problems.push(`generated/${name} is missing: run \`npm run build:spec\` and commit it`);
    else if (!readFileSync(current).equals(readFileSync(path.join(scratch, name)))) {
      problems.push(`generated/${name} differs from a fresh build: run \`npm run build:spec\` and commit the result (never edit it by hand)`);
    }
  }
} finally {
  rmSync(scratch, { recursive: true, force: true });
}
if (problems.length > 0) {
  console.error(`check-drift: ${problems.length} problem(s)\n- ${problems.join("\n- ")}`);
  process.exit(1);
}
console.log(`check-drift: generated/ matches a fresh build (not compared, as not committed: ${UNCOMMITTED_OUTPUTS.join(", ")})`);
