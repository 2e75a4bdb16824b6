import { expect, test } from "bun:test";
import { breathing } from "../../lib/event-loop.ts";

/** A pass of synchronous work with awaits that never leave the task (as bun:sqlite's do). */
async function pass(ms: number, breathe: () => Promise<void>): Promise<void> {
  const end = performance.now() + ms;
  while (performance.now() < end) {
    await Promise.resolve();
    await breathe();
  }
}

test("breathing lets timers run during a long pass, at most every everyMs; without it they wait for its end", async () => {
  let ticks = 0;
  const timer = setInterval(() => ticks++, 1);
  try {
    await pass(200, async () => {});
    expect(ticks).toBe(0);
    await pass(200, breathing(20));
    // About one turn per 20 ms (a 1 ms interval runs once per turn of the loop).
    expect(ticks).toBeGreaterThanOrEqual(3);
    expect(ticks).toBeLessThanOrEqual(12);
  } finally {
    clearInterval(timer);
  }
});
