// Numbers, lists and tables the docs state about the code, held to the code: the size budget, the
// recursive schemas, which source files import the most local modules, the client's options and
// their defaults, verify's flags, the retried statuses, redaction's line and credential names, and
// ARCHITECTURE's trace. A change to either side fails here until the other follows.
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { gzipSync } from "node:zlib";
import { build, type PluginBuild } from "esbuild";
import path from "node:path";
import { expect, it } from "vitest";
import { BUDGET, TABLE_BUDGET } from "../../scripts/lib/size-budget.mjs";
import { recursiveSchemas } from "../../scripts/dereference.mjs";
import { runtimeContract } from "../../scripts/lib/runtime-contract.mjs";
import { repoRoot } from "../../scripts/lib/paths.mjs";
import { DEFAULT_MAX_RETRIES, DEFAULT_TIMEOUT_MS, resolveConfig } from "../../src/client/config.js";
import { CREDENTIAL_FIELDS, CREDENTIAL_HEADERS, SCRUB_MIN_LENGTH } from "../../src/client/redact.js";
import { isRetryableStatus } from "../../src/client/retries.js";
import { DEFAULT_CONCURRENCY, DEFAULT_DOCUMENT_PATHS, FLAGS, HELP, parseVerifyArgs } from "../../src/verify/options.js";

const read = (name: string) => readFileSync(path.join(repoRoot, name), "utf8").replace(/\s+/g, " ");

it("CONTRIBUTING gives the size budget check-size enforces", () => {
  const kb = (bytes: number) => `${(bytes / 1000).toFixed(1)} kB`;
  expect(read("CONTRIBUTING.md")).toContain(`against a budget of ${kb(BUDGET.minified)} minified and ${kb(BUDGET.gzip)} gzipped`);
  expect(read("CONTRIBUTING.md")).toContain(`is held to ${TABLE_BUDGET.gzipPerOperation} B gzipped per operation of the contract`);
});

it("CONTRIBUTING and the contract guide name exactly the recursive schemas", () => {
  const bundle = JSON.parse(readFileSync(path.join(repoRoot, "generated", "openapi.json"), "utf8"));
  const names = [...recursiveSchemas(bundle)].sort();
  const listed = `${names.slice(0, -1).map((name) => `\`${name}\``).join(", ")}, \`${names.at(-1)}\`:`;
  const words = ["Zero", "One", "Two", "Three", "Four", "Five", "Six", "Seven", "Eight", "Nine", "Ten"];
  expect(read("CONTRIBUTING.md")).toContain(`${words[names.length]} schemas are recursive (${listed}`);
  expect(read("docs/contract.md")).toContain(`the recursive schemas (${listed}`);
});

it("ARCHITECTURE names every source file that imports values from more than four local modules", () => {
  const counts: [string, number][] = [];
  const walk = (dir: string): void => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const file = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(file);
      else if (file.endsWith(".ts")) {
        const local = readFileSync(file, "utf8").match(/^import (?!type )[^;]*? from "\.\.?\/[^"]+";/gms) ?? [];
        counts.push([path.relative(path.join(repoRoot, "src"), file), local.length]);
      }
    }
  };
  walk(path.join(repoRoot, "src"));
  const many = counts.filter(([, count]) => count > 4).sort((a, b) => b[1] - a[1]);
  const architecture = read("ARCHITECTURE.md");
  expect(architecture).toContain(`${["Zero", "One", "Two", "Three", "Four", "Five", "Six", "Seven", "Eight", "Nine", "Ten"][many.length]} files import values from more than four local modules`);
  for (const [file, count] of many) expect(architecture).toMatch(new RegExp(`\`${file}\` \\(${count}[:)]`));
});

