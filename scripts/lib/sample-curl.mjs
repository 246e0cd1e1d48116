// The curl code sample of one operation: the request of sample-request.mjs as a shell command,
// one option per line. Credentials come from the environment variables the TypeScript client
// reads (SERVICE_API_KEY, …), so a reader can paste the command as it is.
import { queryString, sampleRequest } from "./sample-request.mjs";

/** Bodies shorter than this stay on the line of their `-d`; longer ones are indented JSON. */
const INLINE_JSON = 80;

/** What each credential puts on the command line (double quotes: the shell fills in the variable). */
const CREDENTIAL_OPTIONS = {
  apiKey: (credential) => `-H "${credential.header}: $SERVICE_API_KEY"`,
  basic: () => '-u "$SERVICE_USERNAME:$SERVICE_PASSWORD"',
  bearer: () => '-H "Authorization: Bearer $SERVICE_JWT"',
};

/**
 * @param {object} document the bundled OpenAPI document
 * @param {{ method: string, path: string, operation: object }} entry
 * @returns {string} e.g. `curl 'https://api.acme.example/v1/healthcheck'`
 */
export function curlSample(document, entry) {
  const request = sampleRequest(document, entry);
  const { method, body, credential } = request;
  // GET is curl's default; HEAD has its own option (`-X HEAD` waits for a body that never comes).
  const first = ["curl", ...(method === "HEAD" ? ["--head"] : method === "GET" ? [] : ["-X", method]), shellQuote(`${request.url}${queryString(request.query)}`)].join(" ");
  const options = [];
  if (credential) options.push(CREDENTIAL_OPTIONS[credential.kind](credential));
  for (const [name, value] of request.headers) options.push(`-H ${shellQuote(`${name}: ${value}`)}`);
  if (body?.kind === "json") {
    const compact = JSON.stringify(body.value);
    options.push("-H 'Content-Type: application/json'");
    // Indented under its option; the extra spaces are only JSON whitespace.
    const text = compact.length <= INLINE_JSON ? compact : JSON.stringify(body.value, null, 2).replace(/\n/g, "\n  ");
    options.push(`-d ${shellQuote(text)}`);
  }
  if (body?.kind === "form") for (const [name, value] of body.fields) options.push(`--data-urlencode ${shellQuote(`${name}=${value}`)}`);
  if (body?.kind === "multipart") {
    // --form-string sends the text as it is; -F would read a value that starts with @ or < as a file.
    for (const [name, value] of body.fields) options.push(`--form-string ${shellQuote(`${name}=${value}`)}`);
    for (const [name, file] of body.files) options.push(`-F ${shellQuote(`${name}=@${file.name};type=${file.type}`)}`);
  }
  return [first, ...options].join(" \\\n  ");
}

/** One shell word, in single quotes: nothing inside is expanded. */
export function shellQuote(text) {
  return `'${text.replace(/'/g, `'\\''`)}'`;
}
