// Per-attempt timeouts without a timer per attempt. Every attempt of a client has the same
// timeout, so deadlines are created in the order they expire: a FIFO queue with one timer armed
// for its head is enough. Finished attempts are only marked; the queue drops them from the front.

/** The abort reason of an attempt that ran out of time. */
export const TIMED_OUT: unique symbol = Symbol("service-api attempt timed out");

export interface Deadline {
  readonly at: number;
  readonly controller: AbortController;
  done: boolean;
}

export class DeadlineQueue {
  readonly #timeoutMs: number;
  #queue: Deadline[] = [];
  #head = 0;
  #timer: ReturnType<typeof setTimeout> | undefined;

  constructor(timeoutMs: number) {
    this.#timeoutMs = timeoutMs;
  }

  /** Aborts `controller` with TIMED_OUT unless `finish` is called within the timeout. */
  start(controller: AbortController): Deadline {
    const deadline: Deadline = { at: Date.now() + this.#timeoutMs, controller, done: false };
    this.#queue.push(deadline);
    // An armed timer is due no later than this deadline (FIFO), so only arm when none is.
    if (this.#timer === undefined) this.#arm(deadline.at);
    return deadline;
  }

  finish(deadline: Deadline): void {
    deadline.done = true;
    this.#dropFinished();
  }

  #dropFinished(): void {
    while (this.#head < this.#queue.length && this.#queue[this.#head]!.done) this.#head++;
    if (this.#head === this.#queue.length) {
      this.#queue = [];
      this.#head = 0;
    } else if (this.#head > 1024 && this.#head * 2 > this.#queue.length) {
      this.#queue = this.#queue.slice(this.#head);
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
      if (!head.done) {
        if (head.at > now) break;
        head.done = true;
        head.controller.abort(TIMED_OUT);
      }
      this.#head++;
    }
    this.#dropFinished();
    const next = this.#queue[this.#head];
    if (next) this.#arm(next.at);
  }
}