it("every src/ and scripts/ path ARCHITECTURE and CONTRIBUTING name exists", () => {
  for (const document of ["ARCHITECTURE.md", "CONTRIBUTING.md"]) {
    // A path starts after a space, a backtick or an opening bracket, and ends before a character
    // no path of ours holds; a trailing dot or slash belongs to the sentence or names a folder.
    const named = [...read(document).matchAll(/(?<=[\s`(])((?:src|scripts)\/[\w./-]*)/g)].map((match) => match[1]!.replace(/\.$/, ""));
    expect(named.length, document).toBeGreaterThan(5);
    for (const file of new Set(named)) expect(existsSync(path.join(repoRoot, file)), `${document} names ${file}`).toBe(true);
  }
});

it("CONTRIBUTING's \"where to change what\" names files and functions that exist", () => {
  const contributing = readFileSync(path.join(repoRoot, "CONTRIBUTING.md"), "utf8");
  const section = contributing.slice(contributing.indexOf("## Where to change what"), contributing.indexOf("## Repository layout"));
  const rows = section.split("\n").filter((line) => line.startsWith("| ") && !line.startsWith("| to change"));
  expect(rows.length).toBeGreaterThan(5);
  for (const row of rows) {
    const edit = row.split(" | ")[1]!;
    const files = [...edit.matchAll(/`((?:src|scripts|openapi)\/[^`<]+)`/g)].map((match) => match[1]!);
    for (const file of files) expect(existsSync(path.join(repoRoot, file)), `${file} (${row})`).toBe(true);
    const named = /`(\w+)`\)/.exec(edit)?.[1];
    if (named && files[0]) expect(readFileSync(path.join(repoRoot, files[0]), "utf8"), `${named} in ${files[0]}`).toMatch(new RegExp(`(?:function|class) ${named}\\b`));
  }
});

/** The cells of each row of the Markdown table in `file` whose header row starts with `header`. */
function tableRows(file: string, header: string): string[][] {
  const lines = readFileSync(path.join(repoRoot, file), "utf8").split("\n");
  const start = lines.findIndex((line) => line.startsWith(header));
  expect(start, `${file} has a table headed ${header}`).toBeGreaterThan(-1);
  const rows: string[][] = [];
  for (const line of lines.slice(start + 2)) {
    if (!line.startsWith("|")) break;
    rows.push(line.slice(2, -2).split(" | "));
  }
  return rows;
}

const thousands = (n: number) => String(n).replace(/\B(?=(\d{3})+$)/g, " ");

it("the client guide's options are ServiceClientOptions' options, with the defaults the client applies", () => {
  const rows = tableRows("docs/client.md", "| option | default |");
  const documented = rows.flatMap(([names]) => [...names!.matchAll(/`(\w+)`/g)].map((match) => match[1]!));
  const source = readFileSync(path.join(repoRoot, "src", "client", "config.ts"), "utf8");
  const body = source.slice(source.indexOf("export interface ServiceClientOptions {"));
  const declared = [...body.slice(0, body.indexOf("\n}")).matchAll(/^ {2}(\w+)\?:/gm)].map((match) => match[1]!);
  expect(documented.sort()).toEqual(declared.sort());

  const defaultOf = (name: string) => rows.find(([names]) => names === `\`${name}\``)?.[1];
  const resolved = resolveConfig({ baseUrl: "https://api.acme.example", auth: {}, env: {} });
  expect(defaultOf("timeoutMs")).toBe(`\`${resolved.timeoutMs}\``);
  expect(defaultOf("maxRetries")).toBe(`\`${resolved.maxRetries}\``);
  expect([resolved.timeoutMs, resolved.maxRetries]).toEqual([DEFAULT_TIMEOUT_MS, DEFAULT_MAX_RETRIES]);
});

it("the verify guide's flags and the help text are the flags the command takes, with its defaults", () => {
  const rows = tableRows("docs/verify.md", "| flag | |");
  const documented = rows.flatMap(([flags]) => [...flags!.matchAll(/`--([a-z-]+)/g)].map((match) => match[1]!));
  const taken = Object.keys(FLAGS).filter((flag) => flag !== "help");
  expect(documented.sort()).toEqual(taken.sort());
  expect([...HELP.matchAll(/^ {2}--([a-z-]+)/gm)].map((match) => match[1]!).sort()).toEqual(Object.keys(FLAGS).sort());

  const describe = (flag: string) => rows.find(([flags]) => flags!.startsWith(`\`--${flag} `))?.[1];
  expect(describe("concurrency")).toContain(`(default ${DEFAULT_CONCURRENCY})`);
  expect(describe("timeout-ms")).toContain(`(default ${thousands(DEFAULT_TIMEOUT_MS)})`);
  expect(describe("openapi")).toContain(`(default: each of ${DEFAULT_DOCUMENT_PATHS.map((path) => `\`${path}\``).join(", ")} that answers)`);
  expect(HELP).toContain(`Default: each of\n${" ".repeat(25)}${DEFAULT_DOCUMENT_PATHS.join(", ")} that answers`);
  expect(parseVerifyArgs(["verify"]).concurrency).toBe(DEFAULT_CONCURRENCY);
});

it("the guides' retried statuses are the ones the client retries", () => {
  const retried = Array.from({ length: 500 }, (_, i) => 100 + i).filter(isRetryableStatus).join(", ");
  expect(read("docs/client.md")).toContain(`are retried up to \`maxRetries\` times on ${retried}, timeouts`);
  expect(read("docs/contract.md")).toContain(`retry it like a GET (on ${retried} and connection errors)`);
});

it("the README and the guides say where redaction draws its line, and the testing guide lists the credential headers and fields the mock redacts", () => {
  const line = `${SCRUB_MIN_LENGTH} characters`;
  expect(read("README.md")).toContain(`a key under ${line}, such as a test key, only where it stands alone`);
  expect(read("docs/client.md")).toContain(`a credential of ${line} or more is replaced by \`[REDACTED]\` wherever it appears; a shorter one`);
  expect(read("docs/testing.md")).toContain(`one of ${SCRUB_MIN_LENGTH} characters or more is replaced wherever it appears; a shorter one`);
  const recorded = read("docs/testing.md").split("- **Recorded calls**")[1]!.split("- **Examples**")[0]!;
  const headers = /Credential headers \(([^)]*)\)/.exec(recorded)![1]!;
  expect([...headers.matchAll(/`([^`]+)`/g)].map((match) => match[1]!.toLowerCase()).sort()).toEqual([...CREDENTIAL_HEADERS].sort());
  const fields = /those named (.*?) \(a login's/.exec(recorded)![1]!;
  expect([...fields.matchAll(/`([^`]+)`/g)].map((match) => match[1]!).sort()).toEqual([...CREDENTIAL_FIELDS].sort());
});

