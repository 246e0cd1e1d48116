// The performance goals of the client (issue 11), checked against one run's results. A goal that
// could not be measured in this run (a section skipped) is reported as not measured, never as met.
const OURS = ["ours: API key", "ours: Basic", "ours: JWT (cached)"];
const short = (name) => name.replace("ours: ", "").replace(" (cached)", "");

/** One row per goal: what is measured, the goal, the measured value(s), and whether it holds. */
export function evaluateGoals(results) {
  const rows = [];
  const row = (figure, goal, measure) => {
    try {
      const { measured, holds } = measure();
      rows.push({ figure, goal, measured, holds });
    } catch {
      rows.push({ figure, goal, measured: "not measured in this run", holds: null });
    }
  };
  const oursRows = (list) => OURS.map((name) => list.find((r) => r.name === name));
  const need = (value) => {
    if (value === undefined) throw new Error("missing");
    return value;
  };

  row("loopback round trip vs bare openapi-fetch (paired)", "≤ 1.10×", () => {
    const ours = oursRows(need(results.loopback));
    return { measured: ours.map((r) => `${short(r.name)} ${r.vsBare.toFixed(3)}×`).join(", "), holds: ours.every((r) => r.vsBare <= 1.1) };
  });
  row("CPU per call over bare openapi-fetch, stub fetch (paired)", "≤ +20 µs", () => {
    const ours = oursRows(need(results.cpu));
    return { measured: ours.map((r) => `${short(r.name)} +${r.overBareUs.toFixed(1)} µs`).join(", "), holds: ours.every((r) => r.overBareUs <= 20) };
  });
  row("1,000 calls in flight vs bare openapi-fetch (paired)", "≤ 1.10×", () => {
    const ours = need(need(results.inFlight).find((r) => r.name === "ours: API key"));
    return { measured: `${ours.vsBare.toFixed(3)}× (${ours.ms} ms vs ${results.inFlight.find((r) => r.name === "openapi-fetch").ms} ms)`, holds: ours.vsBare <= 1.1 };
  });
  row("runtime size, min + gzip, openapi-fetch included", "≤ 12 kB gzip", () => {
    const { minified, gzip } = need(results.size).ours;
    return { measured: `${(minified / 1000).toFixed(1)} / ${(gzip / 1000).toFixed(1)} kB`, holds: gzip <= 12_000 };
  });
  row("heap after 10,000 calls (full GC) vs openapi-fetch's growth", "≤ 1.5×", () => {
    const heap = need(results.heap);
    const bare = need(heap.find((r) => r.name === "openapi-fetch")).growthMb;
    const ours = need(heap.find((r) => r.name === "ours: API key")).growthMb;
    return { measured: `+${ours} MB vs +${bare} MB (${(ours / bare).toFixed(2)}×)`, holds: ours <= 1.5 * bare };
  });
  row("no leak: 5,000 calls, full GC: heap back, no timers or listeners left", "holds", () => {
    const ours = need(results.leak).filter((r) => r.name.startsWith("ours: "));
    if (ours.length === 0) throw new Error("missing");
    const describe = (r) => `${short(r.name)} ${r.heapDeltaMb >= 0 ? "+" : ""}${r.heapDeltaMb} MB, ${Object.keys(r.resourcesLeft).length === 0 ? "no" : JSON.stringify(r.resourcesLeft)} resources, ${r.listenersLeft} listeners left`;
    return { measured: ours.map(describe).join("; "), holds: ours.every((r) => r.holds) };
  });
  return rows;
}
