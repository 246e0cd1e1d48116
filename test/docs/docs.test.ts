// The rendered docs (npm run docs): one self-contained Redoc page that renders offline in a real
// browser with our title, the getting-started, authentication and errors guides, the groups of
// x-tagGroups under the names of x-displayName, an operation from every group, and the signup
// link's three parameters with their defaults. It reads well: nothing runs past its column, no
// raw Markdown shows, and every operation opens from a link alone. The signup link's code samples,
// createProject's request example and getProject's 404 answer are shown as the bundle has them.
// Screenshots go to reports/docs/ (a CI artefact).
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, Locator, Page } from "playwright-core";
import { launchChromium, watchPage } from "../support/chromium.js";
import { chromiumTool, missing } from "../support/system-tools.js";
import { factOperations } from "../support/facts.js";
import { operationsOf, resolveRef } from "../../src/contract/openapi-document.js";
import { runNode } from "../../scripts/lib/run.mjs";
import { serveFile } from "../../scripts/lib/serve-file.mjs";

import { repoRoot as root } from "../../scripts/lib/paths.mjs";
const shots = path.join(root, "reports", "docs");
const bundle = JSON.parse(readFileSync(path.join(root, "generated", "openapi.json"), "utf8"));

interface Operation {
  tag: string;
  operationId: string;
  summary: string;
  method: string;
  path: string;
  spec: Record<string, any>;
}
const operations: Operation[] = [...operationsOf<Record<string, any>>(bundle)].map(({ method, path: route, operation: op }) => ({
  tag: op.tags[0],
  operationId: op.operationId,
  summary: op.summary,
  method: method.toLowerCase(),
  path: route,
  spec: op,
}));
const tags: { name: string; description: string; "x-displayName"?: string }[] = bundle.tags;
const tagGroups: { name: string; tags: string[] }[] = bundle["x-tagGroups"] ?? [];
const displayName = (name: string) => tags.find((t) => t.name === name)?.["x-displayName"] ?? name;
const byId = (operationId: string) => operations.find((op) => op.operationId === operationId)!;

/** Redoc's address of an operation, from its tag and operationId: `/users/generatesignuplink`. */
const routeOf = (op: Operation) => `/${op.tag.toLowerCase()}/${op.operationId.toLowerCase()}`;

// What the reader gets beyond the schemas: code samples, request examples, error answers.
const signup = byId("generateSignupLink");
const createProject = byId("createProject");
const getProject = byId("getProject");
const signupSamples: { lang: string; label?: string; source: string }[] = signup.spec["x-codeSamples"] ?? [];
const createProjectBody = createProject.spec.requestBody?.content?.["application/json"];
const createProjectExample: unknown =
  createProjectBody?.example ?? (Object.values<{ value?: unknown }>(createProjectBody?.examples ?? {})[0]?.value);
/** A response object, followed through its `$ref` to components.responses when it has one. */
const resolveResponse = (response: { $ref?: string; description?: string } | undefined) => resolveRef<{ description: string } | undefined>(bundle, response);
const getProjectNotFound: { description: string } | undefined = resolveResponse(getProject.spec.responses?.["404"]);

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
  runNode("scripts/docs.mjs", [html]);
  server = await serveFile(html);
  chromium = await launchChromium();
  page = await chromium.browser.newPage({ viewport: { width: 1440, height: 1000 } });
  watched = watchPage(page);
  await page.goto(server.url);
  await page.waitForFunction(() => document.querySelector("main")?.textContent?.includes("Getting started"), null, { timeout: 60_000 });
  mkdirSync(shots, { recursive: true });
  await page.screenshot({ path: path.join(shots, "landing.png") });
});

afterAll(async () => {
  await chromium?.close();
  await server?.stop();
  if (scratch) rmSync(scratch, { recursive: true, force: true });
});

/** Follows the navigation link whose address ends in `route`, as a reader would, and waits until the main panel shows `text`. */
async function show(route: string, text: string) {
  await page.locator(`a[href$="${route}"]`).first().click();
  // As long as the first render's wait: Redoc renders a group on the page's one thread, which a
  // busy CI machine can hold up for well over 15 s.
  await page.waitForFunction((t) => document.querySelector("main")?.textContent?.includes(t), text, { timeout: 60_000 });
}

