// The bench's goals (bench/goals.mjs) read a run's results the same way on every Node, and
// bench/README.md states them as the code does. No timing here: the figures are made up.
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { evaluateGoals, GOALS } from "../../bench/goals.mjs";
import { goalsTable, LATEST } from "../../bench/goals-table.mjs";
import { repoRoot } from "../../scripts/lib/paths.mjs";

const SPEAKEASY = "Speakeasy SDK (reference)";
const MOCK = "service-api/testing (request and answer checked)";
const OPENAPI_MSW = "MSW + openapi-msw (no checks)";
const MSW_CONTRACT = "MSW + service-api/testing/msw (checked)";
const KINDS = ["GET", "POST with a JSON body", "multipart upload"];
const CONTROL = "ours: API key, a second copy (control)";
const OURS = ["ours: API key", "ours: Basic", "ours: JWT (cached)"];

/** Nine heap samples from `lowest` to 0.1 MB above it, their median 0.05 MB above it. */
const heapSamples = (lowest: number, count = 9) => Array.from({ length: count }, (_, i) => lowest + (i % 3) * 0.05);

/**
 * One Node's figures: ours costs `cpuOverUs` more CPU per call than bare openapi-fetch, adds
 * `addedUs` to a loopback call (call by call, at `pairedRatio`) and `ratio` in rounds, `at5ms` at
 * the 5 ms route; the heap (the lowest of each row's samples) and leak figures, and MSW's time over the mock's, as given.
 */
function nodeFigures(
  name: string,
  {
    cpuOverUs = 5,
    ratio = 1.1,
    addedUs = 20,
    pairedRatio = 1.1,
    at5ms = 1.01,
    controlApartUs = 0.5,
    bareHeapMb = 2,
    oursHeapMb = 2,
    heapSampleCount = 9,
    aloneLeakMb = 0.1,
    oursLeakMb = 0.1,
    mswOverMock = 2.3,
  } = {},
) {
  const all = ["openapi-fetch", ...OURS, SPEAKEASY];
  const over = (n: string) => (n === "openapi-fetch" ? 0 : n === SPEAKEASY ? 100 : n === CONTROL ? cpuOverUs + controlApartUs : cpuOverUs);
  const vs = (n: string) => (n === "openapi-fetch" ? 1 : n === SPEAKEASY ? 2 : ratio);
  return {
    name,
    cpu: [...all, CONTROL].map((n) => ({ name: n, us: 20 + over(n), overBareUs: over(n) })),
    loopback: all.map((n) => ({ name: n, us: 200 * vs(n), vsBare: vs(n) })),
    loopbackAt5ms: all.map((n) => ({ name: n, us: 5200 * (n === "openapi-fetch" ? 1 : at5ms), vsBare: n === "openapi-fetch" ? 1 : at5ms })),
    pairs: {
      calls: 4000,
      runs: [[0.2, 0.3], [0.3, 0.3], [0.3, 0.4]],
      rows: ["openapi-fetch", ...OURS].map((n) => {
        const added = n === "openapi-fetch" ? 0 : addedUs;
        return { name: n, us: 200 + added, overBareUs: added, pairedRatio: n === "openapi-fetch" ? 1 : pairedRatio, overBareUsRuns: [added - 2, added, added + 3], spreadUs: [added - 2, added + 3] };
      }),
    },
    inFlight: ["openapi-fetch", "ours: API key", SPEAKEASY].map((n) => ({ name: n, ms: 100 * vs(n), vsBare: vs(n) })),
    coldStart: ["openapi-fetch", "ours: API key", SPEAKEASY].map((n) => ({ name: n, firstAnswerMs: n === SPEAKEASY ? 600 : 90 })),
    heap: ["openapi-fetch", "ours: API key", SPEAKEASY].map((n) => {
      const samplesMb = heapSamples(n === SPEAKEASY ? 39 : n === "openapi-fetch" ? bareHeapMb : oursHeapMb, heapSampleCount);
      return { name: n, minGrowthMb: Math.min(...samplesMb), growthMb: samplesMb[4], maxGrowthMb: Math.max(...samplesMb), samplesMb };
    }),
    leak: ["fetch alone", ...OURS].map((n) => ({ name: n, heapDeltaMb: n === "fetch alone" ? aloneLeakMb : oursLeakMb, resourcesLeft: {}, listenersLeft: 0 })),
    mock: KINDS.flatMap((kind) => [
      { kind, name: MOCK, us: 400, overMock: 1 },
      { kind, name: OPENAPI_MSW, us: 400 * mswOverMock, overMock: mswOverMock },
    ]),
  };
}

