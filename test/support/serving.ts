// Shared by the tests of the local servers (npm start, npm run mock): holding ports as another
// program would, and running a command that keeps serving until it is told to stop.
import { spawn, type ChildProcess } from "node:child_process";
import { createServer, type Server } from "node:net";
import { repoRoot } from "./generator-tools.js";

/**
 * Makes sure each port is taken while a test runs: listens on it, or leaves it be when another
 * program already holds it (taken either way, which is all the test needs). Returns a release.
 */
export async function holdPorts(ports: number[]): Promise<() => Promise<void>> {
  const held: Server[] = [];
  for (const port of ports) {
    // A connection to a held port is dropped at once: closing the server later waits for none.
    const server = createServer((socket) => socket.destroy());
    const ours = await new Promise<boolean>((resolve, reject) => {
      server.once("error", (error: NodeJS.ErrnoException) => (error.code === "EADDRINUSE" ? resolve(false) : reject(error)));
      server.listen(port, "127.0.0.1", () => resolve(true));
    });
    if (ours) held.push(server);
  }
  return () => Promise.all(held.map((server) => new Promise<void>((done) => server.close(() => done())))).then(() => undefined);
}

/** A free port on 127.0.0.1 that the test then holds itself (so it is surely taken). */
export async function holdAnyPort(): Promise<{ port: number; release: () => Promise<void> }> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", () => resolve()));
  const { port } = server.address() as { port: number };
  return { port, release: () => new Promise<void>((done) => server.close(() => done())) };
}

export interface Serving {
  /** Everything printed so far, stdout and stderr together. */
  output(): string;
  /** Resolves with the output once `pattern` appears; rejects if the process exits first or the time runs out. */
  waitFor(pattern: RegExp, timeoutMs: number): Promise<RegExpMatchArray>;
  /** Sends `signal` to the whole process group (as Ctrl-C in a terminal does) and resolves with the exit code. */
  stop(signal?: NodeJS.Signals): Promise<number | null>;
}

/** Starts a command (in `cwd`, the repository by default) in its own process group, so a test can stop it and everything it started. */
export function startServing(command: string, args: string[], env: NodeJS.ProcessEnv = {}, cwd = repoRoot): Serving {
  const child: ChildProcess = spawn(command, args, {
    cwd,
    detached: true,
    env: { ...process.env, NO_UPDATE_NOTIFIER: "1", FORCE_COLOR: "0", NO_COLOR: "1", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  const listeners = new Set<() => void>();
  const append = (chunk: Buffer) => {
    output += chunk;
    for (const listener of listeners) listener();
  };
  child.stdout!.on("data", append);
  child.stderr!.on("data", append);
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  exited.then(() => listeners.forEach((listener) => listener()));

  return {
    output: () => output,
    waitFor(pattern, timeoutMs) {
      return new Promise((resolve, reject) => {
        const check = () => {
          const match = output.match(pattern);
          if (match) finish(() => resolve(match));
          else if (child.exitCode !== null || child.signalCode !== null) finish(() => reject(new Error(`exited (${child.exitCode ?? child.signalCode}) before printing ${pattern}:\n${output}`)));
        };
        const timer = setTimeout(() => finish(() => reject(new Error(`no ${pattern} within ${timeoutMs} ms:\n${output}`))), timeoutMs);
        const finish = (settle: () => void) => {
          clearTimeout(timer);
          listeners.delete(check);
          settle();
        };
        listeners.add(check);
        check();
      });
    },
    async stop(signal = "SIGINT") {
      if (child.exitCode === null && child.signalCode === null) {
        process.kill(-child.pid!, signal);
        // Whatever still runs after 10 s would be left behind: kill the group for sure.
        const timer = setTimeout(() => {
          try {
            process.kill(-child.pid!, "SIGKILL");
          } catch {
            // already gone
          }
        }, 10_000);
        const code = await exited;
        clearTimeout(timer);
        return code;
      }
      return exited;
    },
  };
}
