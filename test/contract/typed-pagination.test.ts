// paginate() over each of the spec's paged listings (`x-pagination`), written as a user writes it:
// the listing's minimal init (scripts/lib/typed-call.mjs), its items assigned to the schema the
// spec names for them, one of their fields assigned to a variable of that field's type, and a
// wrong type refused (`@ts-expect-error`), which an `any` item would not be. One program for all
// listings, checked by `tsc --strict` and run against the Prism mock.
import { beforeAll, describe, expect, inject, it } from "vitest";
import { minimalInit, sourceOf } from "../../scripts/lib/typed-call.mjs";
import { bundle, bundleOperations, resolve, type Json } from "../support/bundle.js";
import { runUserProgram, typeCheck, writeUserProject, type TypeCheck } from "../support/user-code.js";

const baseUrl = inject("prismUrl");
const PROGRAM = "paginate-every-listing.ts";

interface Listing {
  /** "METHOD /path" */
  readonly name: string;
  readonly method: string;
  readonly path: string;
  readonly itemsField: string;
  /** The component schema of one item. */
  readonly itemSchema: string;
  /** A required scalar property of the item, its TypeScript type, and a type it is not. */
  readonly field: { readonly name: string; readonly type: string; readonly wrongType: string };
  /** The items the spec's example answer holds: what Prism serves, page after page. */
  readonly exampleItems: Json[];
}

function scalarType(schemaOrRef: unknown): { type: string; wrongType: string } | undefined {
  const schema = resolve<Json>(schemaOrRef);
  const types: string[] = Array.isArray(schema.type) ? schema.type : schema.type ? [schema.type] : [];
  const nullable = types.includes("null") ? " | null" : "";
  if (types.includes("string")) return { type: `string${nullable}`, wrongType: "number" };
  if (types.includes("integer") || types.includes("number")) return { type: `number${nullable}`, wrongType: "string" };
  if (types.includes("boolean")) return { type: `boolean${nullable}`, wrongType: "string" };
  return undefined;
}

const listings: Listing[] = bundleOperations
  .filter(({ operation }) => operation["x-pagination"])
  .map(({ method, path, operation }) => {
    const itemsField = operation["x-pagination"].items as string;
    const media = operation.responses["200"].content["application/json"];
    const itemsRef = resolve<Json>(media.schema).properties[itemsField].items.$ref as string;
    const itemSchema = itemsRef.split("/").pop()!;
    const item = resolve<Json>({ $ref: itemsRef });
    const field = (item.required as string[])
      .map((name) => ({ name, ...scalarType(item.properties[name]) }))
      .find((candidate): candidate is Listing["field"] => candidate.type !== undefined);
    if (!field) throw new Error(`${method} ${path}: ${itemSchema} has no required scalar property to check`);
    // Without an example, Prism makes an answer up whose next_starting_token never ends the walk;
    // every listing's example must carry one that does (null), so the walk is read to its end.
    const exampleItems = media.example?.[itemsField] as Json[] | undefined;
    if (!exampleItems) throw new Error(`${method} ${path}: the spec's 200 answer has no example holding \`${itemsField}\``);
    if (media.example.next_starting_token !== null) throw new Error(`${method} ${path}: the example's next_starting_token must be null, or the mock's walk never ends`);
    return { name: `${method} ${path}`, method, path, itemsField, itemSchema, field, exampleItems };
  });

function pagedMethods(path: string): string[] {
  return listings.filter((listing) => listing.path === path).map((listing) => listing.method);
}

function writeProgram(): { source: string; lines: Map<string, [number, number]> } {
  const schemas = [...new Set(listings.map((listing) => listing.itemSchema))].sort();
  const out = [
    "// Written by test/contract/typed-pagination.test.ts: paginate() over every paged listing, with",
    "// typed items; one JSON line per listing on stdout.",
    'import { createServiceClient, paginate } from "service-api";',
    `import type { ${schemas.join(", ")} } from "service-api/schema";`,
    "",
    "const client = createServiceClient();",
    "",
    "async function report(listing: string, walk: () => Promise<unknown[]>): Promise<void> {",
    "  try {",
    "    const fields = await walk();",
    "    console.log(JSON.stringify({ listing, fields }));",
    "  } catch (error) {",
    "    console.log(JSON.stringify({ listing, thrown: String(error) }));",
    "  }",
    "}",
    "",
  ];
  const lines = new Map<string, [number, number]>();
  for (const listing of listings) {
    const entry = bundleOperations.find(({ method, path }) => method === listing.method && path === listing.path)!;
    let init = minimalInit(bundle, entry) as Json | undefined;
    // A path that pages with both methods pages with GET unless told otherwise.
    if (pagedMethods(listing.path).length > 1 && listing.method !== "GET") init = { method: listing.method, ...init };
    const args = init === undefined ? "" : `, ${sourceOf(init, { column: 40, indent: "  " })}`;
    const { name, type, wrongType } = listing.field;
    const first = out.length + 1;
    const block = [
      `// ${listing.name}: the items of \`${listing.itemsField}\`, each a ${listing.itemSchema}`,
      `await report(${JSON.stringify(listing.name)}, async () => {`,
      `  const fields: ${type}[] = [];`,
      `  for await (const item of paginate(client, ${JSON.stringify(listing.path)}${args})) {`,
      `    const typed: ${listing.itemSchema} = item;`,
      `    const field: ${type} = typed.${name};`,
      `    // @ts-expect-error: ${name} is ${type}, not ${wrongType}`,
      `    const wrong: ${wrongType} = item.${name};`,
      "    fields.push(field);",
      "  }",
      "  return fields;",
      "});",
      "",
    ];
    // The init may span lines: count lines, not entries, so tsc's errors land on their listing.
    out.push(...block.join("\n").split("\n"));
    lines.set(listing.name, [first, out.length]);
  }
  return { source: out.join("\n"), lines };
}

