// Every operation of the bundle, called the way a user writes it: one minimal typed call per
// operation (scripts/lib/typed-call.mjs: only the inputs the spec requires), all in one program
// that `tsc --strict` must accept and that then runs against the Prism mock. So the contract and
// the types are proven by the same code. Prism runs with --errors: an answer that breaks its own
// schema arrives as a 500 with an sl-violations header, and so does a request that breaks it.
//
// The same program runs twice: with an API key (every call answers 2xx, no violations) and with
// no credentials at all (every authenticated operation answers 401 with WWW-Authenticate).
import { beforeAll, describe, expect, inject, it } from "vitest";
import { typedCall } from "../../scripts/lib/typed-call.mjs";
import { bundle, bundleOperations } from "../support/bundle.js";
import { runUserProgram, typeCheck, writeUserProject, type Diagnostic, type TypeCheck } from "../support/user-code.js";

const baseUrl = inject("prismUrl");

interface Outcome {
  readonly status?: number;
  readonly violations?: string | null;
  readonly wwwAuthenticate?: string | null;
  /** A call that rejected instead of answering (nothing sent, or no answer). */
  readonly thrown?: string;
}

const PROGRAM = "every-operation.ts";

/** The program, and for each operation the lines its call occupies (to place tsc's errors). */
function writeProgram(): { source: string; lines: Map<string, [number, number]> } {
  const head = [
    "// Written by test/contract/every-operation.test.ts: the minimal typed call of every operation",
    "// (scripts/lib/typed-call.mjs), run one after the other; one JSON line per call on stdout.",
    'import { createServiceClient } from "service-api";',
    "",
    "// SERVICE_API_URL and, for the authenticated run, SERVICE_API_KEY come from the environment.",
    "const client = createServiceClient();",
    "",
    "async function report(operationId: string, call: () => Promise<{ response: Response }>): Promise<void> {",
    "  try {",
    "    const { response } = await call();",
    "    const headers = response.headers;",
    '    const outcome = { status: response.status, violations: headers.get("sl-violations"), wwwAuthenticate: headers.get("www-authenticate") };',
    "    console.log(JSON.stringify({ operationId, ...outcome }));",
    "  } catch (error) {",
    "    console.log(JSON.stringify({ operationId, thrown: String(error) }));",
    "  }",
    "}",
    "",
  ];
  const out = [...head];
  const lines = new Map<string, [number, number]>();
  for (const entry of bundleOperations) {
    const id = entry.operation.operationId as string;
    const call = typedCall(bundle, entry).split("\n");
    const first = out.length + 1;
    out.push(`// ${id}: ${entry.method} ${entry.path}`);
    out.push(`await report(${JSON.stringify(id)}, async () => {`);
    out.push(`  return ${call[0]}`, ...call.slice(1).map((line) => `  ${line}`));
    out[out.length - 1] += ";";
    out.push("});", "");
    lines.set(id, [first, out.length]);
  }
  return { source: out.join("\n"), lines };
}

function parseOutcomes(stdout: string): Map<string, Outcome> {
  const outcomes = new Map<string, Outcome>();
  for (const line of stdout.split("\n")) {
    if (!line.startsWith("{")) continue;
    const { operationId, ...outcome } = JSON.parse(line) as Outcome & { operationId: string };
    outcomes.set(operationId, outcome);
  }
  return outcomes;
}

const cases = bundleOperations.map(({ method, path, operation }) => [`${operation.operationId}: ${method} ${path}`, operation.operationId as string, operation] as const);
const authenticated = cases.filter(([, , operation]) => (operation.security ?? []).length > 0);
const publicOperations = cases.filter(([, , operation]) => (operation.security ?? []).length === 0);

let compiled: TypeCheck;
const errorsByOperation = new Map<string, Diagnostic[]>();
let withKey = new Map<string, Outcome>();
let anonymous = new Map<string, Outcome>();

