// `npm run doc-coverage`: how far the bundle explains itself, measured with the same helpers as
// the documentation-depth lint rule (scripts/spectral-functions/documentationDepth.js), so the
// figures and the rule cannot disagree about what "described" means.
import { readFileSync } from "node:fs";
import path from "node:path";
import { isObjectSchema, propertiesOf, restatesName, unexplainedEnumValues } from "./spectral-functions/documentationDepth.js";
import { operationsOf, resolveRef } from "../src/openapi-document.js";
import { repoRoot } from "./lib/paths.mjs";

const document = JSON.parse(readFileSync(path.join(repoRoot, "generated", "openapi.json"), "utf8"));
const schemas = Object.entries(document.components.schemas);

let properties = 0;
let described = 0;
let beyondName = 0;
let withExample = 0;
let keyFields = 0;
let keyFieldsWithExample = 0;
let objects = 0;
let objectsWithExample = 0;
let objectsWithNoDescribedField = 0;
let enums = 0;
let enumsExplained = 0;
let enumsUnnamed = 0;

const isEnumRef = (property) => {
  const target = property?.$ref ? resolveRef(document, { $ref: property.$ref }) : undefined;
  return Array.isArray(target?.enum);
};
const isKeyField = (name, property) =>
  property?.format === "uuid" || property?.format === "date-time" || /(^|_)id$/.test(name) || isEnumRef(property) ||
  (property?.anyOf ?? []).some((branch) => branch.format === "uuid" || branch.format === "date-time" || isEnumRef(branch));

for (const [name, schema] of schemas) {
  let describedHere = 0;
  let propertiesHere = 0;
  for (const [field, property] of propertiesOf(schema, [])) {
    properties++;
    propertiesHere++;
    if (typeof property?.description === "string" && property.description.trim() !== "") described++;
    if (!restatesName(property?.description, field)) {
      beyondName++;
      describedHere++;
    }
    const hasExample = property?.examples !== undefined || property?.example !== undefined;
    if (hasExample) withExample++;
    if (isKeyField(field, property)) {
      keyFields++;
      if (hasExample) keyFieldsWithExample++;
    }
  }
  if (isObjectSchema(schema)) {
    objects++;
    if (Array.isArray(schema.examples) && schema.examples.length > 0) objectsWithExample++;
    if (propertiesHere > 0 && describedHere === 0) objectsWithNoDescribedField++;
  }
  if (Array.isArray(schema.enum) && schema.enum.filter((value) => value !== null).length > 1) {
    enums++;
    if (schema["x-enum-unnamed"] === true) enumsUnnamed++;
    else if (unexplainedEnumValues(schema).length === 0) enumsExplained++;
  }
}

let parameters = 0;
let parametersWithExample = 0;
for (const { operation, pathItem } of operationsOf(document)) {
  for (const parameter of [...(pathItem.parameters ?? []), ...(operation.parameters ?? [])].map((p) => resolveRef(document, p))) {
    parameters++;
    if (parameter.example !== undefined || (parameter.examples && Object.keys(parameter.examples).length > 0)) parametersWithExample++;
  }
}

const share = (part, whole) => `${part} of ${whole} (${whole === 0 ? "—" : ((100 * part) / whole).toFixed(1) + "%"})`;
const rows = [
  ["properties with a description", share(described, properties)],
  ["properties whose description says more than the field's name", share(beyondName, properties)],
  ["object schemas with no described field", share(objectsWithNoDescribedField, objects)],
  ["enums whose every value is explained", share(enumsExplained, enums)],
  ["enums whose values nothing names (x-enum-unnamed)", share(enumsUnnamed, enums)],
  ["parameters with an example", share(parametersWithExample, parameters)],
  ["properties with an example", share(withExample, properties)],
  ["ids, timestamps and enum fields with an example", share(keyFieldsWithExample, keyFields)],
  ["object schemas with a schema-level example", share(objectsWithExample, objects)],
];
const width = Math.max(...rows.map(([label]) => label.length));
for (const [label, value] of rows) console.log(`${label.padEnd(width)}  ${value}`);
