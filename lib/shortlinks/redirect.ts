import { eq, sql } from "drizzle-orm";
import type { ControlStore } from "../db/control.ts";
import { orgs, shortSlugs } from "../db/control-schema.ts";
import { prepared } from "../db/prepared.ts";
import { readRows, runProgram, runOp, type Program, type RunResult } from "../db/statements.ts";
import type { OrgStoreRef, TenantStore } from "../db/tenants.ts";
import { newId } from "../ids.ts";
import { deviceOf, isBot } from "../ingest/device.ts";
import { Batches } from "../threads/batches.ts";
import { UTM_KEYS, type Utm } from "./models.ts";
import { SLUG_PATTERN } from "./slug.ts";

/** Where a slug leads (control store `short_slugs`). */
export interface SlugRoute {
  org: OrgStoreRef;
  siteId: string;
  linkId: string;
}

/** A `short_links` row as stored. */
export interface ShortLinkRow {
  id: string;
  site_id: string;
  slug: string;
  url: string;
  utm: string;
  title: string;
  tags: string;
  expires_at: number | null;
  max_clicks: number | null;
  fallback_url: string | null;
  active: number;
  clicks: number;
  created_at: number;
  updated_at: number;
}

export type ClickClass = "human" | "bot" | "preview" | "qr";

/** The stored UTM JSON, every key present (an empty value is none). */
function utmOf(json: string): Utm {
  const raw = JSON.parse(json) as Partial<Utm>;
  const utm = {} as Utm;
  for (const k of UTM_KEYS) utm[k] = typeof raw[k] === "string" && raw[k] !== "" ? raw[k]! : null;
  return utm;
}

/** The slug's routing row (remembered until control data changes: links are made there too). */
export function slugRoute(control: ControlStore, slug: string): SlugRoute | null {
  return control.memo(`shortSlug:${slug}`, () => {
    const db = control.db;
    const row = prepared(db, "shortSlug", () =>
      db.select({ siteId: shortSlugs.siteId, linkId: shortSlugs.linkId, orgId: orgs.id, dbUrl: orgs.dbUrl }).from(shortSlugs).innerJoin(orgs, eq(orgs.id, shortSlugs.orgId)).where(eq(shortSlugs.slug, sql.placeholder("slug"))).prepare(),
    ).get({ slug });
    return row ? { org: { id: row.orgId, dbUrl: row.dbUrl }, siteId: row.siteId, linkId: row.linkId } : null;
  });
}

const LINK_SQL = "SELECT * FROM short_links WHERE id = ? AND site_id = ?";

/** A link row of the site, read fresh (its clicks, active and expiry decide the answer). */
export async function linkRow(store: TenantStore, siteId: string, linkId: string): Promise<ShortLinkRow | null> {
  if (store.sqlite) return (store.statements.get(LINK_SQL, () => store.sqlite!.prepare(LINK_SQL)).get(linkId, siteId) as ShortLinkRow | null) ?? null;
  const rows = await readRows(store, LINK_SQL, [linkId, siteId], "objects");
  return (rows[0] as unknown as ShortLinkRow | undefined) ?? null;
}

/**
 * Link unfurlers (chat and social previews): they fetch the link to draw a card, no one clicked.
 * Checked before isbot, which knows some of them as bots. iMessage previews as
 * "facebookexternalhit/1.1 Facebot Twitterbot/1.0", caught by the first.
 */
const PREVIEW_UA = /slackbot-linkexpanding|slack-imgproxy|facebookexternalhit|facebot|twitterbot|whatsapp\/|linkedinbot|discordbot|skypeuripreview|microsoftpreview|telegrambot|pinterestbot|redditbot|vkshare|embedly|iframely|mastodon\/|viber|kakaotalk-scrap|bitlybot/i;

export function clickClassOf(userAgent: string | null, query: URLSearchParams): ClickClass {
  if (userAgent && PREVIEW_UA.test(userAgent)) return "preview";
  if (isBot(userAgent)) return "bot";
  return query.get("qr") === "1" ? "qr" : "human";
}

/** Whether a link still leads to its target: active, not expired, under its click cap. */
export function linkLive(row: ShortLinkRow, now: number): boolean {
  return row.active === 1 && (row.expires_at === null || now < row.expires_at) && (row.max_clicks === null || row.clicks < row.max_clicks);
}

/**
 * The target with the link's UTM set and the visitor's query added (the link's UTM win; our own
 * `qr` and any `tm_lc` sent in are not forwarded), then `tm_lc` for a counted click.
 */
