// The rendered docs (npm run docs): one self-contained Redoc page that renders offline in a real
// browser with our title, the getting-started and authentication guides, every tag, operations
// from across the groups, and the signup link's three parameters with their defaults.
// Screenshots go to reports/docs/ (a CI artefact).
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { spawnSync } from "node:child_process";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, Page } from "playwright-core";
import { launchChromium, watchPage } from "./chromium.js";
import { chromiumTool, missing } from "../support/system-tools.js";
import { factOperations } from "../support/facts.js";
import { serveFile } from "../../scripts/lib/serve-file.mjs";

const root = path.resolve(import.meta.dirname, "../..");
const shots = path.join(root, "reports", "docs");
const bundle = JSON.parse(readFileSync(path.join(root, "generated", "openapi.json"), "utf8"));
const METHODS = ["get", "put", "post", "delete", "patch", "head", "options"];
const operations: { tag: string; operationId: string; summary: string; method: string; path: string }[] = [];
for (const [route, item] of Object.entries<Record<string, any>>(bundle.paths)) {
  for (const method of METHODS) {
    const op = item[method];
    if (op) operations.push({ tag: op.tags[0], operationId: op.operationId, summary: op.summary, method, path: route });
  }
}
const tags: { name: string; description: string }[] = bundle.tags;

const noBrowser = missing(chromiumTool);

let scratch: string;
let server: { url: string; stop: () => Promise<void> };
let chromium: { browser: Browser; close: () => Promise<void> };
let page: Page;
let watched: { external: string[]; errors: string[] };

beforeAll(async () => {
  if (noBrowser) return;
  scratch = mkdtempSync(path.join(os.tmpdir(), "service-api-docs-"));
  const html = path.join(scratch, "index.html");
  const built = spawnSync(process.execPath, [path.join(root, "scripts", "docs.mjs"), html], { cwd: root, encoding: "utf8" });
  expect(built.status, built.stderr).toBe(0);
  server = await serveFile(html);
  chromium = await launchChromium();
  page = await chromium.browser.newPage({ viewport: { width: 1440, height: 1000 } });
  watched = watchPage(page);
  await page.goto(server.url);
  await page.waitForFunction(() => document.querySelector("main")?.textContent?.includes("Getting started"), null, { timeout: 60_000 });
  mkdirSync(shots, { recursive: true });
  await page.screenshot({ path: path.join(shots, "home.png") });
});

afterAll(async () => {
  await chromium?.close();
  await server?.stop();
  if (scratch) rmSync(scratch, { recursive: true, force: true });
});

/** Follows the navigation link whose address ends in `route`, as a reader would, and waits until the main panel shows `text`. */
async function show(route: string, text: string) {
  await page.locator(`a[href$="${route}"]`).first().click();
  await page.waitForFunction((t) => document.querySelector("main")?.textContent?.includes(t), text, { timeout: 15_000 });
}

describe.skipIf(noBrowser)("rendered docs", () => {
  it("has our title and no logo", async () => {
    expect(await page.title()).toBe("Service API reference");
    expect(await page.locator("main h1").first().textContent()).toContain(bundle.info.title);
    expect(bundle.info["x-logo"]).toBeUndefined();
  });

  it("carries the getting-started and authentication guides", async () => {
    const text = (await page.locator("main").textContent()) ?? "";
    for (const phrase of [
      "Getting started",
      "replace its leading host label console with api",
      "Service-API-Key: <key>",
      "Authorization: Basic base64(<user>:<password>)",
      "Authorization: Bearer <jwt>",
      "GET /v1/token",
      "24 hours",
    ]) {
      expect(text.replace(/\s+/g, " "), phrase).toContain(phrase);
    }
  });

  it("lists every group in the navigation", async () => {
    // The groups are the reference's (reference/operations.tsv), each a tag of the bundle.
    expect(tags.map((tag) => tag.name).sort()).toEqual([...new Set(factOperations.map((row) => row.group))].sort());
    // Redoc routes by path or by hash depending on how the page was reached: compare without "#".
    const links = await page.locator("a").evaluateAll((as) => as.map((a) => [a.getAttribute("href")?.replace(/^#/, ""), a.textContent?.trim()]));
    for (const tag of tags) expect(links, tag.name).toContainEqual([`/${tag.name.toLowerCase()}`, tag.name]);
  });

  it.each(tags.map((t) => [t.name, t]))("shows the %s group with its description", async (_name, tag) => {
    // The first line of its description, as rendered (Markdown code and emphasis marks gone).
    await show(`/${tag.name.toLowerCase()}`, tag.description.trim().split("\n")[0]!.replace(/[`*]/g, ""));
  });

  // One operation from every group: its summary renders on its own route.
  const sample = tags.map((tag) => operations.find((op) => op.tag === tag.name)!);
  it.each(sample.map((op) => [`${op.tag}: ${op.method.toUpperCase()} ${op.path}`, op]))("shows %s", async (_label, op) => {
    await show(`/${op.tag.toLowerCase()}`, op.tag);
    await show(`/${op.tag.toLowerCase()}/${op.operationId.toLowerCase()}`, op.summary);
  });

  it("shows the signup link's three parameters with their defaults", async () => {
    const signup = operations.find((op) => op.operationId === "generateSignupLink")!;
    await show(`/${signup.tag}`, signup.tag);
    await show(`/${signup.tag}/${signup.operationId.toLowerCase()}`, signup.summary);
    const section = await page.evaluate((summary) => {
      const main = document.querySelector("main")!.innerText;
      const start = main.indexOf(`${summary}\n`);
      return main.slice(start, main.indexOf("Responses", start));
    }, signup.summary);
    const compact = section.replace(/\s+/g, " ");
    expect(compact).toMatch(/user_email string, \(email\).* required/);
    expect(compact).toMatch(/send_email boolean .*? Default: true/);
    expect(compact).toMatch(/scope string or null.*? Default: null/);
    expect(compact).toContain("ApiKeyHeader");
    await page.screenshot({ path: path.join(shots, "signup-link.png") });
  });

  it("made no request off this machine and raised no page error", () => {
    expect(watched.external).toEqual([]);
    expect(watched.errors).toEqual([]);
  });
});
