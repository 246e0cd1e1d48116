// The code samples of the bundle (`x-codeSamples`, written by scripts/lib/code-samples.mjs at
// bundle time): every operation has its TypeScript, curl and Python sample, and each of them
// works as a reader would use it. The TypeScript samples are compiled as one `tsc --strict`
// program against the package; every curl sample runs with /usr/bin/curl against the Prism
// mock (its host swapped for the mock's) and must get a 2xx with no sl-violations; the Python
// samples are compiled with py_compile and, where Debian's python3-requests is installed, run
// against the mock the same way.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { runAsync } from "../../scripts/lib/run.mjs";
import { SampleFile, sampleServerUrl } from "../../scripts/lib/sample-values.mjs";
import { bundle, bundleOperations } from "../support/bundle.js";
import { missing, pythonPath, pythonRequestsTool } from "../support/system-tools.js";
import { typeCheck, writeUserProject, type Diagnostic } from "../support/user-code.js";

const prismUrl = inject("prismUrl");
const server = sampleServerUrl(bundle);
const pythonChecker = path.join(path.dirname(fileURLToPath(import.meta.url)), "code-samples", "check_python_samples.py");
/** How many curl processes, and Python interpreters, run at once: the mock and the machine are shared. */
const CURL_CONCURRENCY = 4;
const PYTHON_WORKERS = 2;
const EXPECTED = [
  { lang: "TypeScript", label: "TypeScript" },
  { lang: "Shell", label: "curl" },
  { lang: "Python", label: "Python" },
];

interface Sample {
  readonly lang: string;
  readonly label: string;
  readonly source: string;
}

interface Outcome {
  /** Set when the sample could not be run at all, or its program failed. */
  readonly error?: string;
  readonly status?: number;
  readonly violations?: string | null;
}

const cases = bundleOperations.map((entry) => {
  const id = entry.operation.operationId as string;
  const samples = (entry.operation["x-codeSamples"] ?? []) as Sample[];
  const source = (label: string) => samples.find((sample) => sample.label === label)?.source ?? "";
  return { name: `${id}: ${entry.method} ${entry.path}`, id, entry, samples, typescript: source("TypeScript"), curl: source("curl"), python: source("Python") };
});
const secured = (operation: Record<string, unknown>) => ((operation.security ?? bundle.security ?? []) as unknown[]).length > 0;

const scratch = mkdtempSync(path.join(os.tmpdir(), "service-api-code-samples-"));
const timings: Record<string, number> = {};
const tsErrors = new Map<string, Diagnostic[]>();
let tscOutput = "";
const curlOutcomes = new Map<string, Outcome>();
const pythonCompiled = new Map<string, Outcome>();
const pythonRan = new Map<string, Outcome>();
const canRunPython = !missing(pythonRequestsTool);

/** The samples run with `sampleEnv` alone: none of this machine's credentials reach them. */
function run(command: string, args: readonly string[], options: { cwd: string; env: Record<string, string | undefined> }) {
  return runAsync(command, args, { ...options, inheritEnv: false, timeoutMs: 120_000 });
}

async function timed<T>(name: string, work: () => Promise<T>): Promise<T> {
  const started = performance.now();
  try {
    return await work();
  } finally {
    timings[name] = Math.round(performance.now() - started);
  }
}

/** Runs `work` on every item, at most `limit` at a time. */
async function eachLimited<T>(items: readonly T[], limit: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) await work(items[next++]!);
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
}

/**
 * A fresh folder of the scratch space with `files` in it and the file the upload samples send
 * (`-F 'file=@data.csv'`, `open("data.csv")`): samples run there, as a reader runs them.
 */
function workDir(name: string, files: Readonly<Record<string, string>> = {}): string {
  const dir = path.join(scratch, name);
  mkdirSync(dir, { recursive: true });
  const upload = new SampleFile();
  writeFileSync(path.join(dir, upload.name), upload.contents);
  for (const [file, source] of Object.entries(files)) writeFileSync(path.join(dir, file), source);
  return dir;
}

/** The sample pointed at the mock: the server for users replaced by the mock's address, once. */
function againstMock(source: string): string | undefined {
  if (source.split(server).length !== 2) return undefined;
  return source.replace(server, prismUrl);
}

