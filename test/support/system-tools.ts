// Some checks need programs from Debian's packages: Chromium (rendered docs, the ESM build in a
// page), Go with kin-openapi, Perl's OpenAPI::Client, a Java runtime and Python's urllib3, dateutil
// and six (generator checks). `.ci/run` installs them, and under CI a missing one fails its tests.
// On a machine set up with `npm ci` alone, those tests are skipped with a line saying what to
// install: `npm run test:all` must pass there too.
import { existsSync } from "node:fs";
import { goCommand, pythonSdkMissing, pythonToolsMissing } from "../../scripts/lib/other-languages.mjs";
import { run } from "../../scripts/lib/run.mjs";

export interface SystemTool {
  readonly name: string;
  readonly present: boolean;
  readonly install: string;
}

function succeeds(command: string, args: string[]): boolean {
  try {
    return run(command, args, { stdio: "ignore", check: false }).status === 0;
  } catch {
    return false; // not installed
  }
}

export const chromiumPath = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

export const chromiumTool: SystemTool = {
  name: "Chromium",
  present: existsSync(chromiumPath),
  install: "apt-get install -y chromium",
};

export const goTool: SystemTool = {
  name: "Go with kin-openapi",
  present: succeeds("go", ["version"]) && existsSync("/usr/share/gocode/src/github.com/getkin/kin-openapi"),
  install: "apt-get install -y golang-go golang-github-getkin-kin-openapi-dev",
};

export const perlClientTool: SystemTool = {
  name: "Perl's OpenAPI::Client",
  present: succeeds("perl", ["-MOpenAPI::Client", "-e", "1"]),
  install: "apt-get install -y libopenapi-client-perl",
};

export const javaTool: SystemTool = {
  name: "a Java runtime (for openapi-generator)",
  present: succeeds("java", ["-version"]),
  install: "apt-get install -y default-jre-headless",
};

/** True when the tests that need `tool` should be skipped: never under CI, where it must be there. */
export function missing(tool: SystemTool): boolean {
  if (tool.present || process.env.CI) return false;
  console.warn(`skipping the checks that need ${tool.name}: not installed here (${tool.install}; .ci/run does this)`);
  return true;
}

// Debian's python3 first: a pyenv shim earlier on PATH may be a Python without Debian's packages.
export const pythonPath = existsSync("/usr/bin/python3") ? "/usr/bin/python3" : "python3";

export const pythonRequestsTool: SystemTool = {
  name: "Python's requests",
  present: succeeds(pythonPath, ["-c", "import requests"]),
  install: "apt-get install -y python3-requests",
};

/** What the Python models openapi-generator makes import besides the standard library. */
export const pythonModelsTool: SystemTool = {
  name: "Python's urllib3, dateutil and six",
  present: succeeds(pythonPath, ["-c", "import urllib3, dateutil, six"]),
  install: "apt-get install -y python3-urllib3 python3-dateutil python3-six",
};

/** openapi-python-client, mypy and Schemathesis, pinned, in their virtual environment (scripts/lib/other-languages.mjs). */
export const pythonClientTools: SystemTool = {
  name: "the pinned Python tools (openapi-python-client, mypy, Schemathesis)",
  present: pythonToolsMissing() === undefined,
  install: "npm run setup:other-languages, which needs Python 3.10 or later with venv",
};

/** A Go that builds oapi-codegen's client: 1.21 or later (it fetches the pinned toolchain), or the one setup fetched. */
export const goClientTool: SystemTool = {
  name: "Go 1.21 or later (for oapi-codegen)",
  present: goCommand() !== undefined,
  install: "npm run setup:other-languages, which needs a Go on PATH",
};

/** The service's own Python SDK, pinned, in a virtual environment of its own (scripts/lib/other-languages.mjs). */
export const pythonSdkTool: SystemTool = {
  name: "the service's Python SDK (test/generators/python-sdk/requirements.in)",
  present: pythonSdkMissing() === undefined,
  install: "npm run setup:other-languages, which needs Python 3.10 or later with venv",
};
