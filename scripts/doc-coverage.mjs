// `npm run doc-coverage`: how far the bundle explains itself, measured with the same helpers as
// the documentation-depth lint rule (scripts/spectral-functions/documentationDepth.js), so the
// figures and the rule cannot disagree about what "described" means.
import { readFileSync } from "node:fs";
import path from "node:path";
import { isObjectSchema, propertiesOf, restatesName, unexplainedEnumValues } from "./spectral-functions/documentationDepth.js";
import { operationsOf, resolveRef } from "../src/contract/openapi-document.js";
import { generatedDir } from "./lib/paths.mjs";

const document = JSON.parse(readFileSync(path.join(generatedDir, "openapi.json"), "utf8"));
const schemas = Object.entries(document.components.schemas);

// Every figure the table prints, counted up from nought as the bundle is walked.
const count = {
  properties: 0,
  described: 0,
  beyondName: 0,
  withExample: 0,
  keyFields: 0,
  keyFieldsWithExample: 0,
  objects: 0,
  objectsWithExample: 0,
  objectsWithNoDescribedField: 0,
  enums: 0,
  enumsExplained: 0,
  enumsUnnamed: 0,
  parameters: 0,
  parametersWithExample: 0,
  // What a property's description draws on (CONTRIBUTING, "Every sentence true"): a cited source,
  // a plain statement that the service does not document something, or its schema alone.
  sourced: 0,
  sayUndocumented: 0,
  schemaOnly: 0,
  parametersSourced: 0,
};

const sourced = (node) => Array.isArray(node?.["x-source"]) && node["x-source"].length > 0;
const UNDOCUMENTED = /\b(not documented|does not document|documents no)\b/i;

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
    count.properties++;
    propertiesHere++;
    if (typeof property?.description === "string" && property.description.trim() !== "") count.described++;
    if (!restatesName(property?.description, field)) {
      count.beyondName++;
      describedHere++;
    }
    if (sourced(property)) count.sourced++;
    else if (UNDOCUMENTED.test(property?.description ?? "")) count.sayUndocumented++;
    else count.schemaOnly++;
    const hasExample = property?.examples !== undefined || property?.example !== undefined;
    if (hasExample) count.withExample++;
    if (isKeyField(field, property)) {
      count.keyFields++;
      if (hasExample) count.keyFieldsWithExample++;
    }
  }
  if (isObjectSchema(schema)) {
    count.objects++;
    if (Array.isArray(schema.examples) && schema.examples.length > 0) count.objectsWithExample++;
    if (propertiesHere > 0 && describedHere === 0) count.objectsWithNoDescribedField++;
  }
  if (Array.isArray(schema.enum) && schema.enum.filter((value) => value !== null).length > 1) {
    count.enums++;
    if (schema["x-enum-unnamed"] === true) count.enumsUnnamed++;
    else if (unexplainedEnumValues(schema).length === 0) count.enumsExplained++;
  }
}

for (const { operation, pathItem } of operationsOf(document)) {
  for (const parameter of [...(pathItem.parameters ?? []), ...(operation.parameters ?? [])].map((p) => resolveRef(document, p))) {
    count.parameters++;
    if (sourced(parameter)) count.parametersSourced++;
    if (parameter.example !== undefined || (parameter.examples && Object.keys(parameter.examples).length > 0)) count.parametersWithExample++;
  }
}

const share = (part, whole) => `${part} of ${whole} (${whole === 0 ? "—" : ((100 * part) / whole).toFixed(1) + "%"})`;
const rows = [
  ["properties with a description", share(count.described, count.properties)],
  ["properties whose description says more than the field's name", share(count.beyondName, count.properties)],
  ["properties whose meaning cites a source (x-source)", share(count.sourced, count.properties)],
  ["properties that say what the service does not document", share(count.sayUndocumented, count.properties)],
  ["properties that cite nothing (the schema must back every clause)", share(count.schemaOnly, count.properties)],
  ["parameters whose meaning cites a source (x-source)", share(count.parametersSourced, count.parameters)],
  ["object schemas with no described field", share(count.objectsWithNoDescribedField, count.objects)],
  ["enums whose every value is explained", share(count.enumsExplained, count.enums)],
  ["enums whose values nothing names (x-enum-unnamed)", share(count.enumsUnnamed, count.enums)],
  ["parameters with an example", share(count.parametersWithExample, count.parameters)],
  ["properties with an example", share(count.withExample, count.properties)],
  ["ids, timestamps and enum fields with an example", share(count.keyFieldsWithExample, count.keyFields)],
  ["object schemas with a schema-level example", share(count.objectsWithExample, count.objects)],
];
const width = Math.max(...rows.map(([label]) => label.length));
for (const [label, value] of rows) console.log(`${label.padEnd(width)}  ${value}`);