/** Environment of a sample: the credential it reads, nothing else of ours. */
const sampleEnv = { PATH: process.env.PATH, SERVICE_API_KEY: "code-samples-key" };

async function compileTypeScript(): Promise<void> {
  const files = Object.fromEntries(cases.map(({ id, typescript }) => [`${id}.ts`, typescript]));
  const project = writeUserProject("code-samples/typescript", files);
  const check = await typeCheck(project.tsconfig);
  tscOutput = check.output;
  for (const diagnostic of check.diagnostics) {
    const owner = cases.find(({ id }) => diagnostic.file === project.file(`${id}.ts`))?.id ?? "(outside the samples)";
    tsErrors.set(owner, [...(tsErrors.get(owner) ?? []), diagnostic]);
  }
  if (!check.ok && check.diagnostics.length === 0) tsErrors.set("(outside the samples)", [{ file: "", line: 0, message: check.output }]);
}

async function runCurl(dir: string): Promise<void> {
  await eachLimited(cases, CURL_CONCURRENCY, async ({ id, curl }) => {
    const pointed = againstMock(curl);
    if (!pointed?.startsWith("curl ") || !pointed.split("\n")[0]!.includes(`'${prismUrl}`)) {
      curlOutcomes.set(id, { error: `the sample does not start with curl and the URL ${server} (once): ${curl}` });
      return;
    }
    // -q first: no ~/.curlrc. The answer's headers (-D -) and then its status go to stdout.
    const command = `${pointed.replace(/^curl /, "/usr/bin/curl -q ")} \\\n  -sS -o /dev/null -D - -w '%{http_code}'`;
    const result = await run("/bin/sh", ["-c", command], { cwd: dir, env: sampleEnv });
    const status = /(\d{3})$/.exec(result.stdout)?.[1];
    const violations = /^sl-violations:\s*(.*)$/im.exec(result.stdout)?.[1] ?? null;
    curlOutcomes.set(id, {
      ...(result.status === 0 ? {} : { error: `curl exited with ${result.status}: ${result.stderr}` }),
      ...(status ? { status: Number(status) } : {}),
      violations,
    });
  });
}

/**
 * Compiles (and with `runThem`, runs) one Python file per operation, split over `workers`
 * interpreters (each one checks its share in turn; see check_python_samples.py).
 */
async function checkPython(name: string, sources: ReadonlyMap<string, string>, into: Map<string, Outcome>, runThem: boolean, workers = 1): Promise<void> {
  const dir = workDir(name, Object.fromEntries([...sources].map(([id, source]) => [`${id}.py`, source])));
  const files = [...sources.keys()].map((id) => `${id}.py`);
  const shares = Array.from({ length: workers }, (_, worker) => files.filter((_, index) => index % workers === worker));
  const results = await Promise.all(shares.map((share) => run(pythonPath, [pythonChecker, ...(runThem ? ["--run"] : []), ...share], { cwd: dir, env: sampleEnv })));
  for (const result of results) {
    if (result.status !== 0) throw new Error(`the Python checker exited with ${result.status}:\n${result.stderr}`);
    for (const line of result.stdout.split("\n").filter((text) => text.startsWith("{"))) {
      const report = JSON.parse(line) as { file: string; compiled: boolean; ran?: boolean; error?: string; status?: number; violations?: string | null };
      const failed = !report.compiled || (runThem && report.ran !== true);
      into.set(report.file.replace(/\.py$/, ""), {
        ...(failed ? { error: report.error ?? "failed without a message" } : {}),
        ...(report.status === undefined ? {} : { status: report.status }),
        violations: report.violations ?? null,
      });
    }
  }
}

beforeAll(async () => {
  const pythonSources = new Map(cases.map(({ id, python }) => [id, python]));
  const pointed = new Map(cases.map(({ id, python }) => [id, againstMock(python) ?? `raise SystemExit("the sample does not call ${server} exactly once")`]));
  // tsc works while the samples call the mock. The mock is one Node process that prepares each
  // operation on its first call, so curl and Python take turns: here curl's pass took 29 s (cold)
  // and Python's 3 s, against 37 s for both at once.
  const callMock = async () => {
    await timed(`curl (all samples, ${CURL_CONCURRENCY} at a time)`, () => runCurl(workDir("curl")));
    if (canRunPython) await timed(`python + requests (all samples, ${PYTHON_WORKERS} interpreters)`, () => checkPython("python-run", pointed, pythonRan, true, PYTHON_WORKERS));
  };
  await Promise.all([
    timed("tsc --strict (all TypeScript samples)", compileTypeScript),
    timed("py_compile (all Python samples)", () => checkPython("python-compile", pythonSources, pythonCompiled, false)),
    callMock(),
  ]);
}, 300_000);

