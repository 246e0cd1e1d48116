// Typed models in two languages other than TypeScript, Go and Python, generated from the 3.0
// edition; they compile (Go) or import (Python), decode every response example of the bundle, and
// decode every tagged union into the member its tag names (typed-models.ts says what is decoded).
//
// Why openapi-generator 4.3.1 (go-experimental and python-experimental), from the npm package
// @openapitools/openapi-generator-cli 1.0.18-4.3.1, run with Debian's Java. It is the one generator
// installable here (npm registry and Debian only) that turns `oneOf` + `discriminator` into a
// switch on the tag: Go's UnmarshalJSON reads the tag and decodes into the member's struct, and
// Python's composed class hands the value to the member class its `discriminator` map names.
// What was tried and left:
// - quicktype 26.0.0 (npm; Go, Python and others): installs and compiles, but merges the members
//   of a union of objects into one class (a Go `StepElement` with every member's fields, the tag
//   an enum), whatever the discriminator says: there is no member to decode into.
// - openapi-generator-cli 2.x (npm): fetches its jar at first use from a Java repository, which
//   this machine and CI cannot reach (tried: it fails looking the host up). 1.0.18-5.0.0-beta2,
//   the newest release that ships the jar, writes no Go model files at all (only their docs), and
//   its `python` generator leaves the discriminator map empty. So 1.0.18-4.3.1 is pinned.
// - oapi-codegen and openapi-python-client were out of reach when this was written (npm and Debian
//   only). They are pinned now, from the Go module proxy and PyPI, and their whole clients are
//   built and called against the mock (go-client.test.ts, python-client.test.ts). This check stays:
//   those make a handful of calls, while this one decodes every response example and every member
//   of every tagged union in both languages.
// Limits of 4.3.1, handled in the open: it emits no type for an untagged union written inline,
// nor for a named free-form object, yet refers to them; forOpenapiGenerator() (typed-models.ts)
// makes those "any JSON value" in the copy it reads, and the test bounds how many. Go's default
// int32 for `integer` cannot hold the nanosecond timestamps, so integers are int64. Go's decoding
// checks JSON types only; the Python models also check required properties, enums and bounds.
// Its Python generator stops on a date or date-time property with an `example`, so its copy drops
// those examples. The Python runtime 4.3.1 writes has three defects that refuse valid JSON, mended in
// python/decode_models.py, and its models import `nulltype` (on PyPI only) for one sentinel,
// supplied by python/stubs/nulltype.py.
//
// Generated code and the Go binary are cached under the OS temp dir, keyed by a hash of what the
// generator reads, so a second run takes seconds.
import { createHash } from "node:crypto";
import { copyFileSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { explain, generatorsDir, readEdition, repoRoot, run, type RunResult } from "../support/generator-tools.js";
import { decodeCases, forOpenapiGenerator, responseExamples, sameName, taggedUnions, unionSites, type DecodeCase, type UnionSite } from "./typed-models.js";
import { goTool, javaTool, missing, pythonModelsTool, pythonPath } from "../support/system-tools.js";

const GENERATOR = "openapi-generator 4.3.1";
const JAR = path.join(repoRoot, "node_modules", "@openapitools", "openapi-generator-cli", "bin", "openapi-generator.jar");
const GO_ARGS = ["-g", "go-experimental", "--additional-properties", "packageName=models,enumClassPrefix=true", "--type-mappings", "integer=int64"];
const PYTHON_ARGS = ["-g", "python-experimental", "--additional-properties", "packageName=svcmodels"];

interface Decoded {
  label: string;
  error?: string;
  /** JSON pointer → the model types (Go) or classes (Python) decoded there. */
  models: Record<string, string[]>;
}

/** Sites whose union did not decode into exactly the member the tag names, as readable lines. */
function wrongMembers(sites: readonly UnionSite[], decoded: readonly Decoded[]): string[] {
  const byLabel = new Map(decoded.map((result) => [result.label, result]));
  const problems: string[] = [];
  for (const site of sites) {
    const types = byLabel.get(site.label)?.models[site.path] ?? [];
    const members = [...new Set(site.members.filter((member) => types.some((type) => sameName(type) === sameName(member))))];
    if (members.length !== 1 || members[0] !== site.member) {
      problems.push(`${site.label} at ${site.path || "/"}: ${site.union} with ${site.tag} should be ${site.member}, decoded as [${types.join(", ")}]`);
    }
  }
  return problems;
}

const edition = readEdition("openapi-3.0.json") as unknown as Parameters<typeof decodeCases>[0];
const bundle = readEdition("openapi.json") as unknown as Parameters<typeof decodeCases>[0];
const examples = responseExamples(edition);
const { document: withCases, cases } = decodeCases(edition, bundle);
const prepared = forOpenapiGenerator(withCases);
const sites = unionSites(withCases, cases);
const unions = taggedUnions(edition);
const probes = cases.filter((decodeCase) => decodeCase.label.startsWith("probe "));

const specText = JSON.stringify(prepared.document);
// The decoder's source is in the key too: an edit to it must not run a stale binary.
const goDecoder = path.join(generatorsDir, "go", "decodemodels", "main.go");
const key = createHash("sha256")
  .update(JSON.stringify([JAR, GO_ARGS, PYTHON_ARGS]))
  .update(specText)
  .update(readFileSync(goDecoder))
  .digest("hex")
  .slice(0, 16);
const cache = path.join(os.tmpdir(), "service-api-typed-models", key);
const casesFile = path.join(cache, "cases.json");

/** Runs the generator into `<cache>/<name>` once per input; later runs reuse the output. */
async function generate(name: string, args: string[], extra: string[]): Promise<string> {
  const out = path.join(cache, name);
  if (existsSync(path.join(out, ".done"))) return out;
  rmSync(out, { recursive: true, force: true });
  const generated = await run("java", [
    "-jar",
    JAR,
    "generate",
    "-i",
    path.join(cache, "spec.json"),
    "-o",
    out,
    "--skip-validate-spec",
    "--global-property",
    `models,modelDocs=false,modelTests=false,supportingFiles${extra.length ? `=${extra.join(":")}` : ""}`,
    ...args,
  ]);
  expect(generated.status, explain(generated)).toBe(0);
  writeFileSync(path.join(out, ".done"), "");
  return out;
}

beforeAll(() => {
  mkdirSync(cache, { recursive: true });
  writeFileSync(path.join(cache, "spec.json"), specText);
  writeFileSync(casesFile, JSON.stringify(cases));
});

it("covers every response example and every member of every tagged union", () => {
  expect(examples.length).toBeGreaterThan(200);
  expect(unions.length).toBeGreaterThanOrEqual(12);
  expect(probes.length).toBe(unions.reduce((sum, union) => sum + Object.keys(union.mapping).length, 0));
  expect(cases.length).toBe(examples.length + probes.length);
  // What 4.3.1 cannot type, made "any JSON value" in its copy: bounded, so growth is noticed.
  // 98 at 312 operations (the client API document's first tier; fewer than 60 at 262).
  expect(prepared.untaggedUnions).toBeLessThan(110);
  expect(prepared.freeFormRefs).toBeLessThan(10);
  expect(prepared.dateExamples).toBeLessThan(100);
  // The unions the issue names, with every tag, and the integration that GET /integrations/{name} answers.
  const tagsOf = (union: string) => new Set(sites.filter((site) => site.union === union).map((site) => site.tag));
  expect([...tagsOf("AnyStep")].sort()).toEqual(["agent", "chain", "llm", "retriever", "tool", "workflow"]);
  expect([...tagsOf("ScorerFilter")].sort()).toEqual(["metadata", "modality", "node_name"]);
  expect([...tagsOf("FeedbackRating")].sort()).toEqual(["like_dislike", "score", "star", "tags", "text"]);
  expect(tagsOf("IntegrationSettings").size).toBe(12);
  expect(sites.filter((site) => site.label.startsWith("GET /integrations/{name} 200") && site.path === "/value")).toMatchObject([{ union: "IntegrationSettings" }]);
  // The comparison itself catches a union decoded into the wrong member, or into two.
  const [site] = sites.filter((s) => s.union === "AnyStep" && s.tag === "llm");
  const decodedAs = (...types: string[]) => [{ label: site!.label, models: { [site!.path]: ["AnyStep", ...types] } }];
  expect(wrongMembers([site!], decodedAs("LlmStep"))).toEqual([]);
  expect(wrongMembers([site!], decodedAs("ToolStep"))).toHaveLength(1);
  expect(wrongMembers([site!], decodedAs("LlmStep", "ToolStep"))).toHaveLength(1);
  expect(wrongMembers([site!], decodedAs())).toHaveLength(1);
});

/**
 * One language's models, built and run by `decode` over the cases (it prints what it decoded as
 * JSON). Both languages answer to the same checks, so one cannot drift to a laxer set.
 */
function describeDecoding(title: string, unavailable: boolean, loads: string, decode: () => Promise<RunResult>) {
  describe.skipIf(unavailable)(title, () => {
    let decoded: Decoded[];
    beforeAll(async () => {
      const result = await decode();
      expect(result.status, explain(result)).toBe(0);
      decoded = JSON.parse(result.stdout) as Decoded[];
    });

    it(`${loads} and decodes every response example and every probe`, () => {
      expect(decoded).toHaveLength(cases.length);
      expect(decoded.filter((result) => result.error).map((result) => `${result.label}: ${result.error}`)).toEqual([]);
    });

    it("decodes every tagged union into the member its tag names", () => {
      expect(wrongMembers(sites, decoded)).toEqual([]);
    });
  });
}

describeDecoding(`Go (${GENERATOR}, go-experimental)`, missing(javaTool) || missing(goTool), "compiles", async () => {
  const out = await generate("go", GO_ARGS, ["utils.go"]);
  // GOPATH mode, as go.test.ts: the generated package `models` and the decoder beside it.
  const gopath = path.join(cache, "gopath");
  const binary = path.join(cache, "decodemodels");
  if (!existsSync(binary)) {
    rmSync(gopath, { recursive: true, force: true });
    const models = path.join(gopath, "src", "models");
    const decoder = path.join(gopath, "src", "decodemodels");
    mkdirSync(models, { recursive: true });
    mkdirSync(decoder, { recursive: true });
    // 4.3.1 writes a list of files as `[]*os.File` without importing "os" (a single file gets its
    // import), and Go refuses the package. The import is added, and the files are held to a
    // list, so that a new case is seen rather than silently mended.
    // 4.3.1 also imports "time" into the log-stream search filters that come before the two date
    // filters in their union, and into the union, though none of them uses it (the project filters,
    // of the same shape, get no such import; why is not found), and Go refuses an unused import.
    // Those lines are dropped, held to a list the same way.
    const missingOs: string[] = [];
    const unusedTime: string[] = [];
    for (const file of readdirSync(out).filter((name) => name.endsWith(".go"))) {
      const source = readFileSync(path.join(out, file), "utf8");
      let mended = /\bos\.File\b/.test(source) && !/^\t"os"$/m.test(source) ? source.replace(/^import \(\n/m, 'import (\n\t"os"\n') : source;
      if (mended !== source) missingOs.push(file);
      const withTime = mended;
      if (/^\t"time"\n/m.test(mended) && !/\btime\.[A-Z]/.test(mended)) mended = mended.replace(/^\t"time"\n/m, "");
      if (mended !== withTime) unusedTime.push(file);
      writeFileSync(path.join(models, file), mended);
    }
    expect(missingOs.sort()).toEqual(["model_llm_scorer_validate_multipart_form.go"]);
    expect(unusedTime.sort()).toEqual([
      "model_log_stream_created_by_filter.go",
      "model_log_stream_filter.go",
      "model_log_stream_id_filter.go",
      "model_log_stream_name_filter.go",
    ]);
    copyFileSync(goDecoder, path.join(decoder, "main.go"));
    const wrappers = [...new Set(cases.map((decodeCase: DecodeCase) => decodeCase.wrapper))];
    writeFileSync(
      path.join(decoder, "registry.go"),
      `package main\n\nimport "models"\n\nvar registry = map[string]func() interface{}{\n${wrappers.map((name) => `\t"${name}": func() interface{} { return &models.${name}{} },`).join("\n")}\n}\n`,
    );
    const env: NodeJS.ProcessEnv = { ...process.env, GO111MODULE: "off", GOPATH: gopath, GOPROXY: "off", GOCACHE: path.join(os.tmpdir(), "service-api-go-build-cache") };
    delete env.GOFLAGS;
    const built = await run("go", ["build", "-o", binary, "."], { cwd: decoder, env });
    expect(built.status, explain(built)).toBe(0);
  }
  return run(binary, [casesFile]);
});

describeDecoding(`Python (${GENERATOR}, python-experimental)`, missing(javaTool) || missing(pythonModelsTool), "imports", async () => {
  const out = await generate("python", PYTHON_ARGS, []);
  return run(pythonPath, [path.join(generatorsDir, "python", "decode_models.py"), out, casesFile], {
    env: { PYTHONPATH: path.join(generatorsDir, "python", "stubs"), PYTHONDONTWRITEBYTECODE: "1" },
  });
});
