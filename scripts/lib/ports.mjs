// Ports for the local servers (`npm start`, `npm run mock`): the one place that reads a port from
// a flag or an environment variable, checks it, and finds a free one.
//
// The rule users see: a port they name is used as given (and refused clearly when it is taken);
// a default port that is taken is quietly replaced by a free one, because the default is only a
// convenience and something else on the machine (another project's dev server) may hold it.
import { createServer } from "node:net";

/** The settings a user can change, with their flag, environment variable and default. */
export const MOCK_PORT = { flag: "--mock-port", variable: "SERVICE_API_MOCK_PORT", fallback: 4010 };
export const DOCS_PORT = { flag: "--docs-port", variable: "SERVICE_API_DOCS_PORT", fallback: 8080 };

/** A bad value in a flag or variable; the message says what to pass instead. */
export class PortSettingError extends Error {
  name = "PortSettingError";
}

/**
 * Reads one port setting. The flag wins over the variable; neither given means the default.
 * `0` asks for any free port.
 * @param {{ flag: string, variable: string, fallback: number }} setting
 * @param {string | undefined} flagValue the flag's value as parsed from argv
 * @param {Record<string, string | undefined>} env
 * @returns {{ port: number, chosenBy: string | undefined }} chosenBy names the flag or variable, undefined for the default
 */
export function readPortSetting(setting, flagValue, env = process.env) {
  const fromEnv = env[setting.variable];
  const [raw, chosenBy] =
    flagValue !== undefined ? [flagValue, setting.flag] : fromEnv !== undefined && fromEnv !== "" ? [fromEnv, setting.variable] : [undefined, undefined];
  if (raw === undefined) return { port: setting.fallback, chosenBy };
  const port = /^\d+$/.test(raw.trim()) ? Number(raw.trim()) : Number.NaN;
  if (!Number.isInteger(port) || port > 65535) {
    throw new PortSettingError(
      `${chosenBy} must be a port number from 1 to 65535 (or 0 for any free port), got ${JSON.stringify(raw)}; ` +
        `for example ${chosenBy === setting.flag ? `${setting.flag} ${setting.fallback + 1}` : `${setting.variable}=${setting.fallback + 1}`}, or leave it out to use ${setting.fallback}`,
    );
  }
  return { port, chosenBy };
}

/** Asks the OS for a port that is free right now on 127.0.0.1. */
export function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/** True when nothing holds `port` on 127.0.0.1 (a listener on 0.0.0.0 or :: counts as holding it). */
export function isPortFree(port) {
  return new Promise((resolve) => {
    const probe = createServer();
    probe.unref();
    probe.once("error", () => resolve(false));
    probe.listen(port, "127.0.0.1", () => probe.close(() => resolve(true)));
  });
}

/**
 * The port to listen on: the named one (an error if it is taken), or the default when it is free,
 * or else any free port. There is a moment between this check and the server's own listen in
 * which another program could take the port; the server then fails to start with its own error.
 * @param {{ port: number, chosenBy: string | undefined }} choice from readPortSetting
 */
export async function resolvePort({ port, chosenBy }) {
  if (port === 0) return freePort();
  if (await isPortFree(port)) return port;
  if (chosenBy) {
    throw new PortSettingError(`port ${port} (from ${chosenBy}) is already in use on 127.0.0.1; pass another port, 0 for any free port, or leave ${chosenBy} out`);
  }
  return freePort();
}
