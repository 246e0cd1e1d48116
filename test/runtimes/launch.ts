// How each kind of runtime is made to run the shared cases (app/) and hand back their results:
// a file run by the runtime itself (Node, Bun, Deno), a bundle served by workerd or by
// edge-runtime and asked over HTTP, or a bundle loaded in a page of headless Chromium. Every
// process started here is stopped before its function returns.
import { spawn } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { build } from "esbuild";
import { runAsync } from "../../scripts/lib/run.mjs";
import { serveConsumerPage } from "../support/browser-page.js";
// browser-page.ts reads the consumers' provided context, which their global setup declares.
import type {} from "../consumers/global-setup.js";
import { launchChromium, watchPage } from "../support/chromium.js";
import { RESULTS_PREFIX } from "./app/protocol.js";

export interface CaseResult {
  readonly name: string;
  readonly ok: boolean;
  readonly error?: string;
}

/** What a runtime prints or answers besides the results, kept for a failure's message. */
export interface RunOutcome {
  readonly results: CaseResult[];
  readonly log: string;
}

/** A whole run: every case has its own limit inside the runtime (app/cases.js), this one is for a runtime that hangs. */
const RUN_LIMIT_MS = 180_000;
/** How long a server process may take to say where it listens. */
const READY_LIMIT_MS = 30_000;
/** How long a server process may take to exit after SIGTERM before it is killed. */
const STOP_GRACE_MS = 5_000;

/**
 * A child's environment: PATH and `extra`, nothing else of this machine's (no SERVICE_* variable
 * reaches the cases), except the run's clock: CI runs the suite a second time two years ahead
 * under faketime, whose library and setting the runtimes share with the test service. workerd
 * hangs at start-up under libfaketime, so it keeps the real clock (`sharesClock: false`); no case
 * depends on the two clocks agreeing (JWT mode corrects for the server's Date).
 */
function childEnv(extra: Record<string, string> = {}, sharesClock = true): Record<string, string> {
  const clock = Object.entries(process.env).filter(([name, value]) => sharesClock && value !== undefined && (name === "LD_PRELOAD" || name.startsWith("FAKETIME")));
  return { PATH: process.env.PATH ?? "/usr/bin:/bin", NO_COLOR: "1", ...Object.fromEntries(clock), ...extra };
}

function parseResults(output: string, log: string): RunOutcome {
  const line = output.split("\n").find((candidate) => candidate.startsWith(RESULTS_PREFIX));
  if (!line) throw new Error(`the runtime printed no results:\n${log}`);
  return { results: JSON.parse(line.slice(RESULTS_PREFIX.length)), log };
}

/** `command… cli.js <service> <run>` in the app's folder, with a scratch HOME. */
export async function runFile(command: readonly string[], app: string, serviceUrl: string, run: string): Promise<RunOutcome> {
  const home = mkdtempSync(path.join(os.tmpdir(), "service-api-runtime-home-"));
  try {
    const [executable, ...args] = command;
    const env = childEnv({ HOME: home, DENO_DIR: path.join(home, "deno") });
    const result = await runAsync(executable!, [...args, "cli.js", serviceUrl, run], { cwd: app, env, inheritEnv: false, timeoutMs: RUN_LIMIT_MS });
    return parseResults(result.stdout, `exit ${result.status}\n${result.stdout}\n${result.stderr}`);
  } finally {
    rmSync(home, { recursive: true, force: true });
  }
}

/** The app's `entry` bundled by esbuild, as a platform's own tooling would, into `outdir`. */
export async function bundleEntry(app: string, entry: string, outdir: string, options: { readonly conditions: readonly string[]; readonly platform: "browser" | "neutral"; readonly format: "esm" | "iife" }): Promise<string> {
  mkdirSync(outdir, { recursive: true });
  const outfile = path.join(outdir, entry);
  await build({
    absWorkingDir: app,
    entryPoints: [entry],
    bundle: true,
    outfile,
    logLevel: "silent",
    target: "es2022",
    // Workers tooling reads `browser`, `module` and `main` (in that order) for a neutral platform.
    mainFields: ["browser", "module", "main"],
    conditions: [...options.conditions],
    platform: options.platform,
    format: options.format,
  });
  return outfile;
}

/**
 * Starts a server process and waits for `ready` to find its address in what it prints (or writes
 * to `extraFd`). `stop` ends it, with SIGKILL if SIGTERM is not enough.
 */