export function targetOf(row: ShortLinkRow, visitorQuery: URLSearchParams, clickId: string | null): string {
  const target = new URL(row.url);
  for (const [k, v] of visitorQuery) if (k !== "qr" && k !== "tm_lc") target.searchParams.set(k, v);
  target.searchParams.delete("tm_lc");
  const utm = utmOf(row.utm);
  for (const k of UTM_KEYS) if (utm[k] !== null) target.searchParams.set(`utm_${k}`, utm[k]!);
  if (clickId) target.searchParams.set("tm_lc", clickId);
  return target.toString();
}

export function referrerHostOf(referer: string | null): string | null {
  if (!referer) return null;
  try {
    return new URL(referer).hostname.toLowerCase() || null;
  } catch {
    return null;
  }
}

/** What the stats keep of a click: no IP, no user agent. */
export interface Click {
  id: string;
  linkId: string;
  siteId: string;
  at: number;
  class: ClickClass;
  country: string | null;
  device: string | null;
  referrerHost: string | null;
}

export function clickOf(row: ShortLinkRow, input: { at: number; userAgent: string | null; query: URLSearchParams; country: string | null; referer: string | null }): Click {
  const device = input.userAgent ? deviceOf(input.userAgent).device : null;
  return {
    id: newId(),
    linkId: row.id,
    siteId: row.site_id,
    at: input.at,
    class: clickClassOf(input.userAgent, input.query),
    country: input.country,
    // The stats show desktop, mobile, tablet; a TV or console counts as desktop.
    device: device === null ? null : device === "mobile" || device === "tablet" ? device : "desktop",
    referrerHost: referrerHostOf(input.referer),
  };
}

export const counted = (c: ClickClass): boolean => c === "human" || c === "qr";

/**
 * Stores clicks; a human or QR click also counts toward its link's clicks — only while the link
 * is under its cap, checked in the same statement, so two clicks racing for the last one do not
 * both pass. Each click's answer: false when the cap was reached meanwhile (nothing stored).
 */
function* storeClicks(clicks: Click[]): Program<boolean[]> {
  const stored: boolean[] = [];
  for (const click of clicks) {
    if (counted(click.class)) {
      const r = (yield runOp("UPDATE short_links SET clicks = clicks + 1 WHERE id = ? AND (max_clicks IS NULL OR clicks < max_clicks)", click.linkId)) as RunResult;
      if (r.changes === 0) {
        stored.push(false);
        continue;
      }
    }
    yield runOp(
      "INSERT INTO short_link_clicks (id, link_id, site_id, at, class, country, device, referrer_host) VALUES (?,?,?,?,?,?,?,?)",
      click.id, click.linkId, click.siteId, click.at, click.class, click.country, click.device, click.referrerHost,
    );
    stored.push(true);
  }
  return stored;
}

/**
 * Group commit per store, as ingest's writer: clicks that arrive while a transaction runs go in
 * the next one, and each redirect is answered only once its click is committed — so the landing
 * page's hit (which ties the session to it) always finds the click.
 */
const clickQueues = new WeakMap<TenantStore, Batches<Click, boolean>>();
export function recordClick(store: TenantStore, click: Click): Promise<boolean> {
  let queue = clickQueues.get(store);
  if (!queue) {
    queue = new Batches((clicks) => runProgram(store, storeClicks(clicks)));
    clickQueues.set(store, queue);
  }
  return queue.add(click);
}

export interface FollowInput {
  slug: string;
  /** HEAD: the same answer, nothing recorded. */
  head: boolean;
  query: URLSearchParams;
  userAgent: string | null;
  referer: string | null;
  /** The visitor's country (from the IP, which goes no further). */
  country: () => string | null;
  at: number;
}

/** Where a request of a short link goes: a 302 `location`, or null for the 404 page. */
export interface FollowOutcome {
  location: string | null;
}

/**
 * GET /l/{slug} (docs/campaigns.md "The redirect"): the live link's target with its UTM and
 * the click id, recorded; a link that is off, expired or at its cap → its fallback or the 404
 * page, nothing recorded (a dead link's stats do not grow).
 */
export async function followLink(deps: { control: ControlStore; store: (org: OrgStoreRef) => Promise<TenantStore> }, input: FollowInput): Promise<FollowOutcome> {
  const slug = input.slug.toLowerCase();
  const route = SLUG_PATTERN.test(slug) ? slugRoute(deps.control, slug) : null;
  if (!route) return { location: null };
  const store = await deps.store(route.org);
  const row = await linkRow(store, route.siteId, route.linkId);
  if (!row) return { location: null };
  const dead = { location: row.fallback_url };
  if (!linkLive(row, input.at)) return dead;
  if (input.head) return { location: targetOf(row, input.query, null) };
  const click = clickOf(row, { at: input.at, userAgent: input.userAgent, query: input.query, country: input.country(), referer: input.referer });
  if (!(await recordClick(store, click))) return dead;
  return { location: targetOf(row, input.query, counted(click.class) ? click.id : null) };
}