it("ARCHITECTURE's trace counts the files it names, and transport.ts is the client's longest file, as long as it says", () => {
  const architecture = read("ARCHITECTURE.md");
  const trace = /That trace crosses \*\*(\d+) files of `src\/`\*\*.*? generated policy table: (.*?), with `redact`/.exec(architecture);
  expect(trace).not.toBeNull();
  const named = [...trace![2]!.replace(/\(with [^)]*\)/g, "").matchAll(/`([\w-]+)`/g)].map((match) => match[1]!);
  expect(named).toHaveLength(Number(trace![1]));
  // The trace names modules, wherever their concern's folder puts them.
  const modules = readdirSync(path.join(repoRoot, "src"), { recursive: true, encoding: "utf8" }).map((file) => path.basename(file));
  for (const name of named) expect(modules, name).toContain(`${name}.ts`);

  const said = Number(/`transport\.ts` is the longest file of the client \(about (\d+) lines\)/.exec(architecture)?.[1]);
  const lengths = readdirSync(path.join(repoRoot, "src", "client"), { recursive: true, encoding: "utf8" })
    .filter((file) => file.endsWith(".ts"))
    .map((file) => [file, readFileSync(path.join(repoRoot, "src", "client", file), "utf8").split("\n").length - 1] as const)
    .sort((a, b) => b[1] - a[1]);
  expect(lengths[0]![0]).toBe("transport.ts");
  expect(Math.abs(lengths[0]![1] - said), `transport.ts has ${lengths[0]![1]} lines`).toBeLessThanOrEqual(said * 0.05);
});

it("the verify guide's sizes of an app with the validating middleware, and CONTRIBUTING's size of the types, are what they measure", async () => {
  // Sizes that "about" a figure may drift a little before the docs must follow: 5 %.
  const about = (measured: number, said: number) => expect(Math.abs(measured - said), `measured ${measured}, the docs say ${said}`).toBeLessThanOrEqual(said * 0.05);
  const readme = read("docs/verify.md");
  const [, mb, gzKb, validatorKb] = /bundles by esbuild to about ([\d.]+) MB minified, (\d+) kB gzipped, .*?\(the validator is about (\d+) kB minified\)/.exec(readme) ?? [];
  const app = `import { createServiceClient } from "./src/index.ts"; import { validateResponses } from "./src/validate.ts";
    globalThis.client = createServiceClient({ baseUrl: "https://api.acme.example", auth: {} }); globalThis.client.use(validateResponses());`;
  // The app gets the contract as the package ships it (scripts/lib/runtime-contract.mjs), not the
  // whole bundle the sources import.
  const shippedContract = {
    name: "shipped-contract",
    setup(on: PluginBuild) {
      on.onLoad({ filter: /[\\/]generated[\\/]openapi\.json$/ }, (args) => ({ contents: JSON.stringify(runtimeContract(JSON.parse(readFileSync(args.path, "utf8")))), loader: "json" }));
    },
  };
  const bundle = async (contents: string) =>
    (await build({ stdin: { contents, resolveDir: repoRoot, loader: "ts" }, bundle: true, minify: true, format: "esm", platform: "browser", write: false, logLevel: "silent", plugins: [shippedContract] })).outputFiles[0]!.contents;
  const appBytes = await bundle(app);
  about(appBytes.length, Number(mb) * 1e6);
  about(gzipSync(appBytes).length, Number(gzKb) * 1e3);
  about((await bundle(`export * from "@cfworker/json-schema";`)).length, Number(validatorKb) * 1e3);

  const typesMb = Number(/so the types ship once: ([\d.]+) MB as generated/.exec(read("CONTRIBUTING.md"))?.[1]);
  about(statSync(path.join(repoRoot, "generated", "schema.d.ts")).size, typesMb * 1e6);
});
