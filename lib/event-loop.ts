/**
 * Awaits on bun:sqlite resolve without leaving the current task, so a long pass over every
 * organization would hold the event loop: no timer, request or stop signal runs until it ends.
 */

/** Lets timers, I/O and other requests run before going on. */
export const breather = () => new Promise<void>((resolve) => setImmediate(resolve));

/** A breather at most every `everyMs` of work: a pass stays fast and the loop still turns. */
export function breathing(everyMs = 20): () => Promise<void> {
  let last = performance.now();
  return async () => {
    if (performance.now() - last < everyMs) return;
    await breather();
    last = performance.now();
  };
}
