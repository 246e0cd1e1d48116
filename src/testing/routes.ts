// Which operation of the contract a request is for, found from its method and URL path. The
// client's baseUrl may carry a path of its own ("https://host/api"), so a template may match the
// end of the path. The templates that need the shortest prefix are the candidates; of those with
// the request's method, the one with the most fixed text wins ("/projects/paginated" over
// "/projects/{project_id}"); when none has the method, the service would answer 405.
import type { ContractOperation } from "../validation/contract.js";

export type RouteMatch =
  | { readonly operation: ContractOperation; readonly path: Record<string, string> }
  /** No template matches the path (404), or none with this method (405). */
  | { readonly operation: undefined; readonly status: 404 | 405 };

interface Route {
  readonly operation: ContractOperation;
  readonly pattern: RegExp;
  readonly names: readonly string[];
  readonly fixedLength: number;
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

export function createRouter(operations: readonly ContractOperation[]): (method: string, pathname: string) => RouteMatch {
  const routes: Route[] = operations.map((operation) => {
    const names: string[] = [];
    const source = operation.path
      .split(/(\{[^}]+\})/)
      .map((part) => {
        if (!/^\{[^}]+\}$/.test(part)) return escape(part);
        names.push(part.slice(1, -1));
        return "([^/]+)";
      })
      .join("");
    return { operation, pattern: new RegExp(`^(.*?)${source}/?$`), names, fixedLength: operation.path.replace(/\{[^}]+\}/g, "").length };
  });

  return (method, pathname) => {
    const matches: { route: Route; prefix: number; values: string[] }[] = [];
    for (const route of routes) {
      const match = route.pattern.exec(pathname);
      if (match && (match[1] === "" || match[1]!.startsWith("/"))) matches.push({ route, prefix: match[1]!.length, values: match.slice(2) });
    }
    if (matches.length === 0) return { operation: undefined, status: 404 };
    const shortest = Math.min(...matches.map((match) => match.prefix));
    const best = matches
      .filter((match) => match.prefix === shortest && match.route.operation.method === method)
      .sort((a, b) => b.route.fixedLength - a.route.fixedLength)[0];
    if (!best) return { operation: undefined, status: 405 };
    const path: Record<string, string> = {};
    best.route.names.forEach((name, index) => {
      const raw = best.values[index]!;
      try {
        path[name] = decodeURIComponent(raw);
      } catch {
        path[name] = raw;
      }
    });
    return { operation: best.route.operation, path };
  };
}
