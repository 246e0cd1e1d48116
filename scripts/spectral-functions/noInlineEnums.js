// Spectral function: reports every enum of two or more values that is not a schema of its own in
// components.schemas. Generators turn an inline enum into a type named after wherever it sits
// (ProjectNameFilterOperatorEnum, Type2, …), a different one at each place it is repeated.
// Given the whole document (resolved: false). One-value enums are tags, not choices: allowed.
const DATA_KEYS = new Set(["example", "examples", "default", "const", "enum"]);

export default function noInlineEnums(document) {
  const results = [];
  const topLevel = new Set(Object.values(document?.components?.schemas ?? {}));
  const visit = (node, path, parentKey) => {
    if (Array.isArray(node)) return node.forEach((item, index) => visit(item, [...path, index], parentKey));
    if (!node || typeof node !== "object") return;
    if (Array.isArray(node.enum) && node.enum.filter((value) => value !== null).length > 1 && !topLevel.has(node)) {
      results.push({
        message: `inline enum [${node.enum.slice(0, 4).join(", ")}${node.enum.length > 4 ? ", …" : ""}]: move it to openapi/components/schemas/<Name>.yaml (type + enum) and refer to it with $ref, so every generator gives it that one name`,
        path,
      });
    }
    for (const [key, child] of Object.entries(node)) {
      if (parentKey !== "properties" && (DATA_KEYS.has(key) || key.startsWith("x-"))) continue;
      visit(child, [...path, key], key);
    }
  };
  visit(document?.paths, ["paths"], "paths");
  visit(document?.components, ["components"], "components");
  return results;
}
