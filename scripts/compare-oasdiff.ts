// Verify's diff engine beside oasdiff, measured on the service's real documents kept in reference/:
// for each pair of documents, each tool's changes are mapped to the rows of the record made by hand
// of the real changes (reference/changes/<from>-<to>.tsv, scope in its README), and counted: the
// rows each tool names, and the error findings (breaking) that name no real change. The answer key
// is that record, never either tool's output, so neither tool is measured against itself.
//
// A measurement for docs/verify.md ("Verify beside oasdiff"), not a test: it fails nothing, and no
// CI job or `npm test` runs it. oasdiff is a Go program: the script uses $OASDIFF, then
// .cache/oasdiff/oasdiff, then one on PATH; where there is none and Go is present it installs the
// pinned version into .cache/oasdiff; where Go is absent too it says so and exits 0.
//
//   npm run compare-oasdiff
import { spawnSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { diffDocuments, type DocumentChange } from "../src/contract/openapi-diff.js";
import { operationsOf } from "../src/contract/openapi-document.js";
import { repoRoot } from "./lib/paths.mjs";

const OASDIFF_MODULE = "github.com/oasdiff/oasdiff@v1.37.0";
const cacheBin = path.join(repoRoot, ".cache", "oasdiff");
const referenceDir = path.join(repoRoot, "reference");

const PAIRS = [
  { from: "1.378.0", to: "1.513.0", oldFile: "openapi-1.378.0.json", newFile: "openapi-1.513.0.json" },
  { from: "1.513.0", to: "client-2026-07-13", oldFile: "openapi-1.513.0.json", newFile: "openapi-client-2026-07-13.json" },
] as const;

// The record's scope (reference/changes/README.md): the groups whose bodies and success statuses it
// covers, and the changes it names at each kind of place. A finding elsewhere cannot be judged
// against it, so it is counted apart, never as a miss or a false alarm.
const BODY_GROUPS = new Set(["projects", "datasets", "runs", "log_stream"]);
const OPERATION_CHANGES = new Set(["operation-added", "operation-removed"]);
const PARAMETER_CHANGES = new Set(["parameter-added", "parameter-removed", "became-required", "became-optional"]);
const FIELD_CHANGES = new Set([
  "field-added",
  "field-removed",
  "became-required",
  "became-optional",
  "became-nullable",
  "type-changed",
  "union-member-added",
  "union-member-removed",
  "enum-value-added",
  "enum-value-removed",
]);
const STATUS_CHANGES = new Set(["success-status-added", "success-status-removed"]);

/** One change, in the record's terms: where, what, and for an enum which values. */
interface Finding {
  readonly operation: string;
  readonly place: string;
  /** The record's change name, or null where the tool's change is of a kind the record does not cover. */
  readonly change: string | null;
  readonly values: readonly string[];
  readonly error: boolean;
  /** The tool's own words for it, kept to say what a miss or a false alarm was. */
  readonly source: string;
}

interface RecordRow {
  readonly operation: string;
  readonly place: string;
  readonly change: string;
  readonly breaking: boolean;
  readonly note: string;
}

// The engine pairs operations by method and path shape, and so does the record: `{id}` and
// `{user_id}` at one place are one path.
const shape = (operation: string) => operation.replace(/\{[^}]+\}/g, "{}");
const keyOf = (operation: string, place: string, change: string, value?: string) =>
  `${shape(operation)}|${place}|${change}${value === undefined ? "" : `|${value}`}`;

function readRecord(file: string): RecordRow[] {
  const [header, ...lines] = readFileSync(file, "utf8").trimEnd().split("\n");
  if (header !== "operation\tplace\tchange\tbreaking\tnote") throw new Error(`${file}: unexpected header ${header}`);
  return lines.map((line) => {
    const [operation, place, change, breaking, note] = line.split("\t");
    if (!operation || !place || !change || (breaking !== "yes" && breaking !== "no")) throw new Error(`${file}: bad row ${line}`);
    return { operation, place, change, breaking: breaking === "yes", note: note ?? "-" };
  });
}

// An enum row's note is its value; every other row is keyed without one.
const rowKey = (row: RecordRow) => keyOf(row.operation, row.place, row.change, row.change.startsWith("enum-value-") ? row.note : undefined);

const findingKeys = (finding: Finding) =>
  finding.change === null
    ? []
    : finding.change.startsWith("enum-value-")
      ? finding.values.map((value) => keyOf(finding.operation, finding.place, finding.change!, value))
      : [keyOf(finding.operation, finding.place, finding.change)];

