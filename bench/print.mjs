// The run's tables on stdout, in the order of bench/README.md's results section.
import { isBound } from "./goals.mjs";
const log = (line = "") => console.log(line);
const pad = (s, n) => String(s).padEnd(n);
const lpad = (s, n) => String(s).padStart(n);
const kb = (n) => `${(n / 1000).toFixed(1)} kB`;
const signed = (n) => `${n >= 0 ? "+" : ""}${n.toFixed(1)}`;

export function printResults(r) {
  log(`\nservice-api benchmarks — ${r.machine.cpu} (${r.machine.cores} cores), ${r.date}; load average ${r.load?.start} at the start, ${r.load?.end} at the end`);
  if (r.speakeasySkipped) log(`Speakeasy reference rows skipped: ${r.speakeasySkipped}`);

  for (const f of r.runtimes) {
    const binding = isBound(f.name) ? "the goals bind" : "reported, the goals do not bind";
    log(`\n— ${f.name} (${binding})${f.skipped ? `: not measured, ${f.skipped}` : `; load average ${f.load?.[0]} → ${f.load?.[1]}`} —`);
    if (!f.skipped) printNode(f);
  }

  const s = r.size;
  log(`\nSize (esbuild --minify, gzip -9)   ours incl. openapi-fetch ${kb(s.ours.minified)} / ${kb(s.ours.gzip)} (check:size ${s.ours.withinBudget ? "within" : "OVER"} budget)   openapi-fetch alone ${kb(s.openapiFetch.minified)} / ${kb(s.openapiFetch.gzip)}`);
  if (s.speakeasySdk) log(`  Speakeasy SDK: whole SDK class ${kb(s.speakeasySdk.minified)} / ${kb(s.speakeasySdk.gzip)}; core + hooks + one standalone function ${kb(s.speakeasyOneFunction.minified)} / ${kb(s.speakeasyOneFunction.gzip)}`);

  log("\nType cost: consumer with 20 typed calls     tsc wall (s)   instantiations   types   check (s)");
  for (const [kind, t] of Object.entries(r.types)) log(`  ${pad(kind, 42)} ${lpad(t.wallSeconds, 12)}   ${lpad(t.instantiations, 14)}   ${lpad(t.types, 5)}   ${lpad(t.checkSeconds, 9)}`);

  if (r.growth) {
    const g = r.growth;
    const b = r.growthBaseline;
    log(`\nGrowth with the contract: ${g.operations} operations${b ? ` (baseline: ${b.operations}, ${b.date.slice(0, 10)})` : " (no baseline recorded)"}`);
    log(`  type instantiations ${g.instantiations}${b ? ` (baseline ${b.instantiations})` : ""}; strict consumer's tsc ${g.tscSeconds} s${b ? ` (${b.tscSeconds} s)` : ""}; size ${g.gzipBytes} B gzip${b ? ` (${b.gzipBytes} B)` : ""}`);
    for (const [name, n] of Object.entries(g.perNode)) {
      const was = b?.perNode?.[name];
      log(`  ${pad(name, 14)} mock routing, every template tried ${n.routingUs} µs${was ? ` (${was.routingUs ?? "–"} µs)` : ""}; cold start's load + create ${n.coldStartLoadMs} ms${was ? ` (${was.coldStartLoadMs ?? "–"} ms)` : ""}`);
    }
  }

  if (r.pipelineSeconds) {
    log("\nPipeline (s)                                                        load average before → after");
    for (const [step, seconds] of Object.entries(r.pipelineSeconds)) {
      const load = r.pipelineLoad?.[step];
      const time = seconds === null ? `FAILED: ${r.pipelineFailed?.[step] ?? ""}` : lpad(seconds.toFixed(1), 6);
      log(`  ${pad(step, 56)} ${time}   ${load ? `${load[0]} → ${load[1]}` : ""}`);
    }
  }

  log("\nGoals");
  const mark = (g) => (g.holds === null ? "  –  " : !g.bound ? (g.holds ? "(ok) " : "(miss)") : g.holds ? " ok  " : "MISS ");
  for (const g of r.goals) log(`  ${pad(mark(g), 6)} ${pad(g.figure, 70)} ${pad(g.goal, 14)} ${pad(g.bound ? g.on : `${g.on}, unbound`, 22)} ${g.measured}`);
  log(`\ntotal ${r.totalSeconds} s`);
}

