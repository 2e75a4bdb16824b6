import { allOp, runOp, type Program } from "../db/statements.ts";
import { HOLDOUT } from "../engagement/assign.ts";
import { NO_VARIANT } from "../engagement/types.ts";
import { VARIANT_KEY } from "../engagement/popup-definition.ts";
import { epochDayIn } from "../time.ts";

/**
 * `popup` events → `popup_exposures` (one row per popup and visitor) and `popup_days` (per
 * site-timezone day and variant), in the ingest transaction that stores the events
 * (docs/engagement.md, "Events"). Only fresh events count (a resent batch counts nothing), and
 * only for popups of the event's site: a page cannot make rows for ids it made up.
 */

/** What ingest keeps of a `popup` event (lib/ingest/collect.ts reads it from `a` and `p.v`). */
export interface PopupAction {
  action: string;
  /** The variant key the page assigned: `holdout` when held out, `-` without a test. */
  variant: string;
}


/** The variant of a `popup` event: `holdout` for a held-out visitor, else `p.v` when it is a variant key, else `-`. */
export function popupAction(action: string, props: Record<string, unknown> | undefined): PopupAction {
  if (action === HOLDOUT) return { action, variant: HOLDOUT };
  const v = props?.v;
  return { action, variant: typeof v === "string" && v !== HOLDOUT && VARIANT_KEY.test(v) ? v : NO_VARIANT };
}

interface PopupEvent {
  name: string | null;
  ts: number;
  popup?: PopupAction;
}

interface Exposure {
  variant: string;
  firstAt: number;
  views: number;
  closes: number;
}

interface DayCounts {
  popupId: string;
  day: number;
  variant: string;
  views: number;
  closes: number;
  submits: number;
}

const EXPOSURE_UPSERT = `INSERT INTO popup_exposures (popup_id, visitor, variant, first_at, views, closes) VALUES (?,?,?,?,?,?)
  ON CONFLICT (popup_id, visitor) DO UPDATE SET first_at = min(first_at, excluded.first_at), views = views + excluded.views, closes = closes + excluded.closes`;
const DAY_UPSERT = `INSERT INTO popup_days (popup_id, day, variant, views, closes, submits) VALUES (?,?,?,?,?,?)
  ON CONFLICT (popup_id, day, variant) DO UPDATE SET views = views + excluded.views, closes = closes + excluded.closes, submits = submits + excluded.submits`;

/** Whether any of the events is a `popup` event (the common batch has none and costs nothing more). */
export function hasPopupEvents(events: readonly PopupEvent[]): boolean {
  for (const e of events) if (e.popup) return true;
  return false;
}

/**
 * Counts one hit's fresh `popup` events for its visitor. The exposure keeps the variant it was
 * first stored with (assignment is sticky, so a later event names the same one); a visitor held
 * out gets an exposure (the A/B baseline) but no day counts, since nothing was shown.
 */
export function* countPopupEvents(siteId: string, timezone: string, visitor: number, events: readonly PopupEvent[]): Program<void> {
  const ids = [...new Set(events.filter((e) => e.popup && e.name !== null).map((e) => e.name!))];
  if (ids.length === 0) return;
  const known = (yield allOp(`SELECT id FROM popups WHERE site_id = ? AND id IN (${ids.map(() => "?").join(",")})`, siteId, ...ids)) as { id: string }[];
  const ours = new Set(known.map((r) => r.id));
  const exposures = new Map<string, Exposure>();
  const days = new Map<string, DayCounts>();
  for (const e of events) {
    if (!e.popup || e.name === null || !ours.has(e.name)) continue;
    const { action, variant } = e.popup;
    const counted = action === "view" || action === "close" || action === "submit" || action === HOLDOUT;
    if (!counted) continue;
    if (action !== "submit") {
      const x = exposures.get(e.name) ?? { variant, firstAt: e.ts, views: 0, closes: 0 };
      x.firstAt = Math.min(x.firstAt, e.ts);
      if (action === "view") x.views++;
      if (action === "close") x.closes++;
      exposures.set(e.name, x);
    }
    if (action === HOLDOUT) continue;
    const day = epochDayIn(timezone, e.ts);
    const key = `${e.name}|${day}|${variant}`;
    const d = days.get(key) ?? { popupId: e.name, day, variant, views: 0, closes: 0, submits: 0 };
    if (action === "view") d.views++;
    else if (action === "close") d.closes++;
    else d.submits++;
    days.set(key, d);
  }
  for (const [popupId, x] of exposures) yield runOp(EXPOSURE_UPSERT, popupId, visitor, x.variant, x.firstAt, x.views, x.closes);
  for (const d of days.values()) yield runOp(DAY_UPSERT, d.popupId, d.day, d.variant, d.views, d.closes, d.submits);
}
