// The Python and Go tools of the generator checks (test/generators/python-client.test.ts,
// go-client.test.ts, schemathesis.test.ts) and the service's own Python SDK (python-sdk.test.ts):
// where they are installed and how. They are pinned in the repository (python-client/ and
// python-sdk/requirements.txt with hashes, go-client/go.mod and go.sum) and installed outside it,
// under .cache/other-languages/ (git-ignored), by `npm run setup:other-languages`; .ci/run runs it.
// The SDK has a virtual environment of its own: its pins (pydantic, httpx) are its own, not the
// tools'.
import { existsSync, mkdirSync, readFileSync, cpSync, chmodSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { repoRoot } from "./paths.mjs";
import { run } from "./run.mjs";

export const pythonClientDir = path.join(repoRoot, "test", "generators", "python-client");
export const pythonSdkDir = path.join(repoRoot, "test", "generators", "python-sdk");
export const goClientDir = path.join(repoRoot, "test", "generators", "go-client");
const installDir = path.join(repoRoot, ".cache", "other-languages");
const venvDir = path.join(installDir, "python");
const sdkVenvDir = path.join(installDir, "python-sdk");
const fetchedGoRoot = path.join(installDir, "go");

/** A program of the Python tools' virtual environment (openapi-python-client, mypy, schemathesis, python). */
export function pythonTool(name) {
  return path.join(venvDir, "bin", name);
}

/** The python of the SDK's virtual environment. */
export function pythonSdkPython() {
  return path.join(sdkVenvDir, "bin", "python");
}

/** The SDK's pin in python-sdk/requirements.in, as `name==version`. */
export function pinnedPythonSdk() {
  const line = /^([A-Za-z][\w.-]*==\S+)$/m.exec(readFileSync(path.join(pythonSdkDir, "requirements.in"), "utf8"));
  if (!line) throw new Error(`${path.join(pythonSdkDir, "requirements.in")} pins no package (name==version)`);
  return line[1];
}

/** The Go toolchain go.mod pins, e.g. "go1.26.8". */
export function pinnedGoToolchain() {
  const line = /^toolchain (go\S+)$/m.exec(readFileSync(path.join(goClientDir, "go.mod"), "utf8"));
  if (!line) throw new Error(`${path.join(goClientDir, "go.mod")} has no toolchain line`);
  return line[1];
}

/** [major, minor] of a `go version` line, or undefined. */
function goVersionOf(command) {
  try {
    const result = run(command, ["version"], { check: false, env: { GOTOOLCHAIN: "local" } });
    const match = /go(\d+)\.(\d+)/.exec(result.stdout);
    return result.status === 0 && match ? [Number(match[1]), Number(match[2])] : undefined;
  } catch {
    return undefined; // not installed
  }
}

/**
 * The `go` to run the Go check with: the toolchain setup fetched, or the one on PATH when it can
 * switch toolchains itself (1.21 and later read go.mod's toolchain line and fetch it); undefined
 * when neither is there.
 */
export function goCommand() {
  const fetched = path.join(fetchedGoRoot, "bin", "go");
  if (existsSync(fetched)) return fetched;
  const version = goVersionOf("go");
  return version && (version[0] > 1 || version[1] >= 21) ? "go" : undefined;
}

/** What the Python tools need that a machine may lack, or undefined when they are installed. */
export function pythonToolsMissing() {
  return existsSync(pythonTool("schemathesis")) && existsSync(pythonTool("openapi-python-client")) && existsSync(pythonTool("mypy"))
    ? undefined
    : "the pinned Python tools (npm run setup:other-languages)";
}

/**
 * What the SDK's check needs that a machine may lack, or undefined when it is installed: the
 * venv's python, and in it the pinned version (setup writes a marker naming it only after pip
 * succeeded, so a half-done install or an older pin counts as missing).
 */
export function pythonSdkMissing() {
  const marker = path.join(sdkVenvDir, "installed.txt");
  const installed = existsSync(pythonSdkPython()) && existsSync(marker) && readFileSync(marker, "utf8").trim() === pinnedPythonSdk();
  return installed ? undefined : `the service's Python SDK, ${pinnedPythonSdk()} (npm run setup:other-languages)`;
}

/** A Python 3.10 or later with venv, as a command, or undefined. */
function basePython() {
  for (const candidate of ["/usr/bin/python3", "python3"]) {
    try {
      const probe = run(candidate, ["-c", "import sys, venv, ensurepip; assert sys.version_info >= (3, 10)"], { check: false });
      if (probe.status === 0) return candidate;
    } catch {
      // not installed
    }
  }
  return undefined;
}

/** Creates the virtual environment and installs requirements.txt into it, every hash checked. */
export function setupPython({ log = console.log } = {}) {
  const python = basePython();
  if (!python) throw new Error("no Python 3.10 or later with venv and ensurepip: install one (Debian: apt-get install -y python3 python3-venv)");
  if (!existsSync(pythonTool("python"))) run(python, ["-m", "venv", venvDir]);
  // PIP_FIND_LINKS and the like from the machine would let pip take files from elsewhere.
  const env = { PIP_FIND_LINKS: undefined, PIP_NO_INDEX: undefined, PIP_DISABLE_PIP_VERSION_CHECK: "1" };
  run(pythonTool("pip"), ["install", "--quiet", "--require-hashes", "--no-deps", "-r", path.join(pythonClientDir, "requirements.txt")], { env });
  log(run(pythonTool("python"), ["-c", "import sys; print('python', sys.version.split()[0])"]).stdout.trim());
  for (const tool of ["openapi-python-client", "mypy", "schemathesis"]) log(run(pythonTool(tool), ["--version"]).stdout.trim());
}

/** Creates the SDK's own virtual environment and installs python-sdk/requirements.txt into it, every hash checked. */
export function setupPythonSdk({ log = console.log } = {}) {
  const python = basePython();
  if (!python) throw new Error("no Python 3.10 or later with venv and ensurepip: install one (Debian: apt-get install -y python3 python3-venv)");
  if (!existsSync(pythonSdkPython())) run(python, ["-m", "venv", sdkVenvDir]);
  const env = { PIP_FIND_LINKS: undefined, PIP_NO_INDEX: undefined, PIP_DISABLE_PIP_VERSION_CHECK: "1" };
  run(path.join(sdkVenvDir, "bin", "pip"), ["install", "--quiet", "--require-hashes", "--no-deps", "-r", path.join(pythonSdkDir, "requirements.txt")], { env });
  const pin = pinnedPythonSdk();
  const [name] = pin.split("==");
  const version = run(pythonSdkPython(), ["-c", `import importlib.metadata as m; print(m.version(${JSON.stringify(name)}))`]).stdout.trim();
  if (`${name}==${version}` !== pin) throw new Error(`the SDK's venv holds ${name} ${version}, not the pinned ${pin}`);
  writeFileSync(path.join(sdkVenvDir, "installed.txt"), `${pin}\n`);
  log(`${name} ${version} (the service's Python SDK)`);
}

/**
 * Makes a Go that can build the check and downloads the check's modules. A go older than 1.21
 * cannot switch toolchains, so the pinned one is fetched as the module golang.org/toolchain (what
 * newer go does itself) and copied under .cache/other-languages/go.
 */
export function setupGo({ log = console.log } = {}) {
  const version = goVersionOf("go");
  if (!version) throw new Error("no Go on PATH: install one (Debian: apt-get install -y golang-go)");
  if (version[0] === 1 && version[1] < 21 && !existsSync(path.join(fetchedGoRoot, "bin", "go"))) {
    const arch = { x64: "amd64", arm64: "arm64" }[os.arch()] ?? os.arch();
    const module = `golang.org/toolchain@v0.0.1-${pinnedGoToolchain()}.${os.platform()}-${arch}`;
    const scratch = path.join(installDir, "toolchain-download");
    mkdirSync(scratch, { recursive: true });
    const downloaded = JSON.parse(run("go", ["mod", "download", "-json", module], { cwd: scratch, env: { GO111MODULE: "on", GOFLAGS: "-modcacherw" } }).stdout);
    rmSync(fetchedGoRoot, { recursive: true, force: true });
    cpSync(downloaded.Dir, fetchedGoRoot, { recursive: true });
    // The module cache keeps no execute bits; the toolchain's programs need them.
    for (const dir of [path.join(fetchedGoRoot, "bin"), ...readdirSync(path.join(fetchedGoRoot, "pkg", "tool")).map((name) => path.join(fetchedGoRoot, "pkg", "tool", name))]) {
      for (const file of readdirSync(dir)) chmodSync(path.join(dir, file), 0o755);
    }
  }
  const go = goCommand();
  run(go, ["mod", "download"], { cwd: goClientDir });
  log(run(go, ["version"], { cwd: goClientDir }).stdout.trim());
  // Built here once (Go caches it), so the checks start generating at once.
  log(`oapi-codegen ${run(go, ["tool", "oapi-codegen", "-version"], { cwd: goClientDir }).stdout.trim().split("\n").pop()}`);
}
