// The deadline of one attempt. Each attempt has its own AbortController, aborted when its time is
// up or when the caller aborts, and the time covers the whole answer, body included: a stall or a
// reset mid-body is then this attempt's timeout or connection error, retried like one, and not a
// failure later in parsing. A streamed answer is handed to the caller as it arrives, so its
// deadline becomes one per wait for the next chunk (`watch`).
import { ServiceTimeoutError } from "./errors.js";

/** The abort reason of an attempt that ran out of time (told apart from a caller's abort). */
const TIMED_OUT: unique symbol = Symbol("service-api attempt timed out");

const ONCE = { once: true } as const;

export class AttemptDeadline {
  readonly #controller = new AbortController();
  readonly #caller: AbortSignal;
  readonly #timeoutMs: number;
  readonly #onCallerAbort = (): void => this.#controller.abort(this.#caller.reason);
  #timer: ReturnType<typeof setTimeout>;

  constructor(caller: AbortSignal, timeoutMs: number) {
    this.#caller = caller;
    this.#timeoutMs = timeoutMs;
    caller.addEventListener("abort", this.#onCallerAbort, ONCE);
    // setTimeout runs on a monotonic clock: a step of the wall clock cannot stretch a deadline.
    this.#timer = setTimeout(() => this.#controller.abort(TIMED_OUT), timeoutMs);
  }

  /** The attempt's signal: what the fetch, the redirects and the body read listen to. */
  get signal(): AbortSignal {
    return this.#controller.signal;
  }

  /** Whether the attempt was aborted because its own time ran out (not by the caller). */
  get timedOut(): boolean {
    return this.#controller.signal.reason === TIMED_OUT;
  }

  /** The attempt is over: its timer stops and the caller's signal is let go of. */
  release(): void {
    clearTimeout(this.#timer);
    this.#caller.removeEventListener("abort", this.#onCallerAbort);
  }

  /**
   * The streamed body of `response`, passed through chunk by chunk with the attempt's time on
   * each wait for the next one: a body that stalls longer errors with `stalled()` (and the
   * connection is aborted). Time the caller spends between reads is not counted. The deadline is
   * released when the body ends, fails or is cancelled.
   */
  watch(response: Response, stalled: () => ServiceTimeoutError): Response {
    clearTimeout(this.#timer);
    const reader = response.body!.getReader();
    const controller = this.#controller;
    const timeoutMs = this.#timeoutMs;
    const release = () => this.release();
    const body = new ReadableStream<Uint8Array>({
      async pull(stream) {
        const timer = setTimeout(() => controller.abort(stalled()), timeoutMs);
        try {
          const chunk = await reader.read();
          if (chunk.done) {
            release();
            stream.close();
          } else stream.enqueue(chunk.value);
        } catch (error) {
          release();
          // Our own abort surfaces as the reason we gave it, whatever the fetch made of it.
          throw controller.signal.reason instanceof ServiceTimeoutError ? controller.signal.reason : error;
        } finally {
          clearTimeout(timer);
        }
      },
      cancel(reason) {
        release();
        return reader.cancel(reason);
      },
    });
    return new Response(body, { status: response.status, statusText: response.statusText, headers: response.headers });
  }
}
