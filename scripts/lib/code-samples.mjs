// `x-codeSamples` for every operation of the bundle, in Redoc's form ({ lang, label, source }):
// TypeScript with this package's client, curl, and Python with requests. bundle.mjs adds them to
// generated/ only (the sources in openapi/ stay free of them), so they are rebuilt from the spec
// on every build and cannot drift from it.
import { operationsOf } from "../../src/contract/openapi-document.js";
import { curlSample } from "./sample-curl.mjs";
import { pythonSample } from "./sample-python.mjs";
import { typescriptSample } from "./sample-typescript.mjs";

/** The samples in the order the reference shows their tabs. */
export const CODE_SAMPLE_LANGUAGES = [
  { lang: "TypeScript", label: "TypeScript", write: typescriptSample },
  { lang: "Shell", label: "curl", write: curlSample },
  { lang: "Python", label: "Python", write: pythonSample },
];

/**
 * @param {object} document the bundled OpenAPI document
 * @param {{ method: string, path: string, operation: object }} entry
 * @returns {{ lang: string, label: string, source: string }[]}
 */
export function codeSamplesOf(document, entry) {
  return CODE_SAMPLE_LANGUAGES.map(({ lang, label, write }) => ({ lang, label, source: write(document, entry) }));
}

/**
 * Sets `x-codeSamples` on every operation of `document`, in place, replacing any that are there.
 * A sample that cannot be written fails the build with the operation's name.
 *
 * @param {object} document
 * @returns {number} how many operations got samples
 */
export function addCodeSamples(document) {
  let count = 0;
  for (const entry of operationsOf(document)) {
    try {
      entry.operation["x-codeSamples"] = codeSamplesOf(document, entry);
    } catch (error) {
      throw new Error(`code samples for ${entry.operation.operationId ?? `${entry.method} ${entry.path}`}: ${error instanceof Error ? error.message : error}`, { cause: error });
    }
    count++;
  }
  return count;
}
