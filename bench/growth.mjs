// What a growing contract costs its users (issue 48), against the number of operations: type
// instantiations and a strict consumer's tsc time (type-cost.mjs), the client's size (gzip), the
// testing mock's routing, and cold start. The goal: each grows no faster than the operations
// since the recorded baseline (bench/results/growth-baseline.json), and the size stays within its
// budget (the size goal). The operation count is read from the built package's contract, never
// written down here, so a contract that grows moves it: by the document model's own walk, which is
// TypeScript in src/, so in a child through tsx (the bench itself runs on plain Node).
//   node bench/growth.mjs --record [results.json]   records a run's growth rows as the baseline
//                                                   (bench/results/latest.json by default)
//   node --import tsx bench/growth.mjs --count      prints the built contract's operation count
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { repoRoot } from "../scripts/lib/paths.mjs";
import { runNode } from "../scripts/lib/run.mjs";
import { alternate, round1 } from "./stats.mjs";

export const GROWTH_BASELINE = path.join(repoRoot, "bench", "results", "growth-baseline.json");

const BUILT_CONTRACT = path.join(repoRoot, "dist", "openapi.json");

/** The operations of the contract the built package ships (dist/openapi.json). */
export function operationCount() {
  const count = Number(runNode("bench/growth.mjs", ["--count"]).stdout.trim());
  if (!Number.isInteger(count) || count <= 0) throw new Error(`bench/growth.mjs --count printed no operation count for ${BUILT_CONTRACT}`);
  return count;
}

/** A path no template of the contract has, with segments enough that none is ruled out by length alone. */
const NOWHERE = "/bench/no/operation/has/this/path/at/all";

/**
 * The testing mock's routing, as it grows with the templates: one request to a path no operation
 * has, so that every template is tried, answered 404 (µs of CPU per request, medians of rounds;
 * the 404 answer's own work is in it and does not grow).
 */
export async function routingBench({ quick }) {
  const { mockService } = await import(pathToFileURL(path.join(repoRoot, "dist", "testing.js")).href);
  const mock = mockService({}, { unhandled: "error" });
  const call = async () => {
    const response = await mock.fetch(`https://api.bench.example${NOWHERE}`);
    if (response.status !== 404) throw new Error(`the routing probe was answered ${response.status}, not 404: a template matches ${NOWHERE}`);
    await response.text();
  };
  // The mock records each refused request as a violation: let go of them between rounds.
  const [row] = await alternate([["404", call]], { ...(quick ? { rounds: 5, calls: 200, warmup: 200 } : { rounds: 21, calls: 500, warmup: 1000 }), clock: "cpu", between: () => mock.reset() });
  return { us: round1(row.us), min: round1(row.min), max: round1(row.max) };
}

/**
 * A run's growth rows: the operation count and, beside it, each figure that grows with it. Per
 * Node: the mock's routing and our cold start's load and create.
 */
export function growthOf(results) {
  const perNode = {};
  for (const f of results.runtimes ?? []) {
    if (f.skipped) continue;
    // Cold start's part that grows with the contract: loading the client's modules and making the
    // client (its policy table is one entry per operation). The first answer's time beside it is
    // mostly Node's own start-up, and the difference of two medians of 7 swings by ±10 ms.
    const cold = f.coldStart?.find((r) => r.name === "ours: API key");
    perNode[f.name] = { routingUs: f.routing?.us, coldStartLoadMs: cold?.loadMs };
  }
  return {
    operations: operationCount(),
    instantiations: results.types?.ours?.instantiations,
    tscSeconds: results.types?.ours?.wallSeconds,
    gzipBytes: results.size?.ours?.bytes?.gzip,
    perNode,
  };
}

/** The recorded baseline, or undefined when none has been recorded. */
export function growthBaseline() {
  try {
    return JSON.parse(readFileSync(GROWTH_BASELINE, "utf8"));
  } catch {
    return undefined;
  }
}

const isMain = process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href;
if (isMain && process.argv.includes("--count")) {
  const { operationsOf } = await import("../src/contract/openapi-document.js");
  console.log([...operationsOf(JSON.parse(readFileSync(BUILT_CONTRACT, "utf8")))].length);
}
if (isMain && process.argv.includes("--record")) {
  const file = process.argv.slice(2).find((a) => !a.startsWith("--")) ?? path.join(repoRoot, "bench", "results", "latest.json");
  const results = JSON.parse(readFileSync(file, "utf8"));
  if (!results.growth) throw new Error(`${file} has no growth rows: record from a run of this bench`);
  const baseline = { date: results.date, load: results.load, options: results.options, ...results.growth };
  writeFileSync(GROWTH_BASELINE, `${JSON.stringify(baseline, null, 2)}\n`);
  console.log(`recorded the growth rows of ${path.relative(repoRoot, file)} (${baseline.operations} operations) as the baseline`);
}
