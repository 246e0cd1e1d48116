// Generators (openapi-generator for Python, Java, Go, …) give every inline union and inline object a
// class name made from where it sits: the schema's name, then each property's name in
// UpperCamelCase, `Inner` for a list's items, `Value` for a map's values, `AnyOf`/`OneOf` plus an
// index for a union's branches. A long path makes a name no one can read
// (`PromptChainIngestBatchRequestPromptCustomizedScorersConfigurationInner`), and a path can land
// on the name of a real schema (`Message.role` → `MessageRole`, an enum of that name). Those places
// get a named schema instead; this test keeps it so.
import { expect, it } from "vitest";
import { bundle, type Json } from "../support/bundle.js";

const MAX_LENGTH = 40;
const schemas = bundle.components.schemas as Json;
const upperCamel = (name: string) =>
  name
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean)
    .map((word) => word[0]!.toUpperCase() + word.slice(1))
    .join("");
const isNull = (branch: Json) => branch.type === "null";

/** Every class name a generator invents inside the components, with what it names. */
function inventedNames(): { name: string; kind: "union" | "object" }[] {
  const found: { name: string; kind: "union" | "object" }[] = [];
  const visit = (node: Json | undefined, name: string, top: boolean) => {
    if (!node || typeof node !== "object" || node.$ref) return;
    const union = (node.anyOf ?? node.oneOf) as Json[] | undefined;
    const branches = union?.filter((branch) => !isNull(branch)) ?? [];
    if (!top && branches.length >= 2) found.push({ name, kind: "union" });
    else if (!top && node.properties) found.push({ name, kind: "object" });
    for (const [property, value] of Object.entries((node.properties ?? {}) as Json)) visit(value, name + upperCamel(property), false);
    if (node.items) visit(node.items, `${name}Inner`, false);
    if (node.additionalProperties && typeof node.additionalProperties === "object") visit(node.additionalProperties, `${name}Value`, false);
    // "X or null" is X made nullable: no class of its own.
    if (branches.length === 1) visit(branches[0], name, top);
    else branches.forEach((branch, i) => visit(branch, `${name}${node.anyOf ? "AnyOf" : "OneOf"}${i === 0 ? "" : i}`, false));
  };
  for (const [name, schema] of Object.entries(schemas)) visit(schema, name, true);
  return found;
}

const invented = inventedNames();

it("finds the inline unions and objects it should (the walker is not blind)", () => {
  // Each of these is inline on purpose: short and unambiguous where it sits.
  expect(invented.map(({ name }) => name)).toEqual(expect.arrayContaining(["LlmStepInput", "MetadataFilterValue"]));
});

it(`no invented class name is longer than ${MAX_LENGTH} characters`, () => {
  const long = invented.filter(({ name }) => name.length > MAX_LENGTH).map(({ name }) => `${name} (${name.length})`);
  expect(long, "name these inline schemas in openapi/components/schemas/").toEqual([]);
});

it("no invented class name collides with a schema's name or with another invented name", () => {
  const names = invented.map(({ name }) => name);
  expect(names.filter((name) => name in schemas), "collides with a component").toEqual([]);
  expect(names.filter((name, i) => names.indexOf(name) !== i), "invented twice").toEqual([]);
});
