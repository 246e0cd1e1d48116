// The benchmark's other processes: the loopback server, and measurements that need a fresh Node
// (cold start, heap, leaks; each Node's client figures), each a bench/ file run as a child that
// prints one JSON line.
import { spawn } from "node:child_process";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { run } from "../scripts/lib/run.mjs";

const benchDir = path.dirname(fileURLToPath(import.meta.url));

/** Starts bench/server.mjs; resolves to its base URL and a stop function. */
export async function startServer() {
  const server = spawn(process.execPath, [path.join(benchDir, "server.mjs")], { stdio: ["ignore", "pipe", "inherit", "ipc"] });
  const port = await new Promise((resolve, reject) => {
    server.once("error", reject);
    server.once("exit", (code) => reject(new Error(`bench/server.mjs exited (${code}) before it listened`)));
    server.stdout.once("data", (chunk) => resolve(Number(String(chunk).trim())));
  });
  return { baseUrl: `http://127.0.0.1:${port}`, stop: () => server.kill() };
}

/**
 * Runs `node [nodeFlags] bench/<file> ...args` and returns the JSON of the last line it printed.
 * `node` is the executable (this Node unless given); a child's own children run on the same one.
 * `stderr: "inherit"` shows a long child's progress as it goes. The child gets no GALILEO_*
 * variables: the Speakeasy SDK would log in with them first.
 */
export function runChild(file, args, { nodeFlags = [], node = process.execPath, stderr = "pipe", timeoutMs = 300_000 } = {}) {
  // An undefined value removes the variable from the child's environment.
  const unset = Object.fromEntries(Object.keys(process.env).filter((name) => name.startsWith("GALILEO")).map((name) => [name, undefined]));
  const result = run(node, [...nodeFlags, path.join(benchDir, file), ...args.map(String)], { env: unset, timeoutMs, stdio: ["ignore", "pipe", stderr] });
  const lines = result.stdout.trim().split("\n");
  return JSON.parse(lines[lines.length - 1]);
}

/**
 * In a child: prints the result as the one JSON line its parent reads, and exits: a timer a client
 * left running (what the leak check looks for) must not keep the process, and the run, waiting.
 */
export function report(value) {
  process.stdout.write(`${JSON.stringify(value)}\n`, () => process.exit(0));
}