/** Opens an operation through its group's link and its own, and returns its section of the page. */
async function open(op: Operation): Promise<Locator> {
  await show(`/${op.tag.toLowerCase()}`, displayName(op.tag));
  await show(routeOf(op), op.summary);
  return page.locator(`[data-section-id="${routeOf(op)}"]`);
}

/**
 * Everything in the main column that is wider than its own box: the middle and right panels,
 * code blocks, tables, any element. A scrollable code block counts too: browsers hide horizontal
 * scrollbars until hovered (headless Chromium always), so a reader sees such a line cut off.
 */
async function overflowing(): Promise<string[]> {
  return page.evaluate(() => {
    const found: string[] = [];
    for (const element of document.querySelectorAll<HTMLElement>("main, main *")) {
      if (element.clientWidth === 0 || element.scrollWidth <= element.clientWidth + 1) continue;
      const name = element.dataset.testid ?? element.dataset.componentName ?? element.tagName.toLowerCase();
      found.push(`${name}: ${element.scrollWidth}px of content in ${element.clientWidth}px: ${element.textContent?.trim().slice(0, 60)}`);
    }
    return found;
  });
}

/** The labels of the navigation's entries, top to bottom, as shown. */
async function menuLabels(): Promise<string[]> {
  return page.locator('[data-component-name="Menu/MenuItem"]').evaluateAll((items) => items.map((item) => (item as HTMLElement).innerText.trim()));
}

/**
 * Chooses `label` in a section's request-sample language menu (Redoc lists the code samples and
 * the body's "Payload" there) and returns the code block it then shows.
 */
async function requestSample(section: Locator, op: Operation, label: string): Promise<string> {
  const panel = section.locator('[data-testid="right-panel"]', { has: page.locator('[data-testid="source-code"]') }).first();
  const chooser = panel.locator('[data-testid="dropdown"]').filter({ hasNotText: op.path });
  if ((await chooser.count()) > 0) {
    await chooser.locator("button").first().click();
    await page.locator('[role="menuitem"]:visible', { hasText: label }).first().click();
    await expect.poll(() => chooser.locator("button").first().innerText()).toBe(label);
  }
  return panel.locator('[data-testid="source-code"]').first().innerText();
}

/** The window shows the section from its top: its heading is near the top of the window, or the page is scrolled to its end (the last sections cannot rise further). */
function scrolledTo(section: Locator): Promise<boolean> {
  return section.evaluate((s) => {
    const top = s.getBoundingClientRect().top;
    const atEnd = window.scrollY + window.innerHeight >= document.documentElement.scrollHeight - 2;
    return top >= -2 && (top < 200 || (atEnd && top < window.innerHeight / 2));
  });
}

const compact = (text: string) => text.replace(/\s+/g, " ").trim();

