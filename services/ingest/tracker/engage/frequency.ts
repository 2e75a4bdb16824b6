import type { Frequency } from "../../../../lib/engagement/types.ts";

/**
 * How often a popup or wheel may be shown to one browser (docs/engagement.md "The page"):
 * pure rules over the state the chunk keeps (store.ts), so the unit tests can run them.
 */

const DAY = 86_400_000;

/** One popup's or wheel's history in this browser. */
export interface ShownState {
  /** Times shown. */
  views: number;
  /** When last shown (ms since the epoch). */
  last: number;
  /** The session it was last shown in. */
  sid: string;
  /** The visitor closed it. */
  closed: boolean;
  /** The visitor submitted its form (or followed its button). */
  converted: boolean;
}

/** What a wheel follows: once a session, never again once spun (it has no frequency of its own). */
export const WHEEL_FREQUENCY: Frequency = { show: "once_per_session", days: null, stopAfterClose: false, stopAfterConvert: true, maxViews: null };

/** Whether the frequency allows showing it now (`every_page`: once per page load, which the page keeps). */
export function mayShow(f: Frequency, s: ShownState | undefined, sid: string, now: number): boolean {
  if (!s) return true;
  if (f.stopAfterConvert && s.converted) return false;
  if (f.stopAfterClose && s.closed) return false;
  if (f.maxViews !== null && s.views >= f.maxViews) return false;
  if (f.show === "once_per_session") return s.sid !== sid;
  if (f.show === "every_n_days") return now - s.last >= (f.days ?? 1) * DAY;
  return true;
}

/**
 * The site-wide cap: how many different popups and wheels one session may see. One already
 * seen in this session (an `every_page` popup on the next page) does not count twice.
 */
export const withinCap = (shownThisSession: readonly string[], id: string, cap: number): boolean => shownThisSession.includes(id) || shownThisSession.length < cap;

export const viewed = (s: ShownState | undefined, sid: string, now: number): ShownState => ({
  views: (s?.views ?? 0) + 1,
  last: now,
  sid,
  closed: s?.closed ?? false,
  converted: s?.converted ?? false,
});