const size = {
  ours: { minified: 41_000, gzip: 14_200, ownCode: { minified: 37_500, gzip: 13_600 }, table: { minified: 3_600, gzip: 786, operations: 262 } },
  speakeasyOneFunction: { minified: 798_000, gzip: 88_000 },
};
const byFigure = (rows: ReturnType<typeof evaluateGoals>, on: string) => rows.filter((r) => r.on === on);

describe("bench goals", () => {
  it("checks every per-call goal on each Node, and size once", () => {
    const rows = evaluateGoals({ size, runtimes: [nodeFigures("Node 20.20.2"), nodeFigures("Node 24.21.0", { cpuOverUs: 15.1, pairedRatio: 1.151 })] });
    const perNode = GOALS.filter((g) => !g.once).length;
    expect(byFigure(rows, "Node 20.20.2")).toHaveLength(perNode);
    expect(byFigure(rows, "Node 24.21.0")).toHaveLength(perNode);
    // The loop's times are reported, never goals: size and the growth of what does not depend on
    // the runtime are the goals taken once (no growth rows in these results: not measured).
    expect(byFigure(rows, "any").map((r) => [r.figure.split(",")[0], r.holds])).toEqual([
      ["type instantiations", null],
      ["type cost: a strict 20-call consumer's tsc wall vs openapi-fetch with the same types (median of 3)", null],
      ["runtime size: own code with openapi-fetch (the policy table emptied)", true],
    ]);
    // Issue 36's MSW handlers and the growth rows have no figures here: not measured, never met.
    const unmeasured = (r: { figure: string }) => r.figure.startsWith("MSW handlers from the contract") || r.figure.includes("growth vs the operations'");
    expect(byFigure(rows, "Node 20.20.2").filter(unmeasured).map((r) => r.holds)).toEqual([null, null]);
    expect(byFigure(rows, "Node 20.20.2").filter((r) => !unmeasured(r)).every((r) => r.holds === true)).toBe(true);
    // Over the limits by a hair on Node 24: the loopback call and CPU miss there and only there.
    const missed = rows.filter((r) => r.holds === false).map((r) => [r.on, r.figure.split(" ")[0]]);
    expect(missed).toEqual([
      ["Node 24.21.0", "loopback"],
      ["Node 24.21.0", "CPU"],
    ]);
  });

  it("binds on Node 22, 24 and 26; Node 20's rows are evaluated and marked unbound", () => {
    const names = ["Node 20.20.2", "Node 22.23.3", "Node 24.21.0", "Node 26.12.1"];
    const rows = evaluateGoals({ size, runtimes: names.map((name) => nodeFigures(name, { cpuOverUs: 20 })) });
    const cpu = rows.filter((r) => r.figure.startsWith("CPU per call"));
    expect(cpu.map((r) => [r.on, r.bound, r.holds])).toEqual([
      ["Node 20.20.2", false, false],
      ["Node 22.23.3", true, false],
      ["Node 24.21.0", true, false],
      ["Node 26.12.1", true, false],
    ]);
    expect(byFigure(rows, "any").every((r) => r.bound)).toBe(true);
  });

  it("holds the CPU measure to two copies of one build within 2 µs, in the paired figure the CPU goal reads", () => {
    const noise = (controlApartUs: number) => evaluateGoals({ size, runtimes: [nodeFigures("Node 24.21.0", { controlApartUs })] }).find((r) => r.figure.startsWith("CPU measure's noise"));
    expect(noise(1.9)).toMatchObject({ holds: true, measured: "1.9 µs (plain medians 1.9 µs apart)" });
    expect(noise(-2.1)).toMatchObject({ holds: false });
  });

  it("reports a Node that was not measured as not measured, never as met", () => {
    const rows = evaluateGoals({ size, runtimes: [nodeFigures("Node 20.20.2"), { name: "Node 24.21.0", skipped: "left out (--nodes)" }] });
    const node24 = byFigure(rows, "Node 24.21.0");
    expect(node24.length).toBeGreaterThan(0);
    expect(node24.every((r) => r.holds === null && r.measured === "not measured in this run")).toBe(true);
  });

  it("misses the Speakeasy goal when it is less than 1.5× behind on any one measure", () => {
    const close = nodeFigures("Node 24.21.0");
    close.inFlight = close.inFlight.map((r) => (r.name === SPEAKEASY ? { ...r, vsBare: 1.6 } : r));
    const row = evaluateGoals({ size, runtimes: [close] }).find((r) => r.figure.startsWith("Speakeasy"));
    expect(row).toMatchObject({ holds: false, measured: expect.stringContaining("in flight 1.45×") });
  });

  it("sets no goal on the loop's times, even when the run timed them", () => {
    const pipelineSeconds = { "npm run check (the maintainer's loop)": 45.4, "npm test (the fast tier)": 71.2 };
    const rows = evaluateGoals({ size, runtimes: [], pipelineSeconds });
    expect(rows.map((r) => r.figure)).toEqual([
      "type instantiations, strict tsc time and gzip size, growth vs the operations' since the baseline",
      "type cost: a strict 20-call consumer's tsc wall vs openapi-fetch with the same types (median of 3), each compiler",
      "runtime size: own code with openapi-fetch (the policy table emptied), min + gzip; the table's cost",
    ]);
  });

  it("holds the type cost to 1.3× openapi-fetch's on each compiler, from the unrounded medians", () => {
    const row = (kind: string, compiler: string, wallMedianSeconds: number) => ({ kind, compiler, wallMedianSeconds, wallSeconds: Math.round(wallMedianSeconds * 10) / 10 });
    const typeCost = (oursOn7: number) =>
      evaluateGoals({
        size,
        runtimes: [],
        types: { ours: row("ours", "5.9.3", 1.9), "openapi-fetch": row("openapi-fetch", "5.9.3", 1.5), "ours (TypeScript 7.0.2)": row("ours", "7.0.2", oursOn7), "openapi-fetch (TypeScript 7.0.2)": row("openapi-fetch", "7.0.2", 0.5) },
      }).find((r) => r.figure.startsWith("type cost"))!;
    expect(typeCost(0.65)).toMatchObject({ holds: true, measured: "TypeScript 5.9.3 1.267× (1.90 s vs 1.50 s), TypeScript 7.0.2 1.300× (0.65 s vs 0.50 s)" });
    // 0.66 s against 0.5 s is 1.32×, though both show as 0.7 s and 0.5 s in tenths.
    expect(typeCost(0.66).holds).toBe(false);
  });

  it("holds the heap's median of 9 samples to 1.5× openapi-fetch's median, or to +0.5 MB over it when that is under 1 MB", () => {
    const heap = (bareHeapMb: number, oursHeapMb: number, heapSampleCount = 9) =>
      evaluateGoals({ size, runtimes: [nodeFigures("Node 24.21.0", { bareHeapMb, oursHeapMb, heapSampleCount })] }).find((r) => r.figure.startsWith("heap after"))!;
    // Medians 2.05 and 3.05 MB: 1.49×.
    expect(heap(2, 3)).toMatchObject({ holds: true, measured: "+3.05 MB vs +2.05 MB (1.49×; samples 3–3.1 MB vs 2–2.1 MB)" });
    expect(heap(2, 3.1).holds).toBe(false);
    // A tiny base: 0.36 MB against 0.53 MB is 1.47× but only +0.17 MB, within the margin.
    expect(heap(0.31, 0.48)).toMatchObject({ holds: true, measured: expect.stringContaining("+0.17 MB over it") });
    expect(heap(0.31, 0.82).holds).toBe(false);
    // Fewer than 9 samples a row is not the goal's measure: not measured, never met.
    expect(heap(2, 3, 8)).toMatchObject({ holds: null, measured: "not measured in this run" });
  });

  it("reads a bimodal row by its median, not by its one low sample, and says it is bimodal", () => {
    // openapi-fetch on Node 24 in the run of 2026-11-28: 1.87–1.89 MB eight times, 0.52 MB once.
    const figures = nodeFigures("Node 24.21.0");
    const samples = { "openapi-fetch": [1.88, 1.87, 1.89, 0.52, 1.88, 1.88, 1.87, 1.89, 1.88], "ours: API key": [2.26, 2.27, 2.26, 2.28, 2.26, 2.27, 2.26, 2.26, 2.27] } as Record<string, number[]>;
    figures.heap = figures.heap.map((r) => (samples[r.name] ? { ...r, samplesMb: samples[r.name]!, minGrowthMb: Math.min(...samples[r.name]!), maxGrowthMb: Math.max(...samples[r.name]!) } : r));
    const row = evaluateGoals({ size, runtimes: [figures] }).find((r) => r.figure.startsWith("heap after"))!;
    expect(row).toMatchObject({ holds: true, measured: "+2.26 MB vs +1.88 MB (1.20×; samples 2.26–2.28 MB vs 0.52–1.89 MB, bimodal)" });
  });

  it("binds the loopback on the ratio to the bare call made beside each call, with the added µs and the three runs' spread beside it", () => {
    const loopback = (pairedRatio: number) => evaluateGoals({ size, runtimes: [nodeFigures("Node 26.12.1", { addedUs: 25, pairedRatio, ratio: 1.4 })] }).find((r) => r.figure.startsWith("loopback call vs bare"))!;
    // The rounds' ratio (1.4× here) is reported elsewhere, and binds nothing.
    const each = "1.150× (+25.0 µs, runs +23.0 µs to +28.0 µs)";
    expect(loopback(1.15)).toMatchObject({ holds: true, measured: `API key ${each}, Basic ${each}, JWT ${each}` });
    expect(loopback(1.151).holds).toBe(false);
    const missing = nodeFigures("Node 26.12.1");
    delete (missing as { pairs?: unknown }).pairs;
    expect(evaluateGoals({ size, runtimes: [missing] }).find((r) => r.figure.startsWith("loopback call vs bare"))!.holds).toBeNull();
  });

  it("holds the loopback at a 5 ms route to 1.03× bare openapi-fetch", () => {
    const at5 = (at5ms: number) => evaluateGoals({ size, runtimes: [nodeFigures("Node 22.23.3", { at5ms })] }).find((r) => r.figure.includes("5 ms route"))!;
    expect(at5(1.03)).toMatchObject({ holds: true, measured: "API key 1.030×, Basic 1.030×, JWT 1.030×" });
    expect(at5(1.031).holds).toBe(false);
  });

  it("holds what a growing contract costs to the operations' growth since the baseline, and compares nothing at the baseline's count", () => {
    const at = (operations: number, scale: number, coldScale = scale) => ({
      operations,
      instantiations: 100_000 * scale,
      tscSeconds: 2 * scale,
      gzipBytes: 14_000 * scale,
      perNode: { "Node 24.21.0": { routingUs: 50 * scale, coldStartLoadMs: 10 * coldScale } },
    });
    const growthBaseline = { date: "2026-11-28T04:00:00.000Z", ...at(216, 1) };
    const growth = (now: ReturnType<typeof at>) => evaluateGoals({ size, runtimes: [nodeFigures("Node 24.21.0")], growth: now, growthBaseline }).filter((r) => r.figure.includes("growth vs the operations'"));
    expect(growth(at(216, 1.01)).map((r) => [r.on, r.holds])).toEqual([
      ["Node 24.21.0", null],
      ["any", null],
    ]);
    expect(growth(at(216, 1)).find((r) => r.on === "any")!.measured).toBe("216 operations (baseline: 216, 2026-11-28): instantiations 100000, tsc time 2, gzip 14000; nothing to compare");
    // 216 → 263 operations is ×1.218: figures grown by ×1.2 hold, cold start grown by ×1.25 misses.
    expect(growth(at(263, 1.2)).map((r) => r.holds)).toEqual([true, true]);
    const coldMiss = growth(at(263, 1.2, 1.25));
    expect(coldMiss.map((r) => r.holds)).toEqual([false, true]);
    expect(coldMiss[0]!.measured).toBe("operations ×1.218 (216 → 263): routing ×1.200, cold start ×1.250");
    // A time the baseline could not take quietly (null) is named, not compared.
    const partial = { ...growthBaseline, tscSeconds: null, perNode: { "Node 24.21.0": { routingUs: null, coldStartLoadMs: null } } };
    const rows = evaluateGoals({ size, runtimes: [nodeFigures("Node 24.21.0")], growth: at(263, 1.25), growthBaseline: partial }).filter((r) => r.figure.includes("growth vs the operations'"));
    expect(rows.map((r) => r.holds)).toEqual([null, false]);
    expect(rows[1]!.measured).toBe("operations ×1.218 (216 → 263): instantiations ×1.250, gzip ×1.250; no baseline figure for tsc time");
  });

  it("holds the leak check to +0.5 MB over fetch alone on the same Node, with nothing left running", () => {
    const leak = (aloneLeakMb: number, oursLeakMb: number) =>
      evaluateGoals({ size, runtimes: [nodeFigures("Node 22.23.3", { aloneLeakMb, oursLeakMb })] }).find((r) => r.figure.startsWith("no leak"))!;
    // The platform's own growth is not ours: +0.66 MB where fetch alone kept +0.4 MB holds.
    expect(leak(0.4, 0.66).holds).toBe(true);
    expect(leak(0.1, 0.66).holds).toBe(false);
    const figures = nodeFigures("Node 22.23.3");
    figures.leak = figures.leak.map((r) => (r.name === "ours: JWT (cached)" ? { ...r, listenersLeft: 1 } : r));
    expect(evaluateGoals({ size, runtimes: [figures] }).find((r) => r.figure.startsWith("no leak"))!.holds).toBe(false);
  });

  it("wants the testing mock at least 2× faster than MSW with openapi-msw on every kind of operation", () => {
    const mock = (figures: ReturnType<typeof nodeFigures>) => evaluateGoals({ size, runtimes: [figures] }).find((r) => r.figure.startsWith("testing mock vs MSW"))!;
    expect(mock(nodeFigures("Node 26.12.1"))).toMatchObject({ holds: true, measured: "GET 2.300×, POST with a JSON body 2.300×, multipart upload 2.300×" });
    const slowUpload = nodeFigures("Node 26.12.1");
    slowUpload.mock = slowUpload.mock.map((r) => (r.kind === "multipart upload" && r.name === OPENAPI_MSW ? { ...r, overMock: 1.9 } : r));
    expect(mock(slowUpload).holds).toBe(false);
  });

  it("bounds issue 36's MSW handlers by MSW's own time plus the mock's, round by round, once they have a row", () => {
    const figures = nodeFigures("Node 24.21.0", { mswOverMock: 2.5 });
    const withRow = (us: number, overBoundUs: number) => ({ ...figures, mock: [...figures.mock, ...KINDS.map((kind) => ({ kind, name: MSW_CONTRACT, us, overMock: us / 400, overBoundUs }))] });
    const row = (us: number, overBoundUs: number) => evaluateGoals({ size, runtimes: [withRow(us, overBoundUs)] }).find((r) => r.figure.startsWith("MSW handlers from the contract"))!;
    // Round by round: a median over the bound's (1,400 µs) holds when each round was within it.
    expect(row(1401, -3)).toMatchObject({ holds: true, measured: expect.stringContaining("GET 1401 µs (bound 1400 µs; -3.0 µs over it, paired)") });
    expect(row(1390, 0.1).holds).toBe(false);
  });

  it("holds the own code to 14.5 kB gzip with the policy table emptied, and the table to 4 B gzip an operation", () => {
    const sized = (ownGzip: number, tableGzip: number) =>
      evaluateGoals({ size: { ...size, ours: { ...size.ours, ownCode: { minified: 37_500, gzip: ownGzip }, table: { minified: 3_600, gzip: tableGzip, operations: 262 } } }, runtimes: [] }).find((r) => r.figure.startsWith("runtime size"))!;
    expect(sized(14_500, 1048)).toMatchObject({ holds: true, measured: "own code 37.5 / 14.5 kB; table 3600 / 1048 B at 262 operations (4.0 B an operation); as shipped 41.0 / 14.2 kB" });
    expect(sized(14_501, 786).holds).toBe(false);
    expect(sized(14_000, 1049).holds).toBe(false);
    // A run that took only the shipped bundle (before issue 55) did not measure this goal.
    expect(evaluateGoals({ size: { ...size, ours: { minified: 41_000, gzip: 14_200 } }, runtimes: [] }).find((r) => r.figure.startsWith("runtime size"))).toMatchObject({ holds: null, measured: "not measured in this run" });
  });

  it("bench/README.md's goal table states each goal as bench/goals.mjs checks it", () => {
    const readme = readFileSync(path.join(repoRoot, "bench", "README.md"), "utf8");
    for (const goal of GOALS) expect(readme).toContain(`| ${goal.figure} | ${goal.goal} |`);
  });

  it("bench/README.md's goal table is the one the latest full run's results make", () => {
    const readme = readFileSync(path.join(repoRoot, "bench", "README.md"), "utf8");
    const latest = JSON.parse(readFileSync(LATEST, "utf8"));
    // The goals as goals.mjs states them, read against that run's figures.
    expect(readme).toContain(goalsTable(latest));
  });
});
