// Which bodies are JSON. One test for the client (is this answer the JSON the contract declares?),
// the validator and the mock (is this body worth parsing?) and the scripts that write code
// samples, so none of them disagrees about, say, `application/problem+json`.

/** Whether a Content-Type (parameters allowed) is JSON: `application/json` or `application/…+json`. */
export function isJsonMediaType(contentType: string): boolean {
  return /^application\/(?:[\w.+-]+\+)?json\s*(?:;|$)/i.test(contentType.trim());
}
