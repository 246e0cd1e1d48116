// The contract as a deployment of the service would publish it at /openapi.json: the service's own
// schema names (each renamed schema back under its `x-service-name`, every `$ref` and
// discriminator mapping following), path parameters under other names, and none of the
// contract's operation marks. Drift tests plant their changes in this, so that a test passes
// only if verify matches through the renaming, as it must against a real deployment.
import { bundle, type Json } from "./bundle.js";

const SCHEMAS = "#/components/schemas/";

/** Every object in `value`, depth first. */
function* objectsIn(value: unknown): Generator<Json> {
  if (value === null || typeof value !== "object") return;
  if (!Array.isArray(value)) yield value as Json;
  for (const child of Object.values(value)) yield* objectsIn(child);
}

/** The contract, service-shaped; a fresh copy on every call, for the caller to plant changes in. */
export function serviceShapedContract(): Json {
  const document: Json = structuredClone(bundle);
  const schemas: Json = document.components.schemas;
  const serviceName = new Map<string, string>();
  for (const [name, schema] of Object.entries<Json>(schemas)) {
    if (typeof schema["x-service-name"] !== "string") continue;
    serviceName.set(`${SCHEMAS}${name}`, `${SCHEMAS}${schema["x-service-name"]}`);
    delete schema["x-service-name"];
  }
  document.components.schemas = Object.fromEntries(Object.entries<Json>(schemas).map(([name, schema]) => [serviceName.get(`${SCHEMAS}${name}`)?.slice(SCHEMAS.length) ?? name, schema]));
  for (const node of objectsIn(document)) {
    if (typeof node.$ref === "string" && serviceName.has(node.$ref)) node.$ref = serviceName.get(node.$ref);
    if (node.discriminator?.mapping) {
      for (const [tag, ref] of Object.entries<string>(node.discriminator.mapping)) node.discriminator.mapping[tag] = serviceName.get(ref) ?? ref;
    }
    if (node.in === "path" && typeof node.name === "string") node.name = `service_${node.name}`;
  }
  document.paths = Object.fromEntries(Object.entries<Json>(document.paths).map(([path, item]) => [path.replace(/\{([^}]+)\}/g, "{service_$1}"), item]));
  for (const item of Object.values<Json>(document.paths)) {
    for (const operation of Object.values<Json>(item)) {
      if (operation === null || typeof operation !== "object" || Array.isArray(operation)) continue;
      for (const key of Object.keys(operation)) if (key.startsWith("x-")) delete operation[key];
    }
  }
  return document;
}
