// Per-attempt timeouts without a timer, or an AbortController, per attempt.
//
// Every attempt of a client has the same timeout, so attempts that start within the same
// millisecond can share one deadline: `at` = that millisecond + 1 + timeoutMs, never earlier than
// timeoutMs after any of them started, and at most 1 ms later. Such a group (a "bucket") has one
// AbortController, made only when an attempt asks for its signal; attempts that need a signal of
// their own (a caller's AbortSignal to follow, a streamed body that outlives the attempt) bring
// their own controller, which the bucket aborts with the others. Buckets expire in the order they
// were made: a FIFO queue with one timer armed for its head is enough. A bucket whose attempts
// have all finished is dropped from the front without aborting anything.

/** The abort reason of an attempt that ran out of time. */
export const TIMED_OUT: unique symbol = Symbol("service-api attempt timed out");

/**
 * Attempts per bucket at most. undici's fetch adds an abort listener to the signal it is given
 * and counts that signal's listeners each time (it allows 1,500): small buckets keep that cheap.
 */
const BUCKET_SIZE = 128;

export interface Deadline {
  readonly ms: number;
  readonly at: number;
  /** Attempts started in this bucket and not finished yet. */
  live: number;
  count: number;
  shared: AbortController | undefined;
  own: AbortController[] | undefined;
}

export class DeadlineQueue {
  readonly #timeoutMs: number;
  #queue: Deadline[] = [];
  #head = 0;
  #current: Deadline | undefined;
  #timer: ReturnType<typeof setTimeout> | undefined;

  constructor(timeoutMs: number) {
    this.#timeoutMs = timeoutMs;
  }

  /** Starts an attempt; `own`, when given, is aborted with TIMED_OUT at the deadline. */
  start(own?: AbortController): Deadline {
    const now = Date.now();
    let deadline = this.#current;
    if (deadline === undefined || deadline.ms !== now || deadline.count >= BUCKET_SIZE) {
      deadline = this.#current = { ms: now, at: now + 1 + this.#timeoutMs, live: 0, count: 0, shared: undefined, own: undefined };
      this.#queue.push(deadline);
      // An armed timer is due no later than this deadline (FIFO), so only arm when none is.
      if (this.#timer === undefined) this.#arm(deadline.at);
    }
    deadline.live++;
    deadline.count++;
    if (own) (deadline.own ??= []).push(own);
    return deadline;
  }

  /** The signal shared by the attempts of `deadline`, aborted with TIMED_OUT when it passes. */
  signal(deadline: Deadline): AbortSignal {
    return (deadline.shared ??= new AbortController()).signal;
  }

  finish(deadline: Deadline, own?: AbortController): void {
    deadline.live--;
    if (own) deadline.own!.splice(deadline.own!.indexOf(own), 1);
    this.#dropFinished();
  }

  #dropFinished(): void {
    const queue = this.#queue;
    while (this.#head < queue.length && queue[this.#head]!.live === 0 && queue[this.#head] !== this.#current) this.#head++;
    if (this.#head === queue.length) {
      this.#queue = [];
      this.#head = 0;
    } else if (this.#head > 1024 && this.#head * 2 > queue.length) {
      this.#queue = queue.slice(this.#head);
      this.#head = 0;
    }
  }

  #arm(at: number): void {
    const timer = setTimeout(() => this.#expire(), Math.max(0, at - Date.now()));
    // Node: a pending deadline must not keep the process alive by itself.
    (timer as { unref?: () => void }).unref?.();
    this.#timer = timer;
  }

  #expire(): void {
    this.#timer = undefined;
    const now = Date.now();
    while (this.#head < this.#queue.length) {
      const head = this.#queue[this.#head]!;
      if (head.at > now) break;
      if (head === this.#current) this.#current = undefined;
      if (head.live > 0) {
        head.shared?.abort(TIMED_OUT);
        if (head.own) for (const controller of head.own) controller.abort(TIMED_OUT);
      }
      this.#head++;
    }
    this.#dropFinished();
    const next = this.#queue[this.#head];
    if (next) this.#arm(next.at);
  }
}
