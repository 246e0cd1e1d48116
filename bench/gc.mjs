// A full garbage collection, for processes started with --expose-gc. Several passes with a short
// timer between them: what one pass frees (a FinalizationRegistry's callbacks, such as those undici
// uses to drop a Request's abort listeners, weak maps' values) is only collectable by the next.
export async function fullGc(passes = 4) {
  if (typeof globalThis.gc !== "function") throw new Error("start node with --expose-gc");
  for (let i = 0; i < passes; i++) {
    globalThis.gc();
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
