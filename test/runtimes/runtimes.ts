// The runtimes the shared cases run on, and how each one gets the package: this list drives the
// suite (runtimes.test.ts) and the README's "Where it is tested" table (readme-table.test.ts).
import { readFileSync } from "node:fs";
import path from "node:path";
import { ensureRuntime, RUNTIME_PACKAGES } from "../../scripts/lib/runtimes.mjs";
import { bundleEntry, runChromium, runEdgeRuntime, runFile, runWorkerd, type RunOutcome } from "./launch.js";

export interface RuntimeUnderTest {
  /** The run's name: the service keeps its state under it, and the known failures are keyed by it. */
  readonly id: string;
  /** For the README: the runtime and its version. */
  readonly label: string;
  /** For the README: how the package reaches the runtime. */
  readonly loads: string;
  /** Runs every shared case; `scratch` is a folder of this run's own for bundles. */
  run(app: string, serviceUrl: string, scratch: string): Promise<RunOutcome>;
}

const installed = (id: keyof typeof RUNTIME_PACKAGES) => ensureRuntime(id);
const version = (id: keyof typeof RUNTIME_PACKAGES) => RUNTIME_PACKAGES[id].version;

/** workerd's version is its build date: the newest compatibility date it knows. */
const workerdDate = version("workerd").replace(/^1\.(\d{4})(\d{2})(\d{2})\..*$/, "$1-$2-$3");
/** Before 2024-11-11, when Workers began to accept `cache` in a request's init. */
const workerdOldDate = "2024-11-01";

// The conditions each platform's own tooling resolves packages with.
const WORKERS = { conditions: ["workerd", "worker", "browser"], platform: "neutral", format: "esm" } as const;
const EDGE = { conditions: ["edge-light", "worker", "browser"], platform: "neutral", format: "iife" } as const;
const BROWSER = { conditions: ["browser"], platform: "browser", format: "esm" } as const;

const nativeFile = "installed by npm, loaded from node_modules by the runtime itself";

export const RUNTIMES: readonly RuntimeUnderTest[] = [
  { id: "node20", label: "Node.js 20 (the machine's own)", loads: nativeFile, run: (app, url) => runFile([process.execPath], app, url, "node20") },
  { id: "node22", label: `Node.js ${version("node22")}`, loads: nativeFile, run: (app, url) => runFile(installed("node22").command, app, url, "node22") },
  { id: "node24", label: `Node.js ${version("node24")}`, loads: nativeFile, run: (app, url) => runFile(installed("node24").command, app, url, "node24") },
  { id: "node26", label: `Node.js ${version("node26")}`, loads: nativeFile, run: (app, url) => runFile(installed("node26").command, app, url, "node26") },
  { id: "bun", label: `Bun ${version("bun")}`, loads: nativeFile, run: (app, url) => runFile(installed("bun").command, app, url, "bun") },
  {
    id: "deno",
    label: `Deno ${version("deno")}`,
    loads: `${nativeFile}, with no permission but \`--allow-net\` for the test service's address`,
    run: (app, url) => runFile([...installed("deno").command, "run", "--no-prompt", "--no-lock", `--allow-net=${new URL(url).host}`], app, url, "deno"),
  },
  {
    id: "workerd",
    label: `workerd ${version("workerd")}, compatibility date ${workerdDate}`,
    loads: "bundled by esbuild with the Workers conditions (`workerd`, `worker`, `browser`), served as an ES module Worker, without `nodejs_compat`",
    run: async (app, url, scratch) => runWorkerd(installed("workerd").command[0]!, await bundleEntry(app, "worker.js", scratch, WORKERS), workerdDate, url, "workerd"),
  },
  {
    id: "workerd-2024",
    label: `workerd ${version("workerd")}, compatibility date ${workerdOldDate}`,
    loads: "the same Worker at a compatibility date before 2024-11-11",
    run: async (app, url, scratch) => runWorkerd(installed("workerd").command[0]!, await bundleEntry(app, "worker.js", scratch, WORKERS), workerdOldDate, url, "workerd-2024"),
  },
  {
    id: "edge-runtime",
    label: `Vercel Edge runtime (edge-runtime ${version("edge-runtime")})`,
    loads: "bundled by esbuild with the `edge-light` condition, run by `edge-runtime --listen`",
    run: async (app, url, scratch) => runEdgeRuntime(installed("edge-runtime").command, await bundleEntry(app, "edge.js", scratch, EDGE), url, "edge-runtime"),
  },
  {
    id: "chromium",
    label: "Chromium (Debian's, headless)",
    loads: "bundled by esbuild for the browser, loaded by a page on another origin than the service",
    run: async (app, url, scratch) => runChromium(await bundleEntry(app, "page.js", scratch, BROWSER), readFileSync(path.join(app, "index.html"), "utf8"), url, "chromium"),
  },
];
