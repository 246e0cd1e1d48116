// What the test and the runtimes agree on. The shared cases, in the order they run: the test reads
// this list to know what each runtime must report, and cases.js refuses to load when its cases
// differ from it, so the two cannot drift.
export const CASE_NAMES = [
  "health",
  "api-key",
  "jwt-shared-token",
  "retry-503",
  "timeout",
  "abort",
  "unwrap-422",
  "upload-blob",
  "upload-bytes",
  "upload-formdata",
  "paginate",
  "fetch-replaced",
  "validate",
  "testing",
];

/** The line that carries a runtime's results among whatever else it prints. */
export const RESULTS_PREFIX = "service-api-runtime-results ";
