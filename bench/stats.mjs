// Rounds, medians and paired differences: how every benchmark turns timings into one number.
// Imports nothing, so a child process measuring cold start or heap can use it for free.
export function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

/**
 * Whether samples fall into two groups rather than scatter round one value: the widest gap between
 * two neighbouring samples (sorted) is most of their range and more than a tenth of their median.
 * openapi-fetch's heap on Node 24 (issue 55): eight samples at 1.87–1.89 MB and one at 0.52 MB.
 */
export function bimodal(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const range = sorted.at(-1) - sorted[0];
  const widest = Math.max(0, ...sorted.slice(1).map((v, i) => v - sorted[i]));
  return range > 0 && widest > range / 2 && widest > Math.abs(median(sorted)) / 10;
}

/**
 * Runs every candidate `calls` times in a row per round, for `rounds` rounds, rotating the order
 * each round so that no candidate always runs first (or right after the GC-heavy one). Returns
 * the median µs per call of each candidate and the spread (min–max of the round means).
 * `between`, when given, runs before each candidate's calls, off the clock.
 */
export async function alternate(list, { rounds, calls, warmup, clock = "wall", between }) {
  // "cpu": this process's user + system CPU time, which leaves out the time a busy host (or a
  // noisy VM neighbour) kept us off the CPU; right for the stub benchmark, where no other process
  // takes part. "wall": elapsed time, for round trips through a server process.
  const now = clock === "cpu" ? () => { const { user, system } = process.cpuUsage(); return (user + system) / 1000; } : () => performance.now();
  for (const [, call] of list) for (let i = 0; i < warmup; i++) await call();
  const perRound = new Map(list.map(([name]) => [name, []]));
  for (let round = 0; round < rounds; round++) {
    for (let k = 0; k < list.length; k++) {
      const [name, call] = list[(k + round) % list.length];
      between?.();
      const started = now();
      for (let i = 0; i < calls; i++) await call();
      perRound.get(name).push(((now() - started) * 1000) / calls);
    }
  }
  return list.map(([name]) => {
    const values = perRound.get(name);
    return { name, us: median(values), min: Math.min(...values), max: Math.max(...values), rounds: values };
  });
}

/**
 * Each candidate against `baseline`, round by round: the median of the per-round differences
 * (µs) and ratios. Rounds are short and adjacent, so a drift in machine speed (a noisy VM
 * neighbour) cancels out, where a ratio of two medians would carry it.
 */
export function paired(results, baseline) {
  const base = results.find((r) => r.name === baseline).rounds;
  return Object.fromEntries(
    results.map((r) => [r.name, { diff: median(r.rounds.map((v, i) => v - base[i])), ratio: median(r.rounds.map((v, i) => v / base[i])) }]),
  );
}

export const round1 = (n) => Math.round(n * 10) / 10;
export const round3 = (n) => Math.round(n * 1000) / 1000;
/** Bytes as MB (10^6) with two decimals. */
export const mb = (bytes) => Math.round(bytes / 1e4) / 100;
