// Two kinds of OpenAPI keyword the build scripts treat apart: the maps from the API's own names
// to definitions, and the keywords that only say things in words. The release check
// (release.mjs: a change to words alone is a patch) and the runtime document (runtime-contract.mjs:
// the words do not ship in it) read them from here.

/**
 * Keywords whose value is a map from names the API chose (field names, path templates, schema
 * names) to definitions: a name there is never a keyword, even a field called "description".
 */
export const NAMED_MAPS = new Set([
  "properties", "patternProperties", "$defs", "definitions", "dependentSchemas", "paths", "webhooks", "callbacks",
  "schemas", "responses", "parameters", "requestBodies", "headers", "securitySchemes", "links", "pathItems",
  "content", "encoding", "variables", "mapping",
]);

/**
 * Keywords that say in words what the API does, for people: no validator, mock or client reads
 * them. x-codeSamples is generated from the rest of the contract (scripts/lib/code-samples.mjs);
 * x-displayName and x-tagGroups name and group the reference's navigation; x-provenance and
 * x-source say where the words come from (openapi/README.md, reference/README.md).
 */
export const PROSE = new Set([
  "description", "summary", "externalDocs", "$comment",
  "x-codeSamples", "x-displayName", "x-tagGroups", "x-provenance", "x-source",
]);
