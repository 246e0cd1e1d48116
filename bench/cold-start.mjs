// Cold start: how long a fresh `node` process takes from its start to the first answer of one
// call (load the client's modules, make the client, one loopback call). "fetch alone" is the
// floor: Node's own start-up and its first fetch. Each sample is a new process; the candidates
// take turns so that a slow patch of the machine does not land on one of them.
//   node bench/cold-start.mjs <candidate> <baseUrl>     one sample (prints JSON)
import { pathToFileURL } from "node:url";
import { median, round1 } from "./stats.mjs";
import { report, runChild } from "./processes.mjs";

export function coldStart(names, baseUrl, { samples = 7 } = {}) {
  const runs = new Map(names.map((name) => [name, []]));
  for (let i = 0; i < samples; i++) {
    for (let k = 0; k < names.length; k++) {
      const name = names[(k + i) % names.length];
      runs.get(name).push(runChild("cold-start.mjs", [name, baseUrl]));
    }
  }
  const floor = median(runs.get("fetch alone").map((r) => r.firstAnswerMs));
  return names.map((name) => {
    const firstAnswerMs = median(runs.get(name).map((r) => r.firstAnswerMs));
    return { name, firstAnswerMs: round1(firstAnswerMs), overFetchAloneMs: round1(firstAnswerMs - floor), loadMs: round1(median(runs.get(name).map((r) => r.loadMs))) };
  });
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  // performance.now() counts from the process's start, so Node's own start-up is included.
  const [name, baseUrl] = process.argv.slice(2);
  const loadStarted = performance.now();
  const { freshCall } = await import("./fresh-client.mjs");
  const call = await freshCall(name, baseUrl);
  const loadMs = performance.now() - loadStarted;
  await call();
  report({ name, loadMs, firstAnswerMs: performance.now() });
}