function startServerProcess(command: readonly string[], args: readonly string[], ready: RegExp, options: { cwd: string; extraFd?: boolean; sharesClock?: boolean }) {
  const [executable, ...rest] = command;
  const stdio: ("ignore" | "pipe")[] = options.extraFd ? ["ignore", "pipe", "pipe", "pipe"] : ["ignore", "pipe", "pipe"];
  const child = spawn(executable!, [...rest, ...args], { cwd: options.cwd, stdio, env: childEnv({}, options.sharesClock) });
  let log = "";
  const address = new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${path.basename(executable!)} did not listen within ${READY_LIMIT_MS} ms:\n${log}`)), READY_LIMIT_MS);
    const watch = (chunk: Buffer) => {
      log += chunk.toString("utf8");
      const match = ready.exec(log);
      if (match) {
        clearTimeout(timer);
        resolve(match[1]!);
      }
    };
    for (const stream of child.stdio.slice(1)) stream?.on("data", watch);
    child.once("error", (error) => {
      clearTimeout(timer);
      reject(error);
    });
    child.once("exit", (code) => {
      clearTimeout(timer);
      reject(new Error(`${path.basename(executable!)} exited (${code}) before it listened:\n${log}`));
    });
  });
  const stop = () =>
    new Promise<void>((resolve) => {
      if (child.exitCode !== null || child.signalCode !== null) return resolve();
      const kill = setTimeout(() => child.kill("SIGKILL"), STOP_GRACE_MS);
      child.once("exit", () => {
        clearTimeout(kill);
        resolve();
      });
      child.kill("SIGTERM");
    });
  return { address, stop, log: () => log };
}

async function askForResults(origin: string, serviceUrl: string, run: string, log: () => string): Promise<RunOutcome> {
  const response = await fetch(`${origin}/?${new URLSearchParams({ service: serviceUrl, run })}`, { signal: AbortSignal.timeout(RUN_LIMIT_MS) });
  const text = await response.text();
  if (!response.ok) throw new Error(`the runtime answered ${response.status}: ${text}\n${log()}`);
  return { results: JSON.parse(text), log: log() };
}

/** The worker bundle served by workerd at `compatibilityDate`, without nodejs_compat; outbound requests may reach loopback only. */
export async function runWorkerd(workerd: string, bundle: string, compatibilityDate: string, serviceUrl: string, run: string): Promise<RunOutcome> {
  const dir = mkdtempSync(path.join(os.tmpdir(), "service-api-workerd-"));
  writeFileSync(path.join(dir, "worker.js"), readFileSync(bundle));
  writeFileSync(
    path.join(dir, "config.capnp"),
    `using Workerd = import "/workerd/workerd.capnp";
const config :Workerd.Config = (
  services = [
    (name = "main", worker = .worker),
    (name = "loopback", network = (allow = ["local"])),
  ],
  sockets = [(name = "http", address = "127.0.0.1:0", http = (), service = "main")],
);
const worker :Workerd.Worker = (
  modules = [(name = "worker.js", esModule = embed "worker.js")],
  compatibilityDate = "${compatibilityDate}",
  globalOutbound = "loopback",
);
`,
  );
  // --control-fd 3: workerd reports the port it bound there once it is ready.
  const server = startServerProcess([workerd], ["serve", "config.capnp", "--control-fd", "3"], /"port":(\d+)/, { cwd: dir, extraFd: true, sharesClock: false });
  try {
    const port = await server.address;
    return await askForResults(`http://127.0.0.1:${port}`, serviceUrl, run, server.log);
  } finally {
    await server.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The edge bundle served by edge-runtime's own server (`edge-runtime --listen`). */
export async function runEdgeRuntime(command: readonly string[], bundle: string, serviceUrl: string, run: string): Promise<RunOutcome> {
  const server = startServerProcess(command, ["--listen", bundle, "--host", "127.0.0.1", "--port", "0"], /(http:\/\/127\.0\.0\.1:\d+)/, { cwd: path.dirname(bundle) });
  try {
    return await askForResults(await server.address, serviceUrl, run, server.log);
  } finally {
    await server.stop();
  }
}

/** The browser bundle loaded by index.html in headless Chromium, served from another origin than the service's. */
export async function runChromium(bundle: string, html: string, serviceUrl: string, run: string): Promise<RunOutcome> {
  const origin = await serveConsumerPage({ html, scriptFile: (pathname) => (pathname === "/page.js" ? bundle : undefined) });
  const chromium = await launchChromium();
  try {
    const page = await chromium.browser.newPage();
    const watched = watchPage(page);
    const messages: string[] = [];
    page.on("console", (message) => messages.push(message.text()));
    await page.goto(`${origin}/?${new URLSearchParams({ service: serviceUrl, run })}`);
    await page.waitForFunction(() => (window as { serviceApiResult?: unknown }).serviceApiResult !== undefined, null, { timeout: RUN_LIMIT_MS });
    const results = (await page.evaluate(() => (window as { serviceApiResult?: unknown }).serviceApiResult)) as CaseResult[];
    const log = [...messages, ...watched.errors.map((error) => `page error: ${error}`), ...watched.external.map((url) => `refused: ${url}`)].join("\n");
    if (watched.external.length > 0) throw new Error(`the page tried to leave loopback:\n${log}`);
    return { results, log };
  } finally {
    await chromium.close();
  }
}
