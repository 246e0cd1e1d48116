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

// Empty: findings 1 to 7 are fixed (test/unit/runtime-portability.test.ts pins each in Node;
// this suite runs them on the runtimes), and no runtime here lacks what a case needs.
export const KNOWN_FAILURES: Readonly<Record<string, Readonly<Record<string, KnownFailure>>>> = {};
