// The goals table of bench/README.md, made from a run's results (bench/results/latest.json), so
// that the README states what the run measured and nothing else: a column per Node, the Nodes the
// goals bind on first, and each cell the run's figure and whether it holds. The goals are those of
// goals.mjs as it stands, read against the run's figures (a run records the baseline its growth
// rows were held to, so the reading does not change later); a figure the run did not take reads
// "not measured in this run".
//   node bench/goals-table.mjs [results.json]     prints the table (markdown)
import { readFileSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { repoRoot } from "../scripts/lib/paths.mjs";
import { evaluateGoals, isBound } from "./goals.mjs";

export const LATEST = path.join(repoRoot, "bench", "results", "latest.json");

export function goalsTable(results) {
  const nodes = results.runtimes.map((r) => r.name).sort((a, b) => Number(isBound(b)) - Number(isBound(a)));
  // A row that neither holds nor misses says why in its own words (not measured, nothing to compare).
  const verdict = (g) => (g.holds === null ? g.measured : `${g.measured}: ${g.holds ? "yes" : "**no**"}`);
  const lines = [`| figure | goal | ${nodes.map((n) => (isBound(n) ? n : `${n} (unbound)`)).join(" | ")} |`, `|---|---|${nodes.map(() => "---|").join("")}`];
  const goals = evaluateGoals(results);
  const figures = [...new Set(goals.map((g) => g.figure))];
  for (const figure of figures) {
    const rows = goals.filter((g) => g.figure === figure);
    const cells = rows[0].on === "any" ? [`${verdict(rows[0])} (any Node)`, ...nodes.slice(1).map(() => "")] : nodes.map((n) => verdict(rows.find((g) => g.on === n)));
    lines.push(`| ${figure} | ${rows[0].goal} | ${cells.join(" | ")} |`);
  }
  return lines.join("\n");
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  console.log(goalsTable(JSON.parse(readFileSync(process.argv[2] ?? LATEST, "utf8"))));
}
