// The shared cases a runtime is known to fail, each with why and the error it fails with. Two kinds:
// - a runtime limitation (no `finding`): the runtime cannot do what the case needs, whatever the
//   package does; the reason names the runtime's limitation;
// - a finding of issue 24 (`finding: N`): our bug, pinned here until its fix flips the case.
// The suite fails when an entry's case passes (remove the entry) or fails with another error.

export interface KnownFailure {
  /** The finding this failure pins until it is fixed; absent for a runtime's own limitation. */
  readonly finding?: number;
  readonly reason: string;
  /** The case's error must match this: a known failure failing for another reason is a new failure. */
  readonly error: RegExp;
}

// Findings 1 and 6 fail the same way on every runtime.
const FETCH_BOUND_AT_CREATION: KnownFailure = {
  finding: 1,
  reason: "the client keeps the global fetch it found when it was created (`fetch.bind(globalThis)`), so a fetch mock installed later is never called",
  error: /requests that went through the replaced fetch: expected \[.*\], got \[\]/,
};
const FORM_DATA_REFUSED: KnownFailure = {
  finding: 6,
  reason: "multipart operations take only an object of fields, not the platform's own FormData",
  error: /ServiceConfigurationError: POST \/projects\/\{project_id\}\/upload_file: the body must be an object of form fields .*not a FormData/,
};
const EVERYWHERE = { "fetch-replaced": FETCH_BOUND_AT_CREATION, "upload-formdata": FORM_DATA_REFUSED };

const BUN_FORM_WITHOUT_TYPE: KnownFailure = {
  finding: 2,
  reason: "the transport reads the request's body before its headers, and Bun works out a form body's Content-Type (with its boundary) only when the headers are read first: the service gets no Content-Type",
  error: /HTTP 422 .*header\.content-type: expected multipart\/form-data with a boundary, got ""/,
};
const AJV_COMPILES_WITH_EVAL: KnownFailure = {
  finding: 5,
  reason: "service-api/validate compiles its checks with Ajv, which uses `new Function`; Workers and the Edge runtime forbid code generation from strings (to fix by the validator without eval)",
  error: /got EvalError: Code generation from strings disallowed for this context/,
};

export const KNOWN_FAILURES: Readonly<Record<string, Readonly<Record<string, KnownFailure>>>> = {
  node20: EVERYWHERE,
  node22: EVERYWHERE,
  node24: EVERYWHERE,
  bun: {
    ...EVERYWHERE,
    "upload-blob": BUN_FORM_WITHOUT_TYPE,
    "upload-bytes": BUN_FORM_WITHOUT_TYPE,
    // Refused before Bun is reached; once finding 6 is fixed, it meets finding 2 like the others.
    "upload-formdata": { ...FORM_DATA_REFUSED, reason: `${FORM_DATA_REFUSED.reason}; on Bun, finding 2 follows` },
  },
  deno: {
    ...EVERYWHERE,
    health: {
      finding: 3,
      reason: "a client given no `auth` reads SERVICE_* from process.env, and Deno without --allow-env refuses the read with NotCapable instead of the variable counting as unset",
      error: /^NotCapable: Requires env access to "SERVICE_API_KEY"/,
    },
  },
  workerd: { ...EVERYWHERE, validate: AJV_COMPILES_WITH_EVAL },
  "workerd-2024": {
    ...EVERYWHERE,
    validate: AJV_COMPILES_WITH_EVAL,
    "jwt-shared-token": {
      finding: 4,
      reason: "the get-token request sets `cache: \"no-store\"`, which Workers before compatibility date 2024-11-11 refuse in a Request's init",
      error: /The 'cache' field on 'RequestInitializerDict' is not implemented/,
    },
  },
  "edge-runtime": { ...EVERYWHERE, validate: AJV_COMPILES_WITH_EVAL },
  chromium: EVERYWHERE,
};