describe.skipIf(noBrowser)("rendered docs", () => {
  it("has our title and no logo", async () => {
    expect(await page.title()).toBe("Service API reference");
    expect(await page.locator("main h1").first().textContent()).toContain(bundle.info.title);
    expect(bundle.info["x-logo"]).toBeUndefined();
  });

  it("carries the getting-started, authentication and errors guides", async () => {
    const text = (await page.locator("main").textContent()) ?? "";
    for (const phrase of [
      "Getting started",
      "replace its leading host label console with api",
      "Service-API-Key: <key>",
      "Authorization: Basic base64(<user>:<password>)",
      "Authorization: Bearer <jwt>",
      "GET /v1/token",
      "24 hours",
      "404 Not Found",
      "HTTPValidationError",
      "x-provenance: inferred",
    ]) {
      expect(text.replace(/\s+/g, " "), phrase).toContain(phrase);
    }
  });

  it("shows the groups of x-tagGroups as headings, each over its tags under their display names", async () => {
    expect(tagGroups.length).toBeGreaterThan(1);
    const expected = tagGroups.flatMap((group) => [group.name, ...group.tags.map(displayName)]);
    const wanted = new Set(expected);
    // The navigation as a reader sees it, reduced to the group and tag entries (sections and
    // operations in between left out), in order.
    expect((await menuLabels()).filter((label) => wanted.has(label))).toEqual(expected);
    // A group's heading is a heading, not a link to somewhere.
    for (const group of tagGroups) {
      const heading = page.locator('[data-component-name="Menu/MenuItem"]', { hasText: new RegExp(`^${group.name}$`) }).first();
      expect(await heading.evaluate((item) => item.closest("a") === null), group.name).toBe(true);
    }
  });

  it("names no group by its raw tag", async () => {
    const labels = await menuLabels();
    const raw = tags.filter((tag) => tag["x-displayName"] && tag["x-displayName"] !== tag.name).map((tag) => tag.name);
    expect(raw.length).toBeGreaterThan(0);
    expect(labels.filter((label) => raw.includes(label))).toEqual([]);
  });

  it("lists every group in the navigation, by its display name", async () => {
    // The groups are the reference's (reference/operations.tsv), each a tag of the bundle.
    expect(tags.map((tag) => tag.name).sort()).toEqual([...new Set(factOperations.map((row) => row.group))].sort());
    // Redoc routes by hash: compare without "#".
    const links = await page.locator("a").evaluateAll((as) => as.map((a) => [a.getAttribute("href")?.replace(/^#/, ""), a.textContent?.trim()]));
    for (const tag of tags) expect(links, tag.name).toContainEqual([`/${tag.name.toLowerCase()}`, displayName(tag.name)]);
  });

  it("shows the server descriptions as plain text, with no raw Markdown", async () => {
    const servers = page.locator('[data-testid="right-panel"]', { hasText: "Servers" }).first();
    const text = await servers.innerText();
    expect(text).toContain("https://console.acme.example");
    expect(text).toContain("npm run mock");
    expect(text).not.toMatch(/`|\*\*|\]\(/);
  });

  it("fits the landing part in its column: no element, code block or panel runs past its edge", async () => {
    expect(await overflowing()).toEqual([]);
  });

  it("links every navigation entry by hash, so a copied link opens the same place", async () => {
    const hrefs = await page.locator('[data-component-name="Menu/Menu"] a[href]').evaluateAll((as) => as.map((a) => a.getAttribute("href")!));
    expect(hrefs.length).toBeGreaterThan(tags.length);
    expect(hrefs.filter((href) => !href.startsWith("#/"))).toEqual([]);
  });

  it.each(tags.map((t) => [t.name, t]))("shows the %s group with its description", async (_name, tag) => {
    // The first line of its description, as rendered (Markdown code and emphasis marks gone).
    await show(`/${tag.name.toLowerCase()}`, tag.description.trim().split("\n")[0]!.replace(/[`*]/g, ""));
  });

  // One operation from every group: its summary renders on its own route.
  const sample = tags.map((tag) => operations.find((op) => op.tag === tag.name)!);
  it.each(sample.map((op) => [`${op.tag}: ${op.method.toUpperCase()} ${op.path}`, op]))("shows %s", async (_label, op) => {
    await open(op);
  });

  it.each(sample.map((op) => [`#${routeOf(op)}`, op]))("opens %s from the link alone", async (_link, op) => {
    await page.goto(`${server.url}#${routeOf(op)}`);
    const section = page.locator(`[data-section-id="${routeOf(op)}"]`);
    await expect.poll(() => section.locator("h1, h2").first().innerText(), { timeout: 15_000 }).toBe(op.summary);
    await expect.poll(() => scrolledTo(section), { timeout: 15_000 }).toBe(true);
  });

  it("opens an operation from a copied link in a fresh window", async () => {
    const fresh = await chromium.browser.newPage({ viewport: { width: 1440, height: 1000 } });
    try {
      await fresh.goto(`${server.url}#${routeOf(signup)}`);
      const section = fresh.locator(`[data-section-id="${routeOf(signup)}"]`);
      await expect.poll(() => scrolledTo(section), { timeout: 60_000 }).toBe(true);
      // The operation's own "link to" anchor is that same address.
      const anchor = section.locator(`a[aria-label="link to ${signup.summary}"]`).first();
      expect(await anchor.getAttribute("href")).toBe(`#${routeOf(signup)}`);
    } finally {
      await fresh.close();
    }
  });

  it("shows the signup link's three parameters with their defaults, all within the column", async () => {
    const section = await open(signup);
    const text = await page.evaluate((summary) => {
      const main = document.querySelector("main")!.innerText;
      const start = main.indexOf(`${summary}\n`);
      return main.slice(start, main.indexOf("Responses", start));
    }, signup.summary);
    const flat = compact(text);
    expect(flat).toMatch(/user_email string, \(email\).* required/);
    expect(flat).toMatch(/send_email boolean .*? Default: true/);
    expect(flat).toMatch(/scope string or null.*? Default: null/);
    expect(flat).toContain("ApiKeyHeader");
    // The response sample carries a long signup URL: it wraps instead of running off the panel.
    expect(await section.locator('[data-testid="source-code"]', { hasText: "signup_url" }).count()).toBeGreaterThan(0);
    expect(await overflowing()).toEqual([]);
    // The whole operation, however tall: middle column and samples.
    await section.screenshot({ path: path.join(shots, "signup-link.png") });
  });

  it("saved the screenshots of the landing part and of the signup link", () => {
    for (const name of ["landing.png", "signup-link.png"]) {
      const file = path.join(shots, name);
      expect(existsSync(file), file).toBe(true);
      expect(readFileSync(file).subarray(1, 4).toString(), file).toBe("PNG");
    }
  });

  // The code samples are generated into the bundle at build time (x-codeSamples).
  it("shows the signup link's code samples, TypeScript, curl and Python, with its path and header", async () => {
    const labels = signupSamples.map((s) => s.label ?? s.lang);
    expect(labels).toHaveLength(3);
    expect(labels.map((l) => l.toLowerCase())).toEqual(expect.arrayContaining(["typescript", "curl", "python"]));
    const section = await open(signup);
    for (const sample of signupSamples) {
      const label = sample.label ?? sample.lang;
      const shown = await requestSample(section, signup, label);
      expect(compact(shown), label).toBe(compact(sample.source));
      expect(shown, label).toContain(signup.path);
      // curl and Python send the API key by hand; the TypeScript client adds it itself.
      if (!/typescript/i.test(label)) expect(shown, label).toContain("Service-API-Key");
    }
    expect(await overflowing()).toEqual([]);
  });

  it("shows createProject's request example, not one made up from the schema", async () => {
    const section = await open(createProject);
    expect(createProjectExample, "createProject's JSON body has an example in the bundle").toBeDefined();
    const shown = await requestSample(section, createProject, "Payload");
    expect(JSON.parse(shown)).toEqual(createProjectExample);
    expect(await overflowing()).toEqual([]);
  });

  it("shows each field of createProject's body with its description and example", async () => {
    const schema = bundle.components.schemas.ProjectCreate as { properties: Record<string, { description?: string; examples?: unknown[] }> };
    const section = await open(createProject);
    // Redoc fills a section in after scrolling to it: on a busy machine its text can still be
    // empty here, so wait until the body's first field is there before reading the whole of it.
    const [firstField] = Object.keys(schema.properties);
    await expect.poll(async () => compact(await section.innerText()), { timeout: 60_000, interval: 200 }).toContain(`${firstField} `);
    const shown = compact(await section.innerText());
    for (const [field, property] of Object.entries(schema.properties)) {
      expect(property.description, `ProjectCreate.${field} has a description in the bundle`).toBeTruthy();
      // The first sentence, with Markdown's backticks gone as Redoc renders them.
      const sentence = compact(property.description!).split(/(?<=\.) /)[0]!.replace(/`/g, "");
      expect(shown, `ProjectCreate.${field}`).toContain(`${field} `);
      expect(shown, `ProjectCreate.${field}'s description`).toContain(sentence);
      for (const example of property.examples ?? []) expect(shown, `ProjectCreate.${field}'s example`).toContain(String(example));
    }
    expect(Object.values(schema.properties).some((property) => (property.examples ?? []).length > 0), "a field with an example").toBe(true);
    expect(shown).toMatch(/Examples?: /);
  });

  it("shows getProject's 404 answer", async () => {
    expect(getProjectNotFound, "getProject declares a 404 in the bundle").toBeDefined();
    const section = await open(getProject);
    const tab = section.getByRole("button", { name: "404", exact: true }).first();
    await tab.click();
    const description = compact(getProjectNotFound!.description).split(/[.:]/)[0]!;
    await expect.poll(async () => compact(await section.innerText())).toContain(description);
    expect(await overflowing()).toEqual([]);
  });

  it("made no request off this machine and raised no page error", () => {
    expect(watched.external).toEqual([]);
    expect(watched.errors).toEqual([]);
  });
});
