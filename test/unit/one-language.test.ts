// src/ is written in one language: every module is TypeScript, and no type has a second home in a
// hand-written declaration beside a JavaScript file. Scripts that import src/ run through tsx;
// Spectral's custom functions reach it bundled (scripts/lib/spectral-functions.mjs).
import { readdirSync } from "node:fs";
import path from "node:path";
import { expect, it } from "vitest";
import { repoRoot } from "../../scripts/lib/paths.mjs";

const src = path.join(repoRoot, "src");
const files = readdirSync(src, { recursive: true, encoding: "utf8", withFileTypes: false }).filter((file) => path.extname(file) !== "");
// Data, not code: the JSON Schema that pins verify's report.
const DATA = new Set([".json"]);

it("every module of src/ is TypeScript", () => {
  const modules = files.filter((file) => !DATA.has(path.extname(file)));
  expect(modules.length).toBeGreaterThan(0);
  expect(modules.filter((file) => !file.endsWith(".ts") || file.endsWith(".d.ts"))).toEqual([]);
});

it("src/ holds no JavaScript module and no hand-written declaration file", () => {
  expect(files.filter((file) => /\.(?:[cm]?js|d\.[cm]?ts)$/.test(file))).toEqual([]);
});