afterAll(() => {
  rmSync(scratch, { recursive: true, force: true });
  console.log(`code samples: ${Object.entries(timings).map(([name, ms]) => `${name} ${ms} ms`).join("; ")}`);
});

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

function expectSuccess(outcome: Outcome | undefined) {
  expect(outcome, "no outcome: the sample was not run").toBeDefined();
  expect(outcome?.error).toBeUndefined();
  expect(outcome?.violations, `Prism reports: ${outcome?.violations}`).toBeNull();
  expect(outcome?.status).toBeGreaterThanOrEqual(200);
  expect(outcome?.status).toBeLessThan(300);
}

describe("x-codeSamples in the bundle", () => {
  it("every operation has exactly the TypeScript, curl and Python samples, in that order", () => {
    const wrong = cases.filter(({ samples }) => JSON.stringify(samples.map(({ lang, label }) => ({ lang, label }))) !== JSON.stringify(EXPECTED)).map(({ name }) => name);
    expect(wrong).toEqual([]);
    expect(cases.filter(({ samples }) => samples.every(({ source }) => typeof source === "string" && source.length > 0))).toHaveLength(bundleOperations.length);
  });

  it("address the deployment the docs use, filled into the spec's server for users", () => {
    expect(server).toBe("https://api.acme.example");
    expect((bundle.servers as { url: string }[]).map(({ url }) => url)).toContain("https://api.{domain}");
  });

  it.each(cases)("$name: each sample makes the operation's call with the credential it accepts", ({ entry, typescript, curl, python }) => {
    const { method, path: route, operation } = entry;
    expect(typescript).toContain(`client.${method}(${JSON.stringify(route)}`);
    expect(typescript).not.toMatch(/\bas\s+[A-Za-z{[(]|\bany\b/);
    // The path with its parameters filled in: the template's fixed parts, in order.
    const url = escapeRegExp(server) + route.split(/\{[^}]+\}/).map(escapeRegExp).join("[^/?'\"]+");
    expect(curl).toMatch(new RegExp(`^curl ${method === "GET" ? "" : `-X ${method} `}'${url}[?']`));
    expect(python).toMatch(new RegExp(`requests\\.${method.toLowerCase()}\\(\\n\\s+"${url}"`));
    if (secured(operation)) {
      expect(typescript).toContain("auth: { apiKey: process.env.SERVICE_API_KEY }");
      expect(curl).toContain('-H "Service-API-Key: $SERVICE_API_KEY"');
      expect(python).toContain('headers={"Service-API-Key": os.environ["SERVICE_API_KEY"]}');
    } else {
      for (const source of [typescript, curl, python]) expect(source).not.toMatch(/SERVICE_API_KEY|Authorization|SERVICE_USERNAME|SERVICE_JWT/);
    }
  });
});

describe("the TypeScript samples compile under tsc --strict against the package (one program)", () => {
  it("type-checks outside the samples (nothing but the samples is in the program)", () => {
    expect(tsErrors.get("(outside the samples)") ?? [], tscOutput).toEqual([]);
  });

  it.each(cases)("$name", ({ id }) => {
    expect((tsErrors.get(id) ?? []).map((d) => `line ${d.line}: ${d.message}`)).toEqual([]);
  });
});

describe("every curl sample gets a 2xx from the mock, within the contract", () => {
  it.each(cases)("$name", ({ id }) => {
    expectSuccess(curlOutcomes.get(id));
  });
});

describe("the Python samples", () => {
  it.each(cases)("$name compiles (py_compile)", ({ id }) => {
    const outcome = pythonCompiled.get(id);
    expect(outcome, "not compiled").toBeDefined();
    expect(outcome?.error).toBeUndefined();
  });

  it.skipIf(!canRunPython).each(cases)("$name gets a 2xx from the mock, within the contract (python3-requests)", ({ id }) => {
    expectSuccess(pythonRan.get(id));
  });
});
