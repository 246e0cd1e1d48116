// Which operation of the contract a request is for, found from its method and URL path. The
// client's baseUrl may carry a path of its own ("https://host/api"), so a template may match the
// end of the path. The templates that need the shortest prefix are the candidates; of those with
// the request's method, the one with the most fixed text wins ("/projects/paginated" over
// "/projects/{project_id}"); when none has the method, the service would answer 405.
//
// Templates are matched segment by segment from the end of the path, so that most of them are
// ruled out by the last segment alone: a mock routes every request a test makes.
import type { ContractOperation } from "../validation/contract.js";

export type RouteMatch =
  | { readonly operation: ContractOperation; readonly path: Record<string, string> }
  /** No template matches the path (404), or none with this method (405). */
  | { readonly operation: undefined; readonly status: 404 | 405 };

/** A template's segment: its fixed text, or a pattern that captures its parameters. */
type Segment = string | { readonly pattern: RegExp; readonly names: readonly string[] };

interface Route {
  readonly operation: ContractOperation;
  readonly segments: readonly Segment[];
  readonly fixedLength: number;
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

function segmentOf(text: string): Segment {
  const parts = text.split(/(\{[^}]+\})/);
  if (parts.length === 1) return text;
  const names: string[] = [];
  const source = parts
    .map((part) => {
      if (!/^\{[^}]+\}$/.test(part)) return escape(part);
      names.push(part.slice(1, -1));
      return "([^/]+)";
    })
    .join("");
  return { pattern: new RegExp(`^${source}$`), names };
}

function decoded(raw: string): string {
  try {
    return decodeURIComponent(raw);
  } catch {
    return raw;
  }
}

/** A path without its one trailing slash: "/status/" and "/status" are the same path. */
const withoutTrailingSlash = (path: string) => (path.length > 1 && path.endsWith("/") ? path.slice(0, -1) : path);

export function createRouter(operations: readonly ContractOperation[]): (method: string, pathname: string) => RouteMatch {
  const routes: Route[] = operations.map((operation) => ({
    operation,
    // "/projects/{project_id}" → ["projects", {…}]: the leading "" is the prefix's place. A
    // template's trailing slash goes as a request's does, or its empty last segment would match
    // no request at all.
    segments: withoutTrailingSlash(operation.path).split("/").slice(1).map(segmentOf),
    fixedLength: operation.path.replace(/\{[^}]+\}/g, "").length,
  }));

  /** The template's parameters when it matches the end of `parts`, else undefined. */
  function match(route: Route, parts: readonly string[]): Record<string, string> | undefined {
    const { segments } = route;
    const offset = parts.length - segments.length;
    if (offset < 1) return undefined;
    const path: Record<string, string> = {};
    for (let index = segments.length - 1; index >= 0; index--) {
      const segment = segments[index]!;
      const part = parts[offset + index]!;
      if (typeof segment === "string") {
        if (segment !== part) return undefined;
        continue;
      }
      const found = segment.pattern.exec(part);
      if (!found) return undefined;
      segment.names.forEach((name, at) => (path[name] = decoded(found[at + 1]!)));
    }
    return path;
  }

  return (method, pathname) => {
    // The parts before a template are the prefix.
    const parts = withoutTrailingSlash(pathname).split("/");
    let shortest = Infinity;
    let best: { route: Route; path: Record<string, string> } | undefined;
    for (const route of routes) {
      const prefix = parts.length - route.segments.length;
      if (prefix > shortest) continue;
      const path = match(route, parts);
      if (!path) continue;
      if (prefix < shortest) {
        shortest = prefix;
        best = undefined;
      }
      if (route.operation.method === method && (!best || route.fixedLength > best.route.fixedLength)) best = { route, path };
    }
    if (shortest === Infinity) return { operation: undefined, status: 404 };
    if (!best) return { operation: undefined, status: 405 };
    return { operation: best.route.operation, path: best.path };
  };
}