beforeAll(async () => {
  const { source, lines } = writeProgram();
  const project = writeUserProject("typed-usage/every-operation", { [PROGRAM]: source });
  // tsx does not check types, so both runs can go while tsc checks them. Each run makes one call
  // per operation, one after another, and waits on Prism: 262 calls took 44 s alone at a load of
  // about 12 (1.2 s of its own CPU), so the default 60 s hang guard killed runs on a loaded machine.
  const hangGuard = { timeoutMs: 170_000 };
  const [check, keyRun, anonymousRun] = await Promise.all([
    typeCheck(project.tsconfig),
    runUserProgram(project.tsconfig, project.file(PROGRAM), { SERVICE_API_URL: baseUrl, SERVICE_API_KEY: "contract-test-key" }, hangGuard),
    runUserProgram(project.tsconfig, project.file(PROGRAM), { SERVICE_API_URL: baseUrl }, hangGuard),
  ]);
  compiled = check;
  for (const diagnostic of check.diagnostics) {
    const owner = [...lines].find(([, [first, last]]) => diagnostic.file === project.file(PROGRAM) && diagnostic.line >= first && diagnostic.line <= last);
    const key = owner?.[0] ?? "(outside any call)";
    errorsByOperation.set(key, [...(errorsByOperation.get(key) ?? []), diagnostic]);
  }
  for (const run of [keyRun, anonymousRun]) {
    if (run.code !== 0) throw new Error(`the typed-usage program exited with ${run.code}:\n${run.stderr}`);
  }
  withKey = parseOutcomes(keyRun.stdout);
  anonymous = parseOutcomes(anonymousRun.stdout);
}, 180_000);

describe("the program of every operation's minimal typed call", () => {
  it("type-checks outside the calls too (imports, the report helper)", () => {
    expect(errorsByOperation.get("(outside any call)") ?? [], compiled.output).toEqual([]);
  });

  it("ran every call in both runs", () => {
    expect(withKey.size).toBe(cases.length);
    expect(anonymous.size).toBe(cases.length);
  });
});

describe("every operation's minimal typed call compiles under tsc --strict and answers 2xx within its contract", () => {
  it.each(cases)("%s", (_name, operationId) => {
    const errors = (errorsByOperation.get(operationId) ?? []).map((d) => `line ${d.line}: ${d.message}`);
    expect(errors, "tsc --strict").toEqual([]);
    const outcome = withKey.get(operationId);
    expect(outcome?.thrown, "the call rejected").toBeUndefined();
    expect(outcome?.violations, `Prism reports: ${outcome?.violations}`).toBeNull();
    expect(outcome?.status).toBeGreaterThanOrEqual(200);
    expect(outcome?.status).toBeLessThan(300);
  });
});

describe("without credentials", () => {
  it("covers every operation except the health check (at its three paths) and the three logins, which take no credentials", () => {
    const open = cases.filter((entry) => !authenticated.includes(entry)).map(([, operationId]) => operationId);
    expect(open.sort()).toEqual(["healthcheck", "healthcheckUnversioned", "healthcheckV2", "loginApiKey", "loginEmail", "loginSocial"]);
  });

  it.each(authenticated)("%s answers 401 with WWW-Authenticate", (_name, operationId) => {
    const outcome = anonymous.get(operationId);
    expect(outcome?.thrown, "the call rejected").toBeUndefined();
    expect(outcome?.status).toBe(401);
    expect(outcome?.wwwAuthenticate).toBeTruthy();
  });

  it.each(publicOperations)("%s (public) still answers 2xx", (_name, operationId) => {
    const outcome = anonymous.get(operationId);
    expect(outcome?.thrown, "the call rejected").toBeUndefined();
    expect(outcome?.violations).toBeNull();
    expect(outcome?.status).toBeGreaterThanOrEqual(200);
    expect(outcome?.status).toBeLessThan(300);
  });
});
