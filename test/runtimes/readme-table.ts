// The README's "Where it is tested" section, written from what the runtime project really runs:
// the runtimes of runtimes.ts, the shared cases, the known failures, the pinned compilers and the
// bundlers. readme-table.test.ts holds the README to exactly this text.
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { CASE_NAMES } from "./app/protocol.js";
import { KNOWN_FAILURES } from "./known-failures.js";
import { RUNTIME_PACKAGES } from "../../scripts/lib/runtimes.mjs";
import { RUNTIMES } from "./runtimes.js";
import { TOOL_PACKAGES } from "../../scripts/lib/tool-packages.mjs";

/** What each shared case proves, in a user's words. */
export const CASE_DESCRIPTIONS: Readonly<Record<string, string>> = {
  health: "the health check, with no credentials and nothing read from the environment",
  "api-key": "a call with an API key",
  "jwt-shared-token": "JWT mode: three concurrent calls share one get-token request",
  "retry-503": "a 503 retried after its `Retry-After`",
  timeout: "a per-call `timeoutMs` that rejects with `ServiceTimeoutError`",
  abort: "an `AbortSignal` that rejects with its reason and closes the connection (the server sees it close)",
  "unwrap-422": "a 422 whose reason `unwrap` puts in its message",
  "upload-blob": "a multipart upload of a `Blob`",
  "upload-bytes": "a multipart upload of a `Uint8Array`",
  "upload-formdata": "a multipart upload of a `FormData` the caller built",
  paginate: "`paginate` over two pages",
  "fetch-replaced": "a `globalThis.fetch` replaced after the client was created (as fetch mocks do) is the one called",
  validate: "`service-api/validate` flagging an answer that breaks the contract",
  testing: "`service-api/testing`'s mock, with no server: a typed handler, a default answer from the contract, a 422 for a request and a `ContractViolationError` for an answer the contract refuses, an upload's file, credentials redacted in the recorded calls",
};

const require = createRequire(import.meta.url);
const versionOf = (manifest: string) => (JSON.parse(readFileSync(require.resolve(manifest), "utf8")) as { version: string }).version;

/** The cases listed as known failures of `runtime`, of one kind: our bugs (a finding) or the runtime's limits. */
function knownFailures(runtime: string, kind: "bug" | "limit"): string {
  const known = Object.entries(KNOWN_FAILURES[runtime] ?? {})
    .filter(([, failure]) => (failure.finding !== undefined) === (kind === "bug"))
    .sort(([a], [b]) => CASE_NAMES.indexOf(a) - CASE_NAMES.indexOf(b));
  if (known.length === 0) return "–";
  return known.map(([name, failure]) => (kind === "bug" ? `\`${name}\`` : `\`${name}\`: ${failure.reason}`)).join(", ");
}

/** One row per runtime; the column of open bugs only while there are some. */
function runtimeTable(): string[] {
  const bugs = RUNTIMES.some((runtime) => knownFailures(runtime.id, "bug") !== "–");
  const row = (cells: string[]) => `| ${cells.join(" | ")} |`;
  return [
    row(["runtime", "how the package gets there", "not supported there", ...(bugs ? ["open bugs, being fixed"] : [])]),
    row(Array(bugs ? 4 : 3).fill("---")).replace(/ /g, ""),
    ...RUNTIMES.map((runtime) => row([runtime.label, runtime.loads, knownFailures(runtime.id, "limit"), ...(bugs ? [knownFailures(runtime.id, "bug")] : [])])),
  ];
}

export function renderWhereTested(): string {
  const rollup = versionOf(createRequire(require.resolve("tsup/package.json")).resolve("rollup/package.json"));
  const { typescriptFloor, typescriptFullCheck, typescriptBundlerFloor, typescript7, msw3, vitest5 } = TOOL_PACKAGES;
  const version22 = RUNTIME_PACKAGES.node22.version;
  const nodeLines = [version22, RUNTIME_PACKAGES.node24.version, RUNTIME_PACKAGES.node26.version].join(", ");
  const lines = [
    "## Where it is tested",
    "",
    "The tests install the packed tarball, exactly what `npm publish` uploads, and run the same",
    "cases, written as user code, on each runtime below (`test/runtimes/`; the runtimes are pinned",
    "packages of the npm registry):",
    "",
    ...CASE_NAMES.map((name) => `- \`${name}\`: ${CASE_DESCRIPTIONS[name]}`),
    "",
    ...runtimeTable(),
    "",
    `\`service-api/testing/msw\` (with MSW ${versionOf("msw/package.json")}) runs on the four Node.js lines above with MSW's`,
    "`setupServer`, and in Chromium with `setupWorker`, where an SWR hook made by swr-openapi renders",
    `the mock's answer (\`test/runtimes/msw.test.ts\`). With MSW ${msw3.version}, installed beside the packed tarball by`,
    `\`npm install\`, it runs on Node.js ${nodeLines}, MSW 3's floor being 22.12 (\`test/runtimes/msw-3.test.ts\`).`,
    "",
    `The testing guide's Vitest example runs from the packed tarball under Vitest ${versionOf("vitest/package.json")} on Node.js 20 and`,
    `Vitest ${vitest5.version} on Node.js ${version22} (\`test/runtimes/vitest.test.ts\`).`,
    "",
    `The types need TypeScript ${typescriptFloor.version.replace(/\.\d+$/, "")} or later (the first that reads \`exports\`), or ${typescriptFullCheck.version.replace(/\.\d+$/, "")} or`,
    "later with `skipLibCheck: false`, for openapi-fetch's own declarations; `Bundler` resolution came with 5.0, and",
    `TypeScript 7 accepts \`NodeNext\`, \`Node16\` and \`Bundler\` but no longer \`node10\`. What compiles and bundles the package:`,
    "",
    "| tool | what is checked |",
    "|---|---|",
    `| TypeScript ${typescriptFloor.version} | a consumer of \`service-api\`, \`service-api/schema\`, \`service-api/validate\` and \`service-api/testing\` compiles (\`strict\`, \`skipLibCheck\`) with \`moduleResolution\` \`NodeNext\` and \`Node16\` (it has no \`Bundler\`); with \`node\` (node10), a program of the root entry compiles and a subpath import is an error |`,
    `| TypeScript ${typescriptBundlerFloor.version} | the consumer with \`Bundler\`, which TypeScript 5.0 brought |`,
    `| TypeScript ${typescriptFullCheck.version} | the same with \`skipLibCheck: false\` |`,
    `| TypeScript ${typescript7.version} (the native port) | the consumer with \`skipLibCheck: false\` under \`NodeNext\`, \`Node16\` and \`Bundler\`, and with the strictest flags below; it refuses \`node10\` (and \`node\`) as a removed option (TS5108), so a project there moves to one of the three |`,
    `| TypeScript ${versionOf("typescript/package.json")} | the same with \`exactOptionalPropertyTypes\`, \`noUncheckedIndexedAccess\`, \`noPropertyAccessFromIndexSignature\` and \`lib: ["ES2022", "DOM"]\` without Node's types; \`undefined\` is taken for anything you have not got: the client's, the calls' and \`paginate\`'s options, \`signal\`, and every optional parameter and body field of the generated types |`,
    `| esbuild ${versionOf("esbuild/package.json")}, rollup ${rollup} | an app that imports only \`createServiceClient\` carries nothing of \`paginate\`, the contract or \`service-api/validate\`; no entry but \`service-api/testing/msw\` imports MSW |`,
  ];
  return `${lines.join("\n")}\n`;
}
