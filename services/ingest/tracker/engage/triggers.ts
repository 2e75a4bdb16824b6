/**
 * The arithmetic of triggers (docs/engagement.md): when a scroll, a pointer leaving the page or
 * a quick scroll back up counts. The chunk feeds browser events in; the unit tests feed numbers.
 */

/** An exit-intent pointer is not believed in the first moments on the page (a pointer still on its way in). */
export const EXIT_ARM_MS = 2000;
/** scroll_up: only after having read down at least this far… */
export const SCROLL_UP_DEPTH = 400;
/** …and then back up at least this far… */
export const SCROLL_UP_DISTANCE = 100;
/** …within this time (a reader going back up slowly is not leaving). */
export const SCROLL_UP_WINDOW_MS = 300;

/** How far down the page is scrolled, 0–100 (a page that cannot scroll is seen whole: 100). */
export function scrollPercent(scrollY: number, scrollHeight: number, viewportHeight: number): number {
  const room = scrollHeight - viewportHeight;
  if (room <= 0) return 100;
  return Math.min(100, Math.max(0, (scrollY / room) * 100));
}

/** A `mouseout` that leaves the document through its top edge (no element entered, at or above y 0), once armed. */
export const isExitIntent = (e: { clientY: number; relatedTarget: unknown }, msOnPage: number): boolean =>
  e.relatedTarget === null && e.clientY <= 0 && msOnPage >= EXIT_ARM_MS;

/** Mobile exit intent: a fast upward scroll after having scrolled down. `feed` each scroll position; true when it happens. */
export function scrollUpDetector() {
  let deepest = 0;
  let recent: { y: number; t: number }[] = [];
  return (y: number, t: number): boolean => {
    deepest = Math.max(deepest, y);
    recent = recent.filter((s) => t - s.t <= SCROLL_UP_WINDOW_MS);
    recent.push({ y, t });
    const top = Math.max(...recent.map((s) => s.y));
    return deepest >= SCROLL_UP_DEPTH && top - y >= SCROLL_UP_DISTANCE;
  };
}

/** Seconds until a time trigger fires, given how long the page has been open. */
export const msUntil = (seconds: number, msOnPage: number): number => Math.max(0, seconds * 1000 - msOnPage);

/** Whether an element matches a click trigger's selector; a selector the browser refuses never matches. */
export function clickMatches(target: { closest(selector: string): unknown } | null, selector: string): boolean {
  if (!target || typeof target.closest !== "function") return false;
  try {
    return target.closest(selector) !== null;
  } catch {
    return false;
  }
}