// --- verify's engine, in the record's terms -------------------------------------------------

const VERIFY_FIELD_RULES: Record<string, string> = {
  "request-field-added": "field-added",
  "request-field-added-required": "field-added",
  "response-field-added": "field-added",
  "request-field-removed": "field-removed",
  "response-field-removed": "field-removed",
  "request-field-became-required": "became-required",
  "response-field-became-required": "became-required",
  "request-field-became-optional": "became-optional",
  "response-field-became-optional": "became-optional",
  "request-enum-value-added": "enum-value-added",
  "response-enum-value-added": "enum-value-added",
  "request-enum-value-removed": "enum-value-removed",
  "response-enum-value-removed": "enum-value-removed",
  "request-schema-replaced": "type-changed",
  "response-schema-replaced": "type-changed",
};
const VERIFY_PARAMETER_RULES: Record<string, string> = {
  "parameter-added": "parameter-added",
  "parameter-added-required": "parameter-added",
  "parameter-removed": "parameter-removed",
  "parameter-became-required": "became-required",
  "parameter-became-optional": "became-optional",
};

/** A body place of the engine (`request body application/json.kind`), as the record writes it, or null when deeper. */
function verifyBodyPlace(where: string): string | null {
  const match = /^(request body|response (\d\w*)) application\/json(.*)$/.exec(where);
  if (!match) return null;
  const [, side, status, rest = ""] = match;
  // A list body's items stand for the body; a list field's items for the field.
  if (rest === "" || rest === "[]") return side === "request body" ? "request body" : `response ${status}`;
  const field = /^(?:\[\])?\.([^.[\]{}]+)(?:\[\])?$/.exec(rest);
  return field ? `${side === "request body" ? "request" : "response"} field ${field[1]}` : null;
}

// The engine says what happened to a type in its message; a union's members and null are the
// record's own changes, anything else a retype.
function verifyTypeChange(message: string): string | null {
  // An object closed to other fields is outside the record (reference/changes/README.md).
  if (message.includes("additional properties")) return null;
  if (message.startsWith("union now has member")) return "union-member-added";
  if (message.startsWith("union no longer has member")) return "union-member-removed";
  if (message === "may now be null") return "became-nullable";
  return "type-changed";
}

// `now "one_of", "not_in"`, `no longer 17`: each value as the record's note writes it.
function enumValues(message: string): string[] {
  const list = message.replace(/^(now|no longer) /, "");
  return list.split(", ").map((value) => {
    try {
      const parsed: unknown = JSON.parse(value);
      return typeof parsed === "string" ? parsed : JSON.stringify(parsed);
    } catch {
      return value;
    }
  });
}

function verifyFindings(changes: readonly DocumentChange[]): Finding[] {
  return changes.map((c) => {
    const base = { operation: c.operation, error: c.class !== "compatible", source: `${c.rule} ${c.where} (${c.message})`, values: [] as string[] };
    if (c.rule === "operation-removed" || c.rule === "operation-added") return { ...base, place: "-", change: c.rule };
    if (c.rule in VERIFY_PARAMETER_RULES) return { ...base, place: c.where, change: VERIFY_PARAMETER_RULES[c.rule]! };
    if (c.rule === "response-removed") return { ...base, place: c.where, change: "success-status-removed" };
    const place = verifyBodyPlace(c.where);
    if (place === null) return { ...base, place: c.where, change: null };
    if (/^(request|response)-type-(widened|narrowed)$/.test(c.rule)) return { ...base, place, change: verifyTypeChange(c.message) };
    const change = VERIFY_FIELD_RULES[c.rule] ?? null;
    return { ...base, place, change, values: change?.startsWith("enum-value-") ? enumValues(c.message) : [] };
  });
}

// --- oasdiff, in the record's terms ---------------------------------------------------------

interface OasdiffEntry {
  readonly id: string;
  readonly text: string;
  readonly level: number;
  readonly operation?: string;
  readonly path?: string;
}

