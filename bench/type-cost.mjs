// Type cost: tsc on the 20-call consumer of type-consumer.mjs, once against our client
// (dist/index.d.ts) and once through openapi-fetch's createClient<paths> with the generated types
// alone. Median wall time of the runs; instantiations, types and check time from
// --extendedDiagnostics (the last run's, they do not vary).
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { repoRoot } from "../scripts/lib/paths.mjs";
import { run } from "../scripts/lib/run.mjs";
import { median, round1 } from "./stats.mjs";
import { typeConsumer } from "./type-consumer.mjs";

const KINDS = ["ours", "openapi-fetch"];

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
    const samples = Object.fromEntries(KINDS.map((kind) => [kind, []]));
    const diagnostics = {};
    for (let i = 0; i < runs; i++) {
      for (const kind of KINDS) {
        const t0 = performance.now();
        const out = run(process.execPath, [path.join(repoRoot, "node_modules", "typescript", "bin", "tsc"), "-p", path.join(dir, `tsconfig.${kind}.json`), "--extendedDiagnostics"]);
        samples[kind].push((performance.now() - t0) / 1000);
        const number = (label) => Number(new RegExp(`^${label}:\\s+([\\d.]+)`, "m").exec(out.stdout)?.[1]);
        diagnostics[kind] = { instantiations: number("Instantiations"), types: number("Types"), checkSeconds: number("Check time") };
      }
    }
    return Object.fromEntries(KINDS.map((kind) => [kind, { wallSeconds: round1(median(samples[kind])), ...diagnostics[kind] }]));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
