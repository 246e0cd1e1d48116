// `npm run bench`: every benchmark of bench/README.md in one run, on this machine, in this order:
// client build (timed, and needed by what follows), size, CPU per call with a stub fetch,
// loopback round trips, 1,000 concurrent JWT-mode calls, type cost, the spec pipeline, the tests.
// Prints a table and writes bench/results/latest.json.
//
//   npm run bench                      everything, tests = the unit and contract projects
//   npm run bench -- --full-tests      time the whole `vitest run` instead (several minutes more)
//   npm run bench -- --no-pipeline     skip the pipeline and test timings
//   npm run bench -- --quick           fewer rounds (for trying things out; noisier)
import { spawn, spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { gzipSync } from "node:zlib";
import { build } from "esbuild";
import { cpuBench } from "./cpu.mjs";
import { alternate, API_KEY, candidates, callOf, median, paired, round1, round3 } from "./lib.mjs";
import { typeConsumer } from "./type-consumer.mjs";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const bin = (name) => path.join(root, "node_modules", ".bin", name);
const args = new Set(process.argv.slice(2));
const quick = args.has("--quick");
const started = performance.now();
const results = {
  machine: { cpu: os.cpus()[0]?.model ?? "unknown", cores: os.cpus().length, memoryGb: Math.round(os.totalmem() / 2 ** 30), node: process.version, platform: `${os.platform()} ${os.release()}` },
  date: new Date().toISOString(),
  options: [...args],
};
const log = (line = "") => console.log(line);

function timeCommand(command, commandArgs, options = {}) {
  const t0 = performance.now();
  const result = spawnSync(command, commandArgs, { cwd: root, encoding: "utf8", env: { ...process.env, CI: "true", NO_UPDATE_NOTIFIER: "1", REDOCLY_TELEMETRY: "off", REDOCLY_SUPPRESS_UPDATE_NOTICE: "true" }, ...options });
  const seconds = round1((performance.now() - t0) / 1000);
  if (result.status !== 0) throw new Error(`${command} ${commandArgs.join(" ")} failed:\n${result.stdout}\n${result.stderr}`);
  return seconds;
}

// 1. The client build: measured, and everything below uses dist/.
log("building the client (tsup)…");
const buildSeconds = timeCommand("npm", ["run", "--silent", "build"]);
const service = await import(path.join(root, "dist", "index.js"));

// 2. Size: what a browser downloads, ours (dist/index.js with openapi-fetch) and openapi-fetch alone.
async function minGzip(entry) {
  const out = await build({ entryPoints: [entry], bundle: true, minify: true, format: "esm", platform: "browser", target: "es2022", write: false, logLevel: "silent" });
  const code = out.outputFiles[0].contents;
  return { minified: code.length, gzip: gzipSync(code, { level: 9 }).length };
}
results.size = {
  ours: await minGzip(path.join(root, "dist", "index.js")),
  openapiFetch: await minGzip(path.join(root, "node_modules", "openapi-fetch", "dist", "index.mjs")),
};

// 3. CPU per call with a stub fetch.
log("CPU per call (stub fetch)…");
const cpu = await cpuBench(service, quick ? { rounds: 9, calls: 1000, warmup: 2000 } : undefined);
const cpuVsBare = paired(cpu, "openapi-fetch");
results.cpu = cpu.map(({ rounds, ...c }) => ({ ...c, us: round1(c.us), min: round1(c.min), max: round1(c.max), overBareUs: round1(cpuVsBare[c.name].diff) }));

// 4 and 5. Loopback round trips and 1,000 concurrent JWT calls, against bench/server.mjs.
const server = spawn(process.execPath, [path.join(root, "bench", "server.mjs")], { stdio: ["ignore", "pipe", "inherit", "ipc"] });
const port = await new Promise((resolve, reject) => {
  server.once("error", reject);
  server.stdout.once("data", (chunk) => resolve(Number(String(chunk).trim())));
});
const baseUrl = `http://127.0.0.1:${port}`;
try {
  log("loopback round trips…");
  const loop = await alternate(candidates(service, { baseUrl, fetch: globalThis.fetch.bind(globalThis), withRaw: true }), quick ? { rounds: 9, calls: 200, warmup: 300 } : { rounds: 51, calls: 200, warmup: 1000 });
  const vsRaw = paired(loop, "raw fetch");
  const vsBare = paired(loop, "openapi-fetch");
  results.loopback = loop.map(({ rounds, ...c }) => ({ ...c, us: round1(c.us), min: round1(c.min), max: round1(c.max), vsRaw: round3(vsRaw[c.name].ratio), vsBare: round3(vsBare[c.name].ratio) }));

  log("1,000 concurrent calls in JWT mode, from cold…");
  const runs = [];
  for (let i = 0; i < (quick ? 2 : 5); i++) {
    await fetch(`${baseUrl}/__reset`, { method: "POST" });
    const client = service.createServiceClient({ baseUrl, auth: { apiKey: API_KEY, jwt: true }, env: {} });
    const call = callOf(client);
    const t0 = performance.now();
    const answers = await Promise.all(Array.from({ length: 1000 }, () => call()));
    const ms = performance.now() - t0;
    const ok = answers.filter((a) => a.response.status === 200).length;
    const { tokenRequests } = await (await fetch(`${baseUrl}/__stats`)).json();
    runs.push({ ms: round1(ms), ok, tokenRequests });
  }
  results.concurrency = { calls: 1000, runs, medianMs: round1(median(runs.map((r) => r.ms))), tokenRequests: Math.max(...runs.map((r) => r.tokenRequests)) };
} finally {
  server.kill();
}

// 6. Type cost: tsc on a consumer making 20 typed calls, ours vs openapi-fetch with the types.
log("type cost (tsc)…");
// Inside the repo (not the OS temp folder) so the consumer resolves the repo's node_modules.
mkdirSync(path.join(root, ".cache"), { recursive: true });
const typeDir = mkdtempSync(path.join(root, ".cache", "bench-types-"));
try {
  writeFileSync(path.join(typeDir, "package.json"), '{ "type": "module" }\n');
  const tsconfig = (file) => ({
    compilerOptions: { target: "ES2022", module: "NodeNext", moduleResolution: "NodeNext", lib: ["ES2022", "DOM"], strict: true, noEmit: true, skipLibCheck: true, types: [] },
    files: [file],
  });
  for (const kind of ["ours", "openapi-fetch"]) {
    writeFileSync(path.join(typeDir, `${kind}.ts`), typeConsumer(kind, root, typeDir));
    writeFileSync(path.join(typeDir, `tsconfig.${kind}.json`), JSON.stringify(tsconfig(`${kind}.ts`)));
  }
  const samples = { ours: [], "openapi-fetch": [] };
  const diagnostics = {};
  for (let i = 0; i < (quick ? 1 : 3); i++) {
    for (const kind of ["ours", "openapi-fetch"]) {
      const t0 = performance.now();
      const out = spawnSync(process.execPath, [path.join(root, "node_modules", "typescript", "bin", "tsc"), "-p", path.join(typeDir, `tsconfig.${kind}.json`), "--extendedDiagnostics"], { encoding: "utf8" });
      samples[kind].push((performance.now() - t0) / 1000);
      if (out.status !== 0) throw new Error(`tsc failed on the ${kind} consumer:\n${out.stdout}${out.stderr}`);
      const number = (label) => Number(new RegExp(`^${label}:\\s+([\\d.]+)`, "m").exec(out.stdout)?.[1]);
      diagnostics[kind] = { instantiations: number("Instantiations"), types: number("Types"), checkSeconds: number("Check time") };
    }
  }
  results.types = Object.fromEntries(Object.keys(samples).map((kind) => [kind, { wallSeconds: round1(median(samples[kind])), ...diagnostics[kind] }]));
} finally {
  rmSync(typeDir, { recursive: true, force: true });
}

// 7. The pipeline (each step writes to a scratch folder, never to generated/) and the tests.
if (!args.has("--no-pipeline")) {
  log("pipeline: lint, bundle, type generation, docs, Prism start-up, tests…");
  const scratch = mkdtempSync(path.join(os.tmpdir(), "service-api-bench-"));
  try {
    const pipeline = {};
    pipeline["lint: redocly"] = timeCommand("npm", ["run", "--silent", "lint:redocly"]);
    pipeline["lint: spectral"] = timeCommand("npm", ["run", "--silent", "lint:spectral"]);
    pipeline["bundle (redocly bundle → openapi.{yaml,json})"] = timeCommand(process.execPath, ["scripts/bundle.mjs", "--out", scratch]);
    pipeline["type generation (schema.d.ts + operations.ts)"] = timeCommand(process.execPath, ["scripts/generate.mjs", "--out", scratch]);
    pipeline["docs (redocly build-docs, inlined)"] = timeCommand(process.execPath, ["scripts/docs.mjs", path.join(scratch, "docs.html")]);
    pipeline["client build (tsup: ESM + CJS + d.ts)"] = buildSeconds;
    const { startPrism } = await import(path.join(root, "scripts", "lib", "prism.mjs"));
    const t0 = performance.now();
    const prism = await startPrism();
    pipeline["Prism start-up (until it answers)"] = round1((performance.now() - t0) / 1000);
    await prism.stop();
    if (args.has("--full-tests")) {
      pipeline["tests: whole suite (vitest run)"] = timeCommand(bin("vitest"), ["run"]);
    } else {
      pipeline["tests: unit + transport + spec (--project unit)"] = timeCommand(bin("vitest"), ["run", "--project", "unit"]);
      pipeline["tests: contract (--project contract, with Prism)"] = timeCommand(bin("vitest"), ["run", "--project", "contract"]);
    }
    results.pipelineSeconds = pipeline;
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}
results.totalSeconds = round1((performance.now() - started) / 1000);

// The table.
const kb = (n) => `${(n / 1000).toFixed(1)} kB`;
const pad = (s, n) => String(s).padEnd(n);
const lpad = (s, n) => String(s).padStart(n);
log(`\nservice-api benchmarks — ${results.machine.cpu} (${results.machine.cores} cores), Node ${results.machine.node}, ${results.date}`);
log("\nCPU per call, stub fetch (µs; medians of rounds)     per call   over openapi-fetch   range");
for (const c of results.cpu) log(`  ${pad(c.name, 48)} ${lpad(c.us.toFixed(1), 8)}   ${lpad((c.overBareUs >= 0 ? "+" : "") + c.overBareUs.toFixed(1), 18)}   ${c.min.toFixed(1)}–${c.max.toFixed(1)}`);
if (results.loopback) {
  log("\nLoopback round trip, node:http on 127.0.0.1 (µs; medians)  per call   vs raw   vs openapi-fetch");
  for (const c of results.loopback) log(`  ${pad(c.name, 52)} ${lpad(c.us.toFixed(1), 8)}   ${c.vsRaw.toFixed(3)}×   ${c.vsBare.toFixed(3)}×`);
}
if (results.concurrency) {
  const c = results.concurrency;
  log(`\n1,000 concurrent calls, JWT mode from cold: median ${c.medianMs} ms over ${c.runs.length} runs; token requests ${c.tokenRequests} (max over runs); all 200: ${c.runs.every((r) => r.ok === 1000)}`);
}
log(`\nSize (esbuild --minify, gzip -9)   ours incl. openapi-fetch ${kb(results.size.ours.minified)} / ${kb(results.size.ours.gzip)}   openapi-fetch alone ${kb(results.size.openapiFetch.minified)} / ${kb(results.size.openapiFetch.gzip)}`);
log("\nType cost: consumer with 20 typed calls     tsc wall (s)   instantiations   types   check (s)");
for (const [kind, t] of Object.entries(results.types)) log(`  ${pad(kind, 42)} ${lpad(t.wallSeconds, 12)}   ${lpad(t.instantiations, 14)}   ${lpad(t.types, 5)}   ${lpad(t.checkSeconds, 9)}`);
if (results.pipelineSeconds) {
  log("\nPipeline (s)");
  for (const [step, seconds] of Object.entries(results.pipelineSeconds)) log(`  ${pad(step, 56)} ${lpad(seconds.toFixed(1), 6)}`);
}
log(`\ntotal ${results.totalSeconds} s`);
mkdirSync(path.join(root, "bench", "results"), { recursive: true });
writeFileSync(path.join(root, "bench", "results", "latest.json"), JSON.stringify(results, null, 2) + "\n");
log("wrote bench/results/latest.json");
