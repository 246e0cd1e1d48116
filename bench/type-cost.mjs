// Type cost: tsc on the 20-call consumer of type-consumer.mjs, once against our client
// (dist/index.d.ts) and once through openapi-fetch's createClient<paths> with the generated types
// alone, on the repository's TypeScript and on TypeScript 7 (installed apart, as the runtimes
// are: openapi-typescript cannot run on it). Median wall time of the runs; instantiations, types
// and check time from --extendedDiagnostics (the last run's, they do not vary). The rows of the
// repository's compiler keep their plain names (`ours`, `openapi-fetch`), which the growth row reads.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { repoRoot } from "../scripts/lib/paths.mjs";
import { run } from "../scripts/lib/run.mjs";
import { ensurePackage } from "../scripts/lib/runtimes.mjs";
import { TOOL_PACKAGES } from "../scripts/lib/tool-packages.mjs";
import { median, round1, round3 } from "./stats.mjs";
import { typeConsumer } from "./type-consumer.mjs";

const KINDS = ["ours", "openapi-fetch"];

/** The compilers measured: each row's name suffix and its tsc. */
function compilers() {
  const typescript7 = TOOL_PACKAGES.typescript7;
  const own = createRequire(import.meta.url)("typescript/package.json").version;
  return [
    { suffix: "", compiler: own, tsc: path.join(repoRoot, "node_modules", "typescript", "bin", "tsc") },
    { suffix: ` (TypeScript ${typescript7.version})`, compiler: typescript7.version, tsc: path.join(ensurePackage(typescript7.name, typescript7.version).packageDir, "bin", "tsc") },
  ];
}

export function typeCost({ runs = 3 } = {}) {
  // Inside the repo (not the OS temp folder) so the consumer resolves the repo's node_modules.
  mkdirSync(path.join(repoRoot, ".cache"), { recursive: true });
  const dir = mkdtempSync(path.join(repoRoot, ".cache", "bench-types-"));
  try {
    writeFileSync(path.join(dir, "package.json"), '{ "type": "module" }\n');
    const tsconfig = (file) => ({
      compilerOptions: { target: "ES2022", module: "NodeNext", moduleResolution: "NodeNext", lib: ["ES2022", "DOM"], strict: true, noEmit: true, skipLibCheck: true, types: [] },
      files: [file],
    });
    for (const kind of KINDS) {
      writeFileSync(path.join(dir, `${kind}.ts`), typeConsumer(kind, repoRoot, dir));
      writeFileSync(path.join(dir, `tsconfig.${kind}.json`), JSON.stringify(tsconfig(`${kind}.ts`)));
    }
    const rows = compilers().flatMap(({ suffix, compiler, tsc }) => KINDS.map((kind) => ({ name: `${kind}${suffix}`, kind, compiler, tsc })));
    const samples = Object.fromEntries(rows.map(({ name }) => [name, []]));
    const diagnostics = {};
    for (let i = 0; i < runs; i++) {
      // Both kinds of one compiler back to back, so a slow patch of the machine hits the pair.
      for (const { name, kind, tsc } of rows) {
        const t0 = performance.now();
        const out = run(process.execPath, [tsc, "-p", path.join(dir, `tsconfig.${kind}.json`), "--extendedDiagnostics"]);
        samples[name].push((performance.now() - t0) / 1000);
        // TypeScript 7 writes the times with a unit ("0.527s"): the number is read the same.
        const number = (label) => Number(new RegExp(`^${label}:\\s+([\\d.]+)`, "m").exec(out.stdout)?.[1]);
        diagnostics[name] = { instantiations: number("Instantiations"), types: number("Types"), checkSeconds: number("Check time") };
      }
    }
    // The goal's ratio is read from the unrounded medians; the table shows tenths.
    return Object.fromEntries(
      rows.map(({ name, kind, compiler }) => [name, { kind, compiler, wallSeconds: round1(median(samples[name])), wallMedianSeconds: round3(median(samples[name])), ...diagnostics[name] }]),
    );
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