/** The tables of the figures that depend on the runtime, for one Node. */
function printNode(f) {
  log("\nCPU per call, stub fetch (µs; medians of rounds)     per call   over openapi-fetch   range");
  for (const c of f.cpu) log(`  ${pad(c.name, 48)} ${lpad(c.us.toFixed(1), 8)}   ${lpad(signed(c.overBareUs), 18)}   ${c.min.toFixed(1)}–${c.max.toFixed(1)}`);

  const loopback = (title, rows) => {
    log(`\n${pad(title, 60)} per call   vs raw   vs openapi-fetch   added per call`);
    for (const c of rows) log(`  ${pad(c.name, 52)} ${lpad(c.us.toFixed(1), 8)}   ${c.vsRaw.toFixed(3)}×   ${lpad(`${c.vsBare.toFixed(3)}×`, 16)}   ${lpad(`${signed(c.overBareUs)} µs`, 14)}`);
  };
  loopback("Loopback round trip, node:http on 127.0.0.1 (µs; medians)", f.loopback);
  if (f.pairs) {
    log(`\nThe same, call by call (${f.pairs.calls} pairs a run, ${f.pairs.runs.length} runs; load ${f.pairs.runs.map((l) => l.join(" → ")).join(", ")})   per call   vs openapi-fetch   added (median run)   runs`);
    for (const c of f.pairs.rows) log(`  ${pad(c.name, 52)} ${lpad(c.us.toFixed(1), 8)}   ${lpad(`${c.vsBare.toFixed(3)}×`, 16)}   ${lpad(`${signed(c.overBareUs)} µs`, 19)}   ${c.overBareUsRuns.map(signed).join(", ")}`);
  }
  if (f.loopbackAt5ms) loopback("The same, the server answering 5 ms late (µs; medians)", f.loopbackAt5ms);

  log("\n1,000 calls in flight (ms; medians of rounds)            wall   vs openapi-fetch");
  for (const c of f.inFlight) log(`  ${pad(c.name, 52)} ${lpad(c.ms.toFixed(1), 6)}   ${c.vsBare.toFixed(3)}×`);
  const j = f.jwtFromCold;
  log(`  JWT mode from cold: median ${j.medianMs} ms over ${j.runs.length} runs; token requests ${j.tokenRequests} (max over runs); all 200: ${j.runs.every((run) => run.ok === j.calls)}`);

  log("\nCold start, new process to first answer (ms; medians)    first answer   over fetch alone   load + create");
  for (const c of f.coldStart) log(`  ${pad(c.name, 52)} ${lpad(c.firstAnswerMs.toFixed(1), 12)}   ${lpad(signed(c.overFetchAloneMs), 16)}   ${lpad(c.loadMs.toFixed(1), 13)}`);

  log("\nHeap kept after 10,000 calls, full GC (MB over a bare process)   loaded   lowest   median   highest   samples");
  for (const c of f.heap) log(`  ${pad(c.name, 52)} ${lpad(c.loadedMb.toFixed(2), 12)}   ${lpad(c.minGrowthMb.toFixed(2), 6)}   ${lpad(c.growthMb.toFixed(2), 6)}   ${lpad(c.maxGrowthMb.toFixed(2), 7)}   ${c.samplesMb.join(", ")}`);

  log("\nLeak check: 5,000 calls after a warm-up, full GC           heap Δ (MB)   over fetch alone   resources left   listeners left   MaxListeners warnings");
  const alone = f.leak.find((c) => c.name === "fetch alone")?.heapDeltaMb ?? 0;
  for (const c of f.leak) log(`  ${pad(c.name, 52)} ${lpad(c.heapDeltaMb.toFixed(2), 11)}   ${lpad((c.heapDeltaMb - alone).toFixed(2), 16)}   ${lpad(JSON.stringify(c.resourcesLeft), 14)}   ${lpad(c.listenersLeft, 14)}   ${lpad(c.maxListenersWarnings, 21)}`);

  if (f.mock) {
    log("\nThe testing mock against MSW, one call: the request our client sends handed to each fake, then the same call through our client (µs of CPU; medians)");
    log(`  ${pad("", 80)} ${lpad("per call", 8)}   over the mock`);
    for (const c of f.mock) log(`  ${pad(`${c.kind}: ${c.name}`, 80)} ${lpad(c.us.toFixed(1), 8)}   ${c.overMock.toFixed(3)}×`);
  }
  if (f.routing) log(`\nThe testing mock's routing, a path no operation has (every template tried; µs of CPU, median of rounds): ${f.routing.us} (${f.routing.min}–${f.routing.max})`);
}
