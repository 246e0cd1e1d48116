// Which operation of the contract a request is for, found from its method and its path below the
// mock's base address (src/testing/base-address.ts strips that first): the path must be one of
// the contract's templates, whole. Of the templates that match, those with the request's method
// are the candidates, and the one with the most fixed text wins ("/projects/paginated" over
// "/projects/{project_id}"); when none has the method, the service would answer 405.
//
// The templates sit in a tree, one level per segment, so that a request walks only the branches
// its own segments lead to: a mock routes every request a test makes, and the work per request
// stays the same however many operations the contract has.
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

/** One level of the tree: the next segment's fixed texts, its patterns, and the templates that end here. */
interface Node {
  readonly fixed: Map<string, Node>;
  /** By the pattern's source: "{project_id}" and "{user_id}" share a branch. */
  readonly patterns: Map<string, { readonly pattern: RegExp; readonly node: Node }>;
  readonly routes: Route[];
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

const emptyNode = (): Node => ({ fixed: new Map(), patterns: new Map(), routes: [] });

/** The parameters of `route` in `parts`, which its segments are known to match. */
function parametersOf(route: Route, parts: readonly string[]): Record<string, string> {
  const path: Record<string, string> = {};
  route.segments.forEach((segment, index) => {
    if (typeof segment === "string") return;
    const found = segment.pattern.exec(parts[index]!)!;
    segment.names.forEach((name, at) => (path[name] = decoded(found[at + 1]!)));
  });
  return path;
}

export function createRouter(operations: readonly ContractOperation[]): (method: string, pathname: string) => RouteMatch {
  const root = emptyNode();
  for (const operation of operations) {
    // "/projects/{project_id}" → ["projects", {…}]. A template's trailing slash goes as a
    // request's does, or its empty last segment would match no request at all.
    const segments = withoutTrailingSlash(operation.path).split("/").slice(1).map(segmentOf);
    let node = root;
    for (const segment of segments) {
      if (typeof segment === "string") {
        if (!node.fixed.has(segment)) node.fixed.set(segment, emptyNode());
        node = node.fixed.get(segment)!;
        continue;
      }
      const key = segment.pattern.source;
      if (!node.patterns.has(key)) node.patterns.set(key, { pattern: segment.pattern, node: emptyNode() });
      node = node.patterns.get(key)!.node;
    }
    node.routes.push({ operation, segments, fixedLength: operation.path.replace(/\{[^}]+\}/g, "").length });
  }

  /** Every template that matches `parts` whole. */
  function matching(node: Node, parts: readonly string[], index: number, found: Route[]): void {
    if (index === parts.length) {
      found.push(...node.routes);
      return;
    }
    const part = parts[index]!;
    const next = node.fixed.get(part);
    if (next) matching(next, parts, index + 1, found);
    for (const { pattern, node: child } of node.patterns.values()) if (pattern.test(part)) matching(child, parts, index + 1, found);
  }

  return (method, pathname) => {
    const parts = withoutTrailingSlash(pathname).split("/").slice(1);
    const found: Route[] = [];
    matching(root, parts, 0, found);
    if (found.length === 0) return { operation: undefined, status: 404 };
    let best: Route | undefined;
    for (const route of found) if (route.operation.method === method && (!best || route.fixedLength > best.fixedLength)) best = route;
    if (!best) return { operation: undefined, status: 405 };
    return { operation: best.operation, path: parametersOf(best, parts) };
  };
}
