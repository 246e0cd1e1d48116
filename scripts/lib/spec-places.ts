// Where, in the hand-written source `openapi/`, a place the diff engine names is written: the file
// and line a maintainer opens to edit it. The engine speaks of the bundle ("ProjectDB.sort",
// "GET /v1/token query parameter limit", "response 200 application/json[].id"); the source has one
// file per schema (named for it) and per operation (found through the path index of
// openapi/openapi.yaml). A place the source does not have yet (a field the release added) is
// answered with the line where it would go: the `properties:` of its object, or the nearest
// enclosing node that exists.
import { readFileSync } from "node:fs";
import path from "node:path";
import { isMap, isScalar, isSeq, LineCounter, parseDocument, type Document, type Node, type Pair } from "yaml";

/** A file of `openapi/` (relative to the repository) and a 1-based line in it. */
export interface SpecPlace {
  readonly file: string;
  readonly line: number;
}

interface Parsed {
  readonly document: Document.Parsed;
  readonly lines: LineCounter;
}

/** What to land on inside the node a place names: one of its keywords, and in an `enum`, one value. */
export interface Landing {
  readonly keyword?: string;
  readonly value?: unknown;
}

/** A node and the key it sits under (its line is the key's, which is where an editor should land). */
interface Found {
  readonly node: unknown;
  readonly at: number;
}

// Keywords under which a schema's union members or composition parts are written inline.
const COMPOSITIONS = ["anyOf", "oneOf", "allOf"] as const;