const quoted = (text: string) => [...text.matchAll(/`([^`]*)`/g)].map((m) => m[1]!);

// oasdiff names a body property by its path (`items/created_by_user`, `filters/items`,
// `created_by_user/anyOf[subschema #1: UserInfo]/email`): a list body's items and a list field's
// items aside, only a top-level name is in the record's scope.
function topLevel(property: string): string | null {
  // A branch of a union (`task_type/anyOf[subschema #1: TaskType]`, the non-null half of a
  // nullable value) is still the place it branches at.
  const place = property
    .split("/")
    .filter((segment) => !/^(anyOf|oneOf|allOf)\[/.test(segment))
    .join("/");
  const match = /^(?:items\/)?([^/]+)(?:\/items)?$/.exec(place);
  return match && !match[1]!.includes("[") ? match[1]! : null;
}

function oasdiffChange(id: string): string | null {
  if (id === "endpoint-added") return "operation-added";
  if (/^api-(path-)?removed/.test(id) || id === "endpoint-removed") return "operation-removed";
  if (id === "new-optional-request-parameter" || id === "new-required-request-parameter") return "parameter-added";
  if (id === "request-parameter-removed") return "parameter-removed";
  if (id === "request-parameter-became-required") return "became-required";
  if (id === "request-parameter-became-optional") return "became-optional";
  if (/^response-success-status-(added|removed)$/.test(id)) return id.replace("response-", "");
  if (/^new-(optional|required)-request-property$/.test(id) || /^response-(optional|required)-property-added$/.test(id)) return "field-added";
  if (id === "request-property-removed" || /^response-(optional|required)-property-removed$/.test(id)) return "field-removed";
  if (/-property-became-required$/.test(id)) return "became-required";
  if (/-property-became-optional$/.test(id)) return "became-optional";
  if (/-property-enum-value-(added|removed)$/.test(id)) return id.endsWith("added") ? "enum-value-added" : "enum-value-removed";
  if (/-(any|one)-of-added$/.test(id)) return "union-member-added";
  if (/-(any|one)-of-removed$/.test(id)) return "union-member-removed";
  if (/-list-of-types-(widened|narrowed)$/.test(id) || /-type-(changed|generalized|specialized)$/.test(id)) return "type-changed";
  return null;
}

function oasdiffFinding(entry: OasdiffEntry): Finding {
  const operation = entry.operation && entry.path ? `${entry.operation} ${entry.path}` : "(document)";
  const base = { operation, error: entry.level === 3, source: `${entry.id}: ${entry.text}`, values: [] as string[] };
  let change = oasdiffChange(entry.id);
  const words = quoted(entry.text);
  if (change === "operation-added" || change === "operation-removed") return { ...base, place: "-", change };
  if (entry.id.includes("request-parameter")) {
    // "added the new optional `query` request parameter `hidden`"
    const [where, name] = words;
    return { ...base, place: `${where} parameter ${name}`, change: entry.id.startsWith("request-parameter-enum") ? null : change };
  }
  if (change === "success-status-added" || change === "success-status-removed") return { ...base, place: `response ${words[0]}`, change };
  if (/^(request|response)-body-/.test(entry.id)) {
    const status = /status `(\d\w*)`/.exec(entry.text)?.[1];
    const place = entry.id.startsWith("request") ? "request body" : `response ${status}`;
    return { ...base, place, change };
  }
  const side = entry.id.startsWith("request") || entry.id.startsWith("new-") ? "request" : "response";
  // An enum value, a union's members and a discriminator's keys come first, the property second.
  const property = /enum-value|-of-(added|removed)|discriminator-mapping/.test(entry.id) ? words[1] : words[0];
  const field = property === undefined ? null : topLevel(property);
  if (field === null) return { ...base, place: property ?? "", change: null };
  if (change === "type-changed" && /list-of-types-widened/.test(entry.id) && /types `null`/.test(entry.text)) change = "became-nullable";
  // oasdiff writes a number as `17.00`; the record writes it as the document does.
  const values = change?.startsWith("enum-value-") ? [/^-?\d+(\.\d+)?$/.test(words[0]!) ? String(Number(words[0])) : words[0]!] : [];
  return { ...base, place: `${side} field ${field}`, change, values };
}

/**
 * oasdiff's union findings (`…-any-of-added`, `…-one-of-removed`) whose every member reappears on
 * the other side of the same place under the name the service's framework gives one class per
 * side or module (`<Class>-Input`, `<Class>-Output`, `<module>__<Class>`): a rename, not a member
 * gained or lost. Inline members (`subschema #4`) cannot be paired by name and are left out.
 */
function renamedMemberErrors(entries: readonly OasdiffEntry[]): number {
  const bare = (name: string) => name.replace("#/components/schemas/", "").replace(/-(Input|Output)$/, "").replace(/^.*__/, "");
  const placeOf = (entry: OasdiffEntry) => `${entry.operation} ${entry.path}|${quoted(entry.text)[1]}|${/status `(\w+)`/.exec(entry.text)?.[1] ?? ""}|${entry.id.replace(/-(added|removed)$/, "")}`;
  const members = (entry: OasdiffEntry) => (quoted(entry.text)[0] ?? "").split(", ").map(bare);
  const sides = { added: new Map<string, string[]>(), removed: new Map<string, string[]>() };
  const unions = entries.filter((entry) => /-(any|one)-of-(added|removed)$/.test(entry.id));
  for (const entry of unions) sides[entry.id.endsWith("added") ? "added" : "removed"].set(placeOf(entry), members(entry));
  return unions.filter((entry) => {
    if (entry.level !== 3) return false;
    const mine = members(entry);
    const other = sides[entry.id.endsWith("added") ? "removed" : "added"].get(placeOf(entry)) ?? [];
    return !mine.some((name) => name.startsWith("subschema")) && mine.every((name) => other.includes(name));
  }).length;
}

// --- the measurement ------------------------------------------------------------------------

interface Scope {
  /** Operation shapes of the old document in the groups whose bodies the record covers. */
  readonly bodyOperations: ReadonlySet<string>;
}

interface TaggedOperation {
  readonly tags?: readonly string[];
}

function scopeOf(oldDoc: { paths?: Record<string, unknown> }): Scope {
  const bodyOperations = new Set<string>();
  for (const { method, path: p, operation } of operationsOf<TaggedOperation, unknown>(oldDoc)) {
    const group = operation.tags?.[0];
    if (group !== undefined && BODY_GROUPS.has(group)) bodyOperations.add(shape(`${method} ${p}`));
  }
  return { bodyOperations };
}

function inScope(finding: Finding, scope: Scope): boolean {
  if (finding.change === null) return false;
  if (finding.place === "-") return OPERATION_CHANGES.has(finding.change);
  if (/^\w+ parameter /.test(finding.place)) return PARAMETER_CHANGES.has(finding.change);
  if (!scope.bodyOperations.has(shape(finding.operation))) return false;
  if (finding.place === "request body" || /^response \d/.test(finding.place)) return STATUS_CHANGES.has(finding.change) || FIELD_CHANGES.has(finding.change);
  return /^(request|response) field /.test(finding.place) && FIELD_CHANGES.has(finding.change);
}

interface Count {
  readonly named: number;
  readonly breakingAsError: number;
  readonly errorsNoRow: Finding[];
  readonly errorsOnCompatible: number;
  readonly errorsOutside: number;
  readonly missed: RecordRow[];
  readonly breakingNotError: RecordRow[];
}

function measure(rows: readonly RecordRow[], findings: readonly Finding[], scope: Scope): Count {
  const byKey = new Map(rows.map((row) => [rowKey(row), row]));
  const seen = new Set<string>();
  const seenAsError = new Set<string>();
  const errorsNoRow: Finding[] = [];
  let errorsOnCompatible = 0;
  let errorsOutside = 0;
  for (const finding of findings) {
    const keys = findingKeys(finding).filter((key) => byKey.has(key));
    for (const key of keys) {
      seen.add(key);
      if (finding.error) seenAsError.add(key);
    }
    if (!finding.error) continue;
    if (!inScope(finding, scope)) errorsOutside++;
    else if (keys.length === 0) errorsNoRow.push(finding);
    else if (keys.every((key) => !byKey.get(key)!.breaking)) errorsOnCompatible++;
  }
  return {
    named: seen.size,
    breakingAsError: rows.filter((row) => row.breaking && seenAsError.has(rowKey(row))).length,
    errorsNoRow,
    errorsOnCompatible,
    errorsOutside,
    missed: rows.filter((row) => !seen.has(rowKey(row))),
    breakingNotError: rows.filter((row) => row.breaking && seen.has(rowKey(row)) && !seenAsError.has(rowKey(row))),
  };
}

// --- oasdiff's binary -------------------------------------------------------------------------

function findGo(): string | null {
  for (const candidate of ["go", "/usr/local/go/bin/go"]) {
    if (spawnSync(candidate, ["version"], { stdio: "ignore" }).status === 0) return candidate;
  }
  return null;
}

function findOasdiff(): string | null {
  const candidates = [process.env.OASDIFF, path.join(cacheBin, "oasdiff"), "oasdiff"].filter((c): c is string => Boolean(c));
  for (const candidate of candidates) {
    if (spawnSync(candidate, ["--version"], { stdio: "ignore" }).status === 0) return candidate;
  }
  const go = findGo();
  if (!go) return null;
  console.error(`compare-oasdiff: installing ${OASDIFF_MODULE} into .cache/oasdiff (Go module proxy)`);
  const install = spawnSync(go, ["install", OASDIFF_MODULE], { stdio: "inherit", env: { ...process.env, GOBIN: cacheBin } });
  return install.status === 0 && existsSync(path.join(cacheBin, "oasdiff")) ? path.join(cacheBin, "oasdiff") : null;
}

function runOasdiff(binary: string, oldPath: string, newPath: string): OasdiffEntry[] {
  // No --open and no --fetch: the documents stay on this machine.
  const run = spawnSync(binary, ["changelog", oldPath, newPath, "--format", "json"], { encoding: "utf8", maxBuffer: 256 * 1024 * 1024 });
  if (run.status !== 0) throw new Error(`oasdiff changelog failed (${run.status}): ${run.stderr}`);
  return JSON.parse(run.stdout) as OasdiffEntry[];
}

// --- the report -------------------------------------------------------------------------------

const percent = (part: number, whole: number) => `${whole === 0 ? 0 : Math.round((100 * part) / whole)}%`;

function main(): void {
  const started = performance.now();
  const binary = findOasdiff();
  if (!binary) {
    console.log(`compare-oasdiff: skipped. Neither oasdiff nor Go was found; install Go and run again (it installs ${OASDIFF_MODULE}), or set OASDIFF to an oasdiff binary.`);
    return;
  }
  const verbose = process.argv.includes("--verbose");
  const lines = [
    "| documents | tool | changes reported (errors) | record rows named | breaking rows named as errors | errors matching no row | errors on a compatible row | errors outside the record's scope |",
    "|---|---|---|---|---|---|---|---|",
  ];
  const details: string[] = [];
  const notes: string[] = [];
  for (const pair of PAIRS) {
    const oldPath = path.join(referenceDir, pair.oldFile);
    const newPath = path.join(referenceDir, pair.newFile);
    const oldDoc = JSON.parse(readFileSync(oldPath, "utf8"));
    const newDoc = JSON.parse(readFileSync(newPath, "utf8"));
    const rows = readRecord(path.join(referenceDir, "changes", `${pair.from}-${pair.to}.tsv`));
    const scope = scopeOf(oldDoc);
    const breakingRows = rows.filter((row) => row.breaking).length;
    const entries = runOasdiff(binary, path.relative(repoRoot, oldPath), path.relative(repoRoot, newPath));
    const tools: [string, Finding[]][] = [
      ["verify", verifyFindings(diffDocuments(oldDoc, newDoc))],
      ["oasdiff", entries.map(oasdiffFinding)],
    ];
    notes.push(`${pair.from} → ${pair.to}: ${renamedMemberErrors(entries)} of oasdiff's errors are a union member renamed by the service's framework (-Input, -Output, a module prefix), read as a member added or removed`);
    for (const [tool, findings] of tools) {
      const count = measure(rows, findings, scope);
      const errors = findings.filter((f) => f.error).length;
      lines.push(
        `| ${pair.from} → ${pair.to} | ${tool} | ${findings.length} (${errors}) | ${count.named} of ${rows.length} (${percent(count.named, rows.length)}) | ${count.breakingAsError} of ${breakingRows} (${percent(count.breakingAsError, breakingRows)}) | ${count.errorsNoRow.length} | ${count.errorsOnCompatible} | ${count.errorsOutside} |`,
      );
      if (verbose) {
        details.push(`\n${pair.from} → ${pair.to}, ${tool}: rows not named`, ...count.missed.map((row) => `  ${row.operation}\t${row.place}\t${row.change}\t${row.note}`));
        details.push(`${pair.from} → ${pair.to}, ${tool}: breaking rows named, not as errors`, ...count.breakingNotError.map((row) => `  ${row.operation}\t${row.place}\t${row.change}\t${row.note}`));
        details.push(`${pair.from} → ${pair.to}, ${tool}: errors matching no row`, ...count.errorsNoRow.map((f) => `  ${f.operation}\t${f.place}\t${f.change}\t${f.source.slice(0, 240)}`));
      }
    }
  }
  console.log(lines.join("\n"));
  console.log(`\n${notes.join("\n")}`);
  if (verbose) console.log(details.join("\n"));
  console.log(`\n(${((performance.now() - started) / 1000).toFixed(1)} s; oasdiff from ${path.relative(repoRoot, binary) || binary}; record scope: reference/changes/README.md)`);
}

main();
