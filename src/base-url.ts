// The service's base-address rule: the API lives at the console's address with the leading host
// label `console` replaced by `api`. Addresses are checked here once, when the client is created.
import { ServiceConfigurationError } from "./errors.js";

const RULE =
  "the API's address is the console's address with the leading host label `console` replaced by `api` " +
  "(https://console.acme.example → https://api.acme.example)";

function parseHttpUrl(value: string, what: string): URL {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    // Do not echo the value: a malformed URL may still contain user info.
    throw new ServiceConfigurationError(`${what} is not an absolute URL such as https://api.acme.example`);
  }
  if (url.protocol !== "https:" && url.protocol !== "http:") {
    throw new ServiceConfigurationError(`${what} must use https:// (or http:// for local testing), not ${url.protocol}`);
  }
  if (url.username || url.password) {
    throw new ServiceConfigurationError(`${what} must not contain a user name or password; pass credentials as \`auth\` instead`);
  }
  return url;
}

function isIpAddress(hostname: string): boolean {
  return hostname.startsWith("[") || /^\d+\.\d+\.\d+\.\d+$/.test(hostname);
}

/**
 * The API base address for a console address: leading label `console` → `api`, scheme and port
 * kept, path, query and fragment dropped. Throws a ServiceConfigurationError that states the rule
 * when the host does not start with a `console` label.
 */
export function deriveApiBaseUrl(consoleUrl: string): string {
  const url = parseHttpUrl(consoleUrl, "consoleUrl");
  const labels = url.hostname.split(".");
  if (isIpAddress(url.hostname) || labels[0] !== "console" || labels.length < 2) {
    throw new ServiceConfigurationError(
      `consoleUrl's host ${url.hostname} does not start with the label \`console\`: ${RULE}. ` +
        "Pass baseUrl with the API's address instead.",
    );
  }
  labels[0] = "api";
  url.hostname = labels.join(".");
  return url.origin;
}

/** A caller's baseUrl, checked, with trailing slashes dropped (openapi-fetch appends "/path"). */
export function normalizeBaseUrl(baseUrl: string): string {
  const url = parseHttpUrl(baseUrl, "baseUrl");
  if (url.search || url.hash) {
    throw new ServiceConfigurationError("baseUrl must not have a query or fragment");
  }
  return `${url.origin}${url.pathname}`.replace(/\/+$/, "");
}

/** Loopback hosts, where plain http cannot be observed by anyone else on the network. */
export function isLoopbackHost(hostname: string): boolean {
  return hostname === "localhost" || hostname === "[::1]" || /^127\.\d+\.\d+\.\d+$/.test(hostname);
}
