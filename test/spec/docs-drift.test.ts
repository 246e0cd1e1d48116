// Numbers and lists the maintainer docs state about the code, held to the code: the size budget,
// the recursive schemas and which source files import the most local modules. A change to either
// side fails here until the other follows.
import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { expect, it } from "vitest";
import { BUDGET } from "../../scripts/lib/size-budget.mjs";
import { recursiveSchemas } from "../../scripts/dereference.mjs";
import { repoRoot } from "../../scripts/lib/paths.mjs";

const read = (name: string) => readFileSync(path.join(repoRoot, name), "utf8").replace(/\s+/g, " ");

it("CONTRIBUTING gives the size budget check-size enforces", () => {
  const kb = (bytes: number) => `${(bytes / 1000).toFixed(1)} kB`;
  expect(read("CONTRIBUTING.md")).toContain(`against a budget of ${kb(BUDGET.minified)} minified and ${kb(BUDGET.gzip)} gzipped`);
});

it("CONTRIBUTING and the README name exactly the recursive schemas", () => {
  const bundle = JSON.parse(readFileSync(path.join(repoRoot, "generated", "openapi.json"), "utf8"));
  const names = [...recursiveSchemas(bundle)].sort();
  const listed = `${names.slice(0, -1).map((name) => `\`${name}\``).join(", ")}, \`${names.at(-1)}\`:`;
  const words = ["Zero", "One", "Two", "Three", "Four", "Five", "Six", "Seven", "Eight", "Nine", "Ten"];
  expect(read("CONTRIBUTING.md")).toContain(`${words[names.length]} schemas are recursive (${listed}`);
  expect(read("README.md")).toContain(`the recursive schemas (${listed}`);
});

it("ARCHITECTURE names every source file that imports values from more than four local modules", () => {
  const counts: [string, number][] = [];
  const walk = (dir: string): void => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const file = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(file);
      else if (file.endsWith(".ts")) {
        const local = readFileSync(file, "utf8").match(/^import (?!type )[^;]*? from "\.\.?\/[^"]+";/gms) ?? [];
        counts.push([path.relative(path.join(repoRoot, "src"), file), local.length]);
      }
    }
  };
  walk(path.join(repoRoot, "src"));
  const many = counts.filter(([, count]) => count > 4).sort((a, b) => b[1] - a[1]);
  const architecture = read("ARCHITECTURE.md");
  expect(architecture).toContain(`${["Zero", "One", "Two", "Three", "Four", "Five", "Six", "Seven", "Eight"][many.length]} files import values from more than four local modules`);
  for (const [file, count] of many) expect(architecture).toMatch(new RegExp(`\`${file}\` \\(${count}[:)]`));
});

it("CONTRIBUTING's \"where to change what\" names files and functions that exist", () => {
  const contributing = readFileSync(path.join(repoRoot, "CONTRIBUTING.md"), "utf8");
  const section = contributing.slice(contributing.indexOf("## Where to change what"), contributing.indexOf("## Repository layout"));
  const rows = section.split("\n").filter((line) => line.startsWith("| ") && !line.startsWith("| to change"));
  expect(rows.length).toBeGreaterThan(5);
  for (const row of rows) {
    const edit = row.split(" | ")[1]!;
    const files = [...edit.matchAll(/`((?:src|scripts|openapi)\/[^`<]+)`/g)].map((match) => match[1]!);
    for (const file of files) expect(existsSync(path.join(repoRoot, file)), `${file} (${row})`).toBe(true);
    const named = /`(\w+)`\)/.exec(edit)?.[1];
    if (named && files[0]) expect(readFileSync(path.join(repoRoot, files[0]), "utf8"), `${named} in ${files[0]}`).toContain(`function ${named}`);
  }
});
