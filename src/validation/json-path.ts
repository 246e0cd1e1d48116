// Where in a body a problem is, written the way people read it: `$.projects[0].created_by_user`
// rather than the JSON pointer `/projects/0/created_by_user` a validator works with.

import { pointerKey } from "../contract/openapi-document.js";

const IDENTIFIER = /^[A-Za-z_$][A-Za-z0-9_$]*$/;

/** One more step after `path`: `.name`, `["odd key"]` or `[3]`. */
export function appendKey(path: string, key: string | number): string {
  if (typeof key === "number") return `${path}[${key}]`;
  return IDENTIFIER.test(key) ? `${path}.${key}` : `${path}[${JSON.stringify(key)}]`;
}

/**
 * The keys a path made by `appendKey` walks, after its base: `$.runs[0]["odd key"]` is
 * `["runs", 0, "odd key"]`. The way back, for answers that name a place as a list of keys (the
 * service's 422 `loc`).
 */
export function pathKeys(path: string, base: string): (string | number)[] {
  const keys: (string | number)[] = [];
  const step = /\.([A-Za-z_$][A-Za-z0-9_$]*)|\[(\d+)\]|\[("(?:[^"\\]|\\.)*")\]/y;
  step.lastIndex = base.length;
  for (let match = step.exec(path); match; match = step.exec(path)) {
    keys.push(match[1] ?? (match[2] !== undefined ? Number(match[2]) : (JSON.parse(match[3]!) as string)));
  }
  return keys;
}

/**
 * `pointer` (RFC 6901, relative to `data`) as a `$` path after `base`. The data decides whether a
 * segment is an array index or an object key that happens to be digits.
 */
export function jsonPath(pointer: string, data: unknown, base = "$"): string {
  if (pointer === "") return base;
  let path = base;
  let node: unknown = data;
  for (const segment of pointer.split("/").slice(1)) {
    const key = pointerKey(segment);
    if (Array.isArray(node) && /^\d+$/.test(key)) {
      path = appendKey(path, Number(key));
      node = node[Number(key)];
    } else {
      path = appendKey(path, key);
      node = node !== null && typeof node === "object" ? (node as Record<string, unknown>)[key] : undefined;
    }
  }
  return path;
}

/** What a value is, in JSON Schema's words (integer for whole numbers). */
export function jsonType(value: unknown): string {
  if (value === null) return "null";
  if (Array.isArray(value)) return "array";
  if (typeof value === "number") return Number.isInteger(value) ? "integer" : "number";
  return typeof value;
}
