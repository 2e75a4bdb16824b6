import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { must, startStack, type TestStack } from "../helpers/stack.ts";
import { batch, CHROME_UA, ev, post, uuid } from "../helpers/hits.ts";
import { EngagementRows, popupDef } from "../helpers/engagement.ts";

/**
 * The public side of popups (docs/engagement.md "The page"): popup events through /v1/collect,
 * lead submission, the site config and the visitor context, against a real server.
 */

let s: TestStack;
let rows: EngagementRows;
let boot: NonNullable<TestStack["bootstrap"]>;
/** A site in New York time, verified for https://pop.test. */
let site: { id: string; siteKey: string };
const ORIGIN = "https://pop.test";
const TZ = "America/New_York";

/** Days since 1970-01-01 of an instant's calendar date in New York (the oracle: Intl, not lib/time). */
const nyDay = (ms: number) => {
  const [m, d, y] = new Date(ms).toLocaleDateString("en-US", { timeZone: TZ, year: "numeric", month: "2-digit", day: "2-digit" }).split("/");
  return Date.UTC(Number(y), Number(m) - 1, Number(d)) / 86_400_000;
};

const collect = (events: Record<string, unknown>[], vid: string, sid = uuid()) =>
  post(s.url, batch(site.siteKey, events, { vid, sid }), { origin: ORIGIN });

beforeAll(async () => {
  s = await startStack({ env: { WEBHOOK_ALLOW_PRIVATE: "1", WEBHOOK_TIMEOUT_MS: "1000" } });
  boot = s.bootstrap!;
  rows = new EngagementRows(s.dataDir, boot.orgId);
  site = must(s.admin("site", "create", "--org", boot.orgId, "--name", "Pop", "--domain", "pop.test", "--timezone", TZ));
  must(s.admin("domain", "verify", "--site", site.id, "--hostname", "pop.test", "--force"));
});

afterAll(async () => {
  await s.close();
});

describe("popup events through /v1/collect", () => {
  /** 02:00 UTC of the latest day it has passed: 21:00 or 22:00 of the day before in New York. */
  const lateEvening = () => {
    const now = s.clock.ms;
    let at = Math.floor(now / 86_400_000) * 86_400_000 + 2 * 3_600_000;
    if (at > now - 60_000) at -= 86_400_000;
    return at;
  };
  const exposure = (popupId: string, vid: string) =>
    rows.all(
      `SELECT e.variant, e.first_at AS firstAt, e.views, e.closes, e.lead_at AS leadAt FROM popup_exposures e JOIN visitor_rows v ON v.seq = e.visitor
       WHERE e.popup_id = ? AND lower(hex(v.uid)) = ?`,
      popupId, vid.replaceAll("-", ""),
    )[0];
  const days = (popupId: string) => rows.all("SELECT day, variant, views, closes, submits FROM popup_days WHERE popup_id = ? ORDER BY day, variant", popupId);
  const popupEv = (ts: number, popupId: string, a: string, v?: string) => ev("popup", ts, { n: popupId, a, ...(v === undefined ? {} : { p: { v } }) });

  test("views, closes and submits per visitor and per New York day and variant; holdout counted as exposure only", async () => {
    const popupId = rows.popup(site.id, popupDef());
    const at = lateEvening();
    const [v1, v2, v3] = [uuid(), uuid(), uuid()];
    const first = [ev("pageview", at - 1000), popupEv(at, popupId, "view", "a"), popupEv(at + 5000, popupId, "close", "a")];
    expect((await collect(first, v1)).status).toBe(202);
    // Resent (a retried batch): nothing counts twice.
    const again = await collect(first, v1);
    expect(((await again.json()) as any).duplicates).toBe(3);
    expect((await collect([popupEv(at + 60_000, popupId, "view", "a"), popupEv(at + 61_000, popupId, "submit", "a")], v1)).status).toBe(202);
    expect((await collect([ev("pageview", at), popupEv(at + 1000, popupId, "holdout")], v2)).status).toBe(202);
    // A view without a test's variant; an unknown action is stored as an event and counts nothing.
    expect((await collect([ev("pageview", at), popupEv(at + 2000, popupId, "view"), popupEv(at + 3000, popupId, "wiggle", "a")], v3)).status).toBe(202);

    expect(exposure(popupId, v1)).toEqual({ variant: "a", firstAt: at, views: 2, closes: 1, leadAt: null });
    expect(exposure(popupId, v2)).toEqual({ variant: "holdout", firstAt: at + 1000, views: 0, closes: 0, leadAt: null });
    expect(exposure(popupId, v3)).toEqual({ variant: "-", firstAt: at + 2000, views: 1, closes: 0, leadAt: null });
    const day = nyDay(at);
    expect(day).toBe(Math.floor(at / 86_400_000) - 1);
    expect(days(popupId)).toEqual([
      { day, variant: "-", views: 1, closes: 0, submits: 0 },
      { day, variant: "a", views: 2, closes: 1, submits: 1 },
    ]);
    expect(rows.count("SELECT count(*) AS n FROM events WHERE site_id = ? AND type = 'popup' AND name = ?", site.id, popupId)).toBe(7);
  });

  test("ids that are not a popup of the site count nothing; the events are still stored", async () => {
    const other = must(s.admin("site", "create", "--org", boot.orgId, "--name", "Other", "--domain", "other.test"));
    const foreign = rows.popup(other.id, popupDef());
    const vid = uuid();
    const made = uuid();
    const res = await collect([ev("pageview", s.clock.ms), popupEv(s.clock.ms, foreign, "view", "a"), popupEv(s.clock.ms, made, "view", "a")], vid);
    expect(((await res.json()) as any).accepted).toBe(3);
    expect(rows.count("SELECT count(*) AS n FROM popup_exposures WHERE popup_id IN (?, ?)", foreign, made)).toBe(0);
    expect(rows.count("SELECT count(*) AS n FROM popup_days WHERE popup_id IN (?, ?)", foreign, made)).toBe(0);
  });
});