let compiled: TypeCheck;
const errors = new Map<string, string[]>();
const outcomes = new Map<string, { fields?: unknown[]; thrown?: string }>();

beforeAll(async () => {
  const { source, lines } = writeProgram();
  const project = writeUserProject("typed-usage/pagination", { [PROGRAM]: source });
  const [check, run] = await Promise.all([
    typeCheck(project.tsconfig),
    runUserProgram(project.tsconfig, project.file(PROGRAM), { SERVICE_API_URL: baseUrl, SERVICE_API_KEY: "contract-test-key" }),
  ]);
  compiled = check;
  for (const diagnostic of check.diagnostics) {
    const owner = [...lines].find(([, [first, last]]) => diagnostic.line >= first && diagnostic.line <= last)?.[0] ?? "(outside any listing)";
    errors.set(owner, [...(errors.get(owner) ?? []), `line ${diagnostic.line}: ${diagnostic.message}`]);
  }
  if (run.code !== 0) throw new Error(`the pagination program exited with ${run.code}:\n${run.stderr}`);
  for (const line of run.stdout.split("\n").filter((l) => l.startsWith("{"))) {
    const { listing, ...outcome } = JSON.parse(line) as { listing: string; fields?: unknown[]; thrown?: string };
    outcomes.set(listing, outcome);
  }
}, 120_000);

describe("paginate() in typed code, for every paged listing", () => {
  it("covers the thirty paged listings of the spec", () => {
    expect(listings.map((listing) => listing.name).sort()).toEqual(
      [
        "GET /groups",
        "GET /groups/{group_id}/members",
        "GET /integrations/{integration_id}/groups",
        "GET /integrations/{integration_id}/users",
        "POST /projects/paginated",
        "GET /projects/{project_id}/alerts",
        "GET /projects/{project_id}/groups",
        "GET /projects/{project_id}/log_streams/paginated",
        "POST /projects/{project_id}/log_streams/search",
        "GET /projects/{project_id}/prompt_datasets",
        "GET /projects/{project_id}/prompts/runs",
        "GET /projects/{project_id}/prompts/runs/columnar",
        "POST /projects/{project_id}/prompts/runs/columnar",
        "GET /projects/{project_id}/runs/{run_id}/prompts/rows",
        "GET /projects/{project_id}/runs/{run_id}/prompts/rows/chains/{chain_id}/columnar",
        "POST /projects/{project_id}/runs/{run_id}/prompts/rows/columnar",
        "GET /projects/{project_id}/runs/{run_id}/prompts/rows/{row_id}/columnar",
        "GET /projects/{project_id}/users",
        "POST /render_template",
        "POST /scorers/list",
        "GET /users",
        "GET /users/{user_id}/runs/latest",
        "POST /v2/projects",
        "GET /scorers/versions/{scorer_version_id}/projects",
        "GET /scorers/{scorer_id}/projects",
        "GET /scorers/{scorer_id}/versions",
        "GET /templates/{template_id}/groups",
        "GET /templates/{template_id}/users",
        "POST /templates/query",
        "POST /templates/{template_id}/versions/query",
      ].sort(),
    );
  });

  it("type-checks outside the listings too (imports, the report helper)", () => {
    expect(errors.get("(outside any listing)") ?? [], compiled.output).toEqual([]);
  });

  it.each(listings.map((listing) => [listing.name, listing] as const))("%s", (_title, listing) => {
    const name = listing.name;
    expect(errors.get(name) ?? [], "tsc --strict").toEqual([]);
    const outcome = outcomes.get(name);
    expect(outcome?.thrown, "paginate() threw").toBeUndefined();
    expect(outcome?.fields?.length, "items yielded").toBeGreaterThan(0);
    // Prism serves the spec's example, whose next_starting_token ends the walk: it yields exactly
    // the example's items, in order.
    expect(outcome?.fields).toEqual(listing.exampleItems.map((item) => item[listing.field.name]));
  });
});
