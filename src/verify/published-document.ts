// Where verify finds the OpenAPI documents a deployment publishes about itself, and how it reads
// them. The service (a FastAPI application) serves its full one at /openapi.json, its client API
// document at /client/openapi.json and a public reference at /public/openapi.json, with no
// credential needed; verify asks without one, so no credential can reach an address the user
// named for a document. A deployment that publishes none is told as a warning: the answers can
// still be checked.
import { statSync } from "node:fs";
import { readFile } from "node:fs/promises";
import { fileURLToPath } from "node:url";
import { redactUrl } from "../client/redact.js";
import { DEFAULT_DOCUMENT_PATHS, UsageError } from "./options.js";

/** A path on the API ("/openapi.json"), a full http(s) URL, or a local file. */
export type DocumentSource = { readonly url: string } | { readonly file: string };

const isFile = (path: string) => statSync(path, { throwIfNoEntry: false })?.isFile() === true;

const onTheApi = (path: string, baseUrl: string) => ({ url: `${baseUrl.replace(/\/+$/, "")}${path}` });

/**
 * One `value` of --openapi as a place to read from. An existing local file, named relative or
 * absolute, is read; any other value that starts with "/" is a path on the API, as the service's
 * are; a file may also be named as a file: URL.
 */
export function documentSource(named: string, baseUrl: string): DocumentSource {
  if (named.startsWith("/") && isFile(named)) return { file: named };
  if (named.startsWith("/")) return onTheApi(named, baseUrl);
  if (/^https?:\/\//i.test(named)) return { url: named };
  if (/^file:/i.test(named)) {
    try {
      return { file: fileURLToPath(named) };
    } catch {
      throw new UsageError(`--openapi ${named} is not a file URL this system can open: write it as file:///path/to/openapi.json, or give a relative path`);
    }
  }
  return { file: named };
}

/** Every --openapi value as a place to read from; none given, the service's own addresses on the API. */
export function documentSources(values: readonly string[], baseUrl: string): DocumentSource[] {
  return values.length > 0 ? values.map((value) => documentSource(value, baseUrl)) : DEFAULT_DOCUMENT_PATHS.map((path) => onTheApi(path, baseUrl));
}

/** A document's address as a message names it, short: a URL's path ("/client/openapi.json"); a file as it was named. */
export function shortName(address: string): string {
  if (!/^https?:\/\//i.test(address)) return address;
  try {
    return new URL(address).pathname;
  } catch {
    return address;
  }
}

/**
 * A document by what it says it is: "release 1.513.0" from its info.version; the address where
 * the version is FastAPI's default ("0.1.0"), which names no release.
 */
export function documentName(address: string, version: unknown): string {
  return typeof version !== "string" || version === "0.1.0" ? address : `release ${version}`;
}

/** The document and where it came from (a URL without its query values, or a file); or why there is none. */
export type PublishedDocument = { readonly document: Record<string, unknown>; readonly source: string } | { readonly unpublished: string; readonly source: string };

function codeOf(error: unknown): string | undefined {
  const code = error !== null && typeof error === "object" ? (error as { code?: unknown }).code : undefined;
  return typeof code === "string" ? code : undefined;
}

/** Whether `value` looks like an OpenAPI document at all: an `openapi` version and a `paths` object. */
function isOpenApi(value: unknown): value is Record<string, unknown> {
  if (value === null || typeof value !== "object" || Array.isArray(value)) return false;
  const { openapi, paths } = value as Record<string, unknown>;
  return typeof openapi === "string" && paths !== null && typeof paths === "object" && !Array.isArray(paths);
}

/**
 * The document at `source`. From a deployment, any failure (no answer, a status other than 2xx,
 * a body that is not an OpenAPI document in JSON) is `unpublished`, saying why. A local file the
 * user named that cannot be read is a UsageError: that is theirs to fix.
 */
export async function readPublishedDocument(source: DocumentSource, fetcher: typeof fetch, timeoutMs: number): Promise<PublishedDocument> {
  if ("file" in source) {
    let parsed: unknown;
    try {
      parsed = JSON.parse(await readFile(source.file, "utf8"));
    } catch (error) {
      const why = error instanceof SyntaxError ? "is not JSON" : `cannot be read (${codeOf(error) ?? "error"})`;
      throw new UsageError(`--openapi ${source.file} ${why}: name an OpenAPI document in JSON, a path on the API (/openapi.json) or an http(s) URL`);
    }
    if (!isOpenApi(parsed)) throw new UsageError(`--openapi ${source.file} is not an OpenAPI document (it has no "openapi" version and "paths")`);
    return { document: parsed, source: source.file };
  }
  const shown = redactUrl(source.url);
  const unpublished = (why: string) => ({ unpublished: `${shown} ${why}`, source: shown });
  let response: Response;
  try {
    response = await fetcher(source.url, { headers: { accept: "application/json" }, signal: AbortSignal.timeout(timeoutMs) });
  } catch (error) {
    // The system's code (ECONNREFUSED, ENOTFOUND) says enough, and repeats no address.
    const name = error instanceof Error ? error.name : typeof error;
    const code = error instanceof Error ? codeOf(error.cause) : undefined;
    return unpublished(`gave no answer (${name === "TimeoutError" ? `none within ${timeoutMs} ms` : (code ?? name)})`);
  }
  if (!response.ok) {
    await response.body?.cancel();
    return unpublished(`answered HTTP ${response.status}`);
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(await response.text());
  } catch {
    return unpublished(`answered with something that is not JSON (${response.headers.get("content-type") ?? "no content type"})`);
  }
  if (!isOpenApi(parsed)) return unpublished("answered JSON that is not an OpenAPI document");
  return { document: parsed, source: shown };
}
