// The entry for runtimes that run a file and load npm packages themselves (Node, Bun, Deno):
// `<runtime> cli.js <service address> <run name>` prints the results as one line.
import { runCases } from "./cases.js";
import { RESULTS_PREFIX } from "./protocol.js";

const [serviceUrl, runtime] = globalThis.Deno ? globalThis.Deno.args : process.argv.slice(2);
const results = await runCases(serviceUrl, runtime);
console.log(`${RESULTS_PREFIX}${JSON.stringify(results)}`);