/** The steps of a place inside a schema: ".name" → a property, "[]" → items, "{}" → additional properties. */
export function stepsOf(within: string): string[] {
  return [...within.matchAll(/\.([^.[{]+)|\[\]|\{\}/g)].map((match) => (match[1] === undefined ? match[0] : `.${match[1]}`));
}

export class SpecPlaces {
  private readonly parsed = new Map<string, Parsed>();
  private readonly index: Map<string, { file: string; line: number }>;

  /** `repoRoot` holds `openapi/openapi.yaml`; every file read is relative to it. */
  constructor(private readonly repoRoot: string) {
    this.index = this.pathIndex();
  }

  private read(file: string): Parsed {
    let parsed = this.parsed.get(file);
    if (parsed === undefined) {
      const lines = new LineCounter();
      const document = parseDocument(readFileSync(path.join(this.repoRoot, file), "utf8"), { lineCounter: lines });
      parsed = { document, lines };
      this.parsed.set(file, parsed);
    }
    return parsed;
  }

  private lineOf(file: string, offset: number): number {
    return this.read(file).lines.linePos(offset).line;
  }

  /** "METHOD /path" → the operation's file and the line of its entry in the path index. */
  private pathIndex(): Map<string, { file: string; line: number }> {
    const indexFile = "openapi/openapi.yaml";
    const { document } = this.read(indexFile);
    const out = new Map<string, { file: string; line: number }>();
    const paths = document.get("paths", true);
    if (!isMap(paths)) return out;
    for (const pathPair of paths.items) {
      if (!isScalar(pathPair.key) || !isMap(pathPair.value)) continue;
      for (const methodPair of pathPair.value.items) {
        if (!isScalar(methodPair.key) || !isMap(methodPair.value)) continue;
        const ref = methodPair.value.get("$ref");
        if (typeof ref !== "string") continue;
        const operation = `${String(methodPair.key.value).toUpperCase()} ${String(pathPair.key.value)}`;
        out.set(operation, { file: path.posix.join("openapi", ref), line: this.lineOf(indexFile, methodPair.key.range?.[0] ?? 0) });
      }
    }
    return out;
  }

  /** The operation's entry in the path index of openapi/openapi.yaml, or undefined when the contract lacks it. */
  indexEntry(operation: string): SpecPlace | undefined {
    const entry = this.index.get(operation);
    return entry === undefined ? undefined : { file: "openapi/openapi.yaml", line: entry.line };
  }

  /** The file of the operation ("METHOD /path"), or undefined when the contract lacks it. */
  operationFile(operation: string): string | undefined {
    return this.index.get(operation)?.file;
  }

  /** The line of a named schema's place: `within` as the engine writes it, `landing` what to land on in that node. */
  inSchema(schema: string, within: string, landing: Landing = {}): SpecPlace | undefined {
    const file = `openapi/components/schemas/${schema}.yaml`;
    let root: Node | null;
    try {
      root = this.read(file).document.contents;
    } catch {
      return undefined;
    }
    return this.place(file, { node: root, at: root?.range?.[0] ?? 0 }, stepsOf(within), landing);
  }

  /**
   * The line of a place in an operation: `where` as the engine writes it ("query parameter limit",
   * "request body application/json.kind", "response 422"), `landing` what to land on in the schema node it names.
   */
  inOperation(operation: string, where: string, landing: Landing = {}): SpecPlace | undefined {
    const file = this.operationFile(operation);
    if (file === undefined) return undefined;
    const root = this.read(file).document.contents;
    const top: Found = { node: root, at: root?.range?.[0] ?? 0 };
    const parameter = /^(query|path|header|cookie) parameter ([^.[{]+)(.*)$/.exec(where);
    if (parameter) {
      const [, location, name, within] = parameter as unknown as [string, string, string, string];
      const list = child(top, "parameters");
      if (list === undefined || !isSeq(list.node)) return this.at(file, list ?? top);
      const item = list.node.items.find((entry) => isMap(entry) && entry.get("name") === name && entry.get("in") === location);
      if (!isMap(item)) return this.at(file, list);
      const schema = child({ node: item, at: item.range?.[0] ?? 0 }, "schema");
      return schema === undefined ? this.at(file, { node: item, at: item.range?.[0] ?? 0 }) : this.place(file, schema, stepsOf(within), landing);
    }
    const body = /^request body(?: (\S+?))?((?:\.|\[\]|\{\}).*)?$/.exec(where);
    if (body) {
      const [, mediaType, within = ""] = body;
      return this.mediaPlace(file, child(top, "requestBody"), mediaType, within, landing) ?? this.at(file, top);
    }
    const response = /^response (\S+)(?: (\S+?))?((?:\.|\[\]|\{\}).*)?$/.exec(where);
    if (response) {
      const [, status, mediaType, within = ""] = response as unknown as [string, string, string | undefined, string | undefined];
      const responses = child(top, "responses");
      if (responses === undefined) return this.at(file, top);
      const answer = child(responses, status);
      if (answer === undefined) return this.at(file, responses);
      return this.mediaPlace(file, answer, mediaType, within ?? "", landing) ?? this.at(file, answer);
    }
    const keyed = where === "" ? undefined : child(top, where);
    return this.at(file, keyed ?? top);
  }

  private mediaPlace(file: string, holder: Found | undefined, mediaType: string | undefined, within: string, landing: Landing): SpecPlace | undefined {
    if (holder === undefined) return undefined;
    if (mediaType === undefined) return this.at(file, holder);
    const content = child(holder, "content");
    const media = content === undefined ? undefined : child(content, mediaType);
    const schema = media === undefined ? undefined : child(media, "schema");
    if (schema === undefined) return this.at(file, media ?? content ?? holder);
    return this.place(file, schema, stepsOf(within), landing);
  }

  private at(file: string, found: Found): SpecPlace {
    return { file, line: this.lineOf(file, found.at) };
  }

  /** Walks `steps` down from `start`; where a step is missing, lands on the nearest node that exists. */
  private place(file: string, start: Found, steps: readonly string[], { keyword, value }: Landing): SpecPlace {
    let here = start;
    for (const step of steps) {
      const next = stepInto(here, step);
      if (next === undefined) {
        // A field the contract lacks goes under `properties:`; any other missing step, at the node above it.
        return this.at(file, (step.startsWith(".") ? child(here, "properties") : undefined) ?? here);
      }
      here = next;
    }
    const keyed = keyword === undefined ? undefined : child(here, keyword);
    const item = keyed !== undefined && isSeq(keyed.node) && value !== undefined ? keyed.node.items.find((entry) => isScalar(entry) && entry.value === value) : undefined;
    return this.at(file, item === undefined ? (keyed ?? here) : { node: item, at: (item as Node).range?.[0] ?? keyed!.at });
  }
}

/** The value under `key` of a map node, with the key's offset. */
function child(found: Found, key: string): Found | undefined {
  if (!isMap(found.node)) return undefined;
  const pair = (found.node.items as Pair[]).find((item) => isScalar(item.key) && String(item.key.value) === key);
  if (pair === undefined || !isScalar(pair.key)) return undefined;
  return { node: pair.value, at: pair.key.range?.[0] ?? found.at };
}

/** One step into a schema node, looking through inline union members and compositions. */
function stepInto(found: Found, step: string): Found | undefined {
  const direct =
    step === "[]" ? child(found, "items") : step === "{}" ? child(found, "additionalProperties") : (() => {
      const properties = child(found, "properties");
      return properties === undefined ? undefined : child(properties, step.slice(1));
    })();
  if (direct !== undefined) return direct;
  for (const keyword of COMPOSITIONS) {
    const members = child(found, keyword);
    if (members === undefined || !isSeq(members.node)) continue;
    for (const member of members.node.items) {
      const inside = stepInto({ node: member, at: (member as Node).range?.[0] ?? members.at }, step);
      if (inside !== undefined) return inside;
    }
  }
  return undefined;
}
