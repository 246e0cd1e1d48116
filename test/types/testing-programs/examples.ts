// Point 6: service.example(name) is a typed deep copy of a schema's example.
import assert from "node:assert/strict";
import type { components } from "service-api/schema";
import { mockService } from "service-api/testing";

const service = mockService({});
const project: components["schemas"]["ProjectDB"] = service.example("ProjectDB");
assert.equal(typeof project.name, "string");
project.name = "changed by a test";
project.runs?.splice(0);
const fresh = service.example("ProjectDB");
assert.notEqual(fresh.name, "changed by a test");
assert.ok((fresh.runs ?? []).length > 0);
console.log("examples: ok");
