// Where verify reads a deployment's own OpenAPI document from, and every way a deployment may not
// publish one: each is a reason for a warning (never a failure), naming the address without its
// query values. A local file the user named that cannot be read is theirs to fix: a usage error.
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { freePort } from "../../scripts/lib/ports.mjs";
import { UsageError } from "../../src/verify/options.js";
import { documentName, documentSource, documentSources, readPublishedDocument, shortName } from "../../src/verify/published-document.js";
import { sendJson, serversClosedAfterEach } from "../support/loopback-server.js";

const startServer = serversClosedAfterEach();
const scratch = mkdtempSync(path.join(os.tmpdir(), "service-api-published-"));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));
const minimal = { openapi: "3.1.0", info: { title: "t", version: "1" }, paths: {} };

describe("documentSource", () => {
  it.each([
    ["/api/v2/openapi.json", { url: "https://api.acme.example/api/v2/openapi.json" }],
    ["https://docs.acme.example/openapi.json", { url: "https://docs.acme.example/openapi.json" }],
    ["./saved/openapi.json", { file: "./saved/openapi.json" }],
    ["file:///srv/openapi.json", { file: "/srv/openapi.json" }],
  ])("%s", (value, expected) => {
    expect(documentSource(value, "https://api.acme.example/")).toEqual(expected);
  });

  it("without --openapi, every address the service publishes a document at; with it, each value named, in order", () => {
    expect(documentSources([], "https://api.acme.example/")).toEqual([
      { url: "https://api.acme.example/openapi.json" },
      { url: "https://api.acme.example/client/openapi.json" },
      { url: "https://api.acme.example/public/openapi.json" },
    ]);
    expect(documentSources(["./client.json", "/openapi.json"], "https://api.acme.example")).toEqual([{ file: "./client.json" }, { url: "https://api.acme.example/openapi.json" }]);
  });

  it("reads an existing file named by its absolute path; a missing one, or a folder, is a path on the API", () => {
    const file = path.join(scratch, "absolute.json");
    writeFileSync(file, JSON.stringify(minimal));
    expect(documentSource(file, "https://api.acme.example")).toEqual({ file });
    expect(documentSource(path.join(scratch, "missing.json"), "https://api.acme.example")).toEqual({ url: `https://api.acme.example${path.join(scratch, "missing.json")}` });
    expect(documentSource(scratch, "https://api.acme.example")).toEqual({ url: `https://api.acme.example${scratch}` });
  });
});

describe("how a message names a document", () => {
  it("by its path on the server, or its file as named", () => {
    expect(shortName("https://api.acme.example/client/openapi.json")).toBe("/client/openapi.json");
    expect(shortName("reference/openapi-client-2026-07-13.json")).toBe("reference/openapi-client-2026-07-13.json");
  });

  it("as a release by its info.version, except FastAPI's default 0.1.0, which names none", () => {
    expect(documentName("openapi-1.513.0.json", "1.513.0")).toBe("release 1.513.0");
    expect(documentName("https://api.acme.example/client/openapi.json", "0.1.0")).toBe("https://api.acme.example/client/openapi.json");
    expect(documentName("saved.json", undefined)).toBe("saved.json");
  });
});

describe("readPublishedDocument", () => {
  const read = (url: string) => readPublishedDocument({ url }, fetch, 5_000);

  it("reads a published document, asking for JSON", async () => {
    const server = await startServer((_req, res) => sendJson(res, 200, minimal));
    expect(await read(`${server.url}/openapi.json`)).toEqual({ document: minimal, source: `${server.url}/openapi.json` });
    expect(server.received[0]!.headers.accept).toBe("application/json");
  });

  it.each([
    ["a 404", (res: any) => sendJson(res, 404, { detail: "Not Found" }), "answered HTTP 404"],
    ["a 401", (res: any) => sendJson(res, 401, { detail: "Not authenticated" }), "answered HTTP 401"],
    ["an HTML page", (res: any) => { res.writeHead(200, { "content-type": "text/html" }); res.end("<html></html>"); }, "answered with something that is not JSON (text/html)"],
    ["JSON of another kind", (res: any) => sendJson(res, 200, { status: "ok" }), "answered JSON that is not an OpenAPI document"],
  ])("%s is no document, said why", async (_name, answer, why) => {
    const server = await startServer((_req, res) => answer(res));
    expect(await read(`${server.url}/openapi.json?token=secret`)).toEqual({ unpublished: `${server.url}/openapi.json?token=[REDACTED] ${why}`, source: `${server.url}/openapi.json?token=[REDACTED]` });
  });

  it("no answer is no document, naming the system's code", async () => {
    const port = (await freePort()) as number; // free a moment ago, so nothing listens there
    expect(await read(`http://127.0.0.1:${port}/openapi.json`)).toMatchObject({ unpublished: `http://127.0.0.1:${port}/openapi.json gave no answer (ECONNREFUSED)` });
  });

  it("a local file is read, and one that is missing or not JSON is a usage error", async () => {
    const good = path.join(scratch, "good.json");
    const bad = path.join(scratch, "bad.json");
    writeFileSync(good, JSON.stringify(minimal));
    writeFileSync(bad, "openapi: 3.1.0\n");
    expect(await readPublishedDocument({ file: good }, fetch, 5_000)).toEqual({ document: minimal, source: good });
    await expect(readPublishedDocument({ file: bad }, fetch, 5_000)).rejects.toThrow(new UsageError(`--openapi ${bad} is not JSON: name an OpenAPI document in JSON, a path on the API (/openapi.json) or an http(s) URL`));
    await expect(readPublishedDocument({ file: path.join(scratch, "none.json") }, fetch, 5_000)).rejects.toThrow(/none\.json cannot be read \(ENOENT\)/);
  });
});
