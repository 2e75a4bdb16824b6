import { sqliteTable, text, integer, real, blob, primaryKey, index, uniqueIndex } from "drizzle-orm/sqlite-core";
import { sql } from "drizzle-orm";
import { sessionTableColumns } from "./session-row.ts";
import { UNKEPT_EVENT_ROWS } from "../analytics/kept-events.ts";

/** <orgId>.sqlite: the organization's own data. */

export const auditLog = sqliteTable("audit_log", {
  id: text("id").primaryKey(),
  at: integer("at").notNull(),
  /** user | key | operator */
  actorType: text("actor_type").notNull(),
  actorId: text("actor_id").notNull(),
  actorName: text("actor_name").notNull(),
  actorEmail: text("actor_email").notNull().default(""),
  action: text("action").notNull(),
  label: text("label").notNull(),
  targetType: text("target_type").notNull(),
  targetId: text("target_id").notNull(),
  meta: text("meta").notNull().default("{}"),
  ip: text("ip"),
}, (t) => [index("audit_at").on(t.at), index("audit_action").on(t.action, t.at)]);

/** One row per key, UTC day and caller IP: how often a key was used from where. */
export const keyUses = sqliteTable("key_uses", {
  keyId: text("key_id").notNull(),
  day: text("day").notNull(),
  ip: text("ip").notNull(),
  count: integer("count").notNull(),
  firstAt: integer("first_at").notNull(),
  lastAt: integer("last_at").notNull(),
}, (t) => [primaryKey({ columns: [t.keyId, t.day, t.ip] })]);

/** First and last accepted tracking hit per site (kept by ingest). */
export const siteHits = sqliteTable("site_hits", {
  siteId: text("site_id").primaryKey(),
  firstHitAt: integer("first_hit_at").notNull(),
  lastHitAt: integer("last_hit_at").notNull(),
});

/** Accepted hits per site and UTC minute (ingest), for hitsLast30Min and realtime. */
export const siteHitMinutes = sqliteTable("site_hit_minutes", {
  siteId: text("site_id").notNull(),
  minute: integer("minute").notNull(),
  hits: integer("hits").notNull(),
}, (t) => [primaryKey({ columns: [t.siteId, t.minute] })]);

/** Hosts whose hits were refused because they are not a verified domain of the site. */
export const rejectedHosts = sqliteTable("rejected_hosts", {
  siteId: text("site_id").notNull(),
  host: text("host").notNull(),
  hits: integer("hits").notNull(),
  firstSeenAt: integer("first_seen_at").notNull(),
  lastSeenAt: integer("last_seen_at").notNull(),
}, (t) => [primaryKey({ columns: [t.siteId, t.host] })]);

export const integrations = sqliteTable("integrations", {
  id: text("id").primaryKey(),
  siteId: text("site_id").notNull(),
  /** webhook_out | webhook_in */
  kind: text("kind").notNull(),
  url: text("url"),
  /** Outbound: the HMAC signing secret (needed in clear to sign). */
  signingSecret: text("signing_secret"),
  /** Inbound: SHA-256 (hex) of the shared secret; the secret is shown once. */
  secretHash: text("secret_hash"),
  /** active | disabled */
  status: text("status").notNull().default("active"),
  createdAt: integer("created_at").notNull(),
  updatedAt: integer("updated_at").notNull(),
  /** Outbound: the last delivery the endpoint accepted, and the last it refused or missed. */
  lastSuccessAt: integer("last_success_at"),
  lastFailureAt: integer("last_failure_at"),
  /** Outbound: failing since (no success after this failure); cleared by a success. */
  failingSince: integer("failing_since"),
  /** Why it was disabled (an endpoint failing for days), when it was. */
  disabledReason: text("disabled_reason"),
  /** Inbound: the last lead (or repeat) received. */
  lastReceivedAt: integer("last_received_at"),
}, (t) => [index("integrations_site").on(t.siteId)]);

/**
 * Strings the analytics rows refer to by number (paths, titles, names, sources, places,
 * browsers…): each distinct value is stored once, so a row of ten million holds small
 * integers instead of repeated text.
 */
export const strings = sqliteTable("strings", {
  id: integer("id").primaryKey(),
  value: text("value").notNull(),
}, (t) => [uniqueIndex("strings_value").on(t.value)]);

/**
 * Every accepted tracking event, in arrival order (`seq`, which readers use as the change
 * log). Compact on purpose (about 36 bytes a row, no secondary index): text lives in
 * `strings`, the session by its `seq`. Deduplication uses `recent_events`. The `events` view
 * shows rows with their text.
 */
export const eventRows = sqliteTable("event_rows", {
  seq: integer("seq").primaryKey(),
  site: integer("site").notNull(),
  session: integer("session").notNull(),
  ts: integer("ts").notNull(),
  /** Index into EVENT_TYPES (lib/db/event-types.ts). */
  type: integer("type").notNull(),
  /** Event name, conversion name, vital name (LCP…), form id, popup/spin id, user id. */
  name: integer("name"),
  path: integer("path"),
  title: integer("title"),
  href: integer("href"),
  /** Conversion value, vital value, scroll percent, engaged ms. */
  value: real("value"),
  currency: integer("currency"),
  orderId: text("order_id"),
  props: text("props"),
});

/**
 * The events of the last 73 hours by id hash: enough to deduplicate, because the protocol
 * refuses events more than 72 hours old, so a resent event always finds its first copy here.
 * Older rows are pruned as ingest goes. Keys ordered by time keep inserts at the index's
 * right edge; realtime reads the last 30 minutes from here too.
 */
export const recentEvents = sqliteTable("recent_events", {
  site: integer("site").notNull(),
  ts: integer("ts").notNull(),
  idHash: integer("id_hash").notNull(),
  /** The session's seq (realtime joins it for visitor, source and country). */
  session: integer("session").notNull(),
  type: integer("type").notNull(),
  path: integer("path"),
}, (t) => [
  uniqueIndex("recent_events_id").on(t.site, t.ts, t.idHash),
  // The few rows of types the analytics columns do not keep: realtime reads only those.
  index("recent_events_unkept").on(t.site, t.ts).where(sql.raw(UNKEPT_EVENT_ROWS)),
]);

/**
 * One row per session, kept up to date at ingest (DESIGN section 5 counts from here); its
 * columns are defined in lib/db/session-row.ts. `uid` is the session UUID's 16 bytes;
 * dimension columns refer to `strings`.
 */
export const sessionRows = sqliteTable("session_rows", sessionTableColumns(), (t) => [uniqueIndex("session_rows_uid").on(t.site, t.uid)]);

/**
 * One row per visitor and site; `uid` is the visitor UUID's 16 bytes. Only what ingest needs
 * to keep sessions right (first and last seen, the session count that decides "new") and what
 * no session holds (the identify user id, consent); everything else about a visitor (touches,
 * sums, place, device) is derived from their sessions.
 */
export const visitorRows = sqliteTable("visitor_rows", {
  seq: integer("seq").primaryKey(),
  site: integer("site").notNull(),
  uid: blob("uid", { mode: "buffer" }).notNull(),
  firstSeenAt: integer("first_seen_at").notNull(),
  lastSeenAt: integer("last_seen_at").notNull(),
  sessions: integer("sessions").notNull(),
  /** The latest identify() user id (`strings` id). */
  user: integer("user"),
  /** 1 once the visitor gave analytics consent (only those appear in visitor lists). */
  consented: integer("consented").notNull(),
}, (t) => [uniqueIndex("visitor_rows_uid").on(t.site, t.uid)]);

/** identify(): visitors that share a customer user id (`strings` id), by visitor seq. */
export const identityRows = sqliteTable("identity_rows", {
  site: integer("site").notNull(),
  user: integer("user").notNull(),
  visitor: integer("visitor").notNull(),
  firstAt: integer("first_at").notNull(),
}, (t) => [primaryKey({ columns: [t.site, t.user, t.visitor] })]);

/**
 * Conversion order ids counted per site (an orderId is counted once per site, ever), in the
 * order they came. No index: the write connection keeps them all in memory (SeenOrders) and
 * reads only the rows added since it last looked, so a conversion appends a row instead of
 * dirtying a random index page.
 */
export const conversionOrders = sqliteTable("conversion_orders", {
  siteId: text("site_id").notNull(),
  orderId: text("order_id").notNull(),
  eventId: text("event_id").notNull(),
  at: integer("at").notNull(),
});

/** Consent choices as the script reported them (the consent log), by visitor and session seq. */
export const consentRows = sqliteTable("consent_rows", {
  seq: integer("seq").primaryKey(),
  site: integer("site").notNull(),
  at: integer("at").notNull(),
  visitor: integer("visitor").notNull(),
  session: integer("session").notNull(),
  analytics: integer("analytics").notNull(),
  marketing: integer("marketing").notNull(),
  path: integer("path"),
}, (t) => [index("consent_rows_site_at").on(t.site, t.at)]);

/**
 * Cookies, storage keys and third-party hosts visits saw on the site's pages (docs/consent.md
 * "Visits"): one row per item, written when a sample of a page type changes.
 */
export const inventory = sqliteTable("inventory", {
  siteId: text("site_id").notNull(),
  /** cookie | storage | host */
  kind: text("kind").notNull(),
  name: text("name").notNull(),
  firstSeenAt: integer("first_seen_at").notNull(),
  /** The last write; a read takes the later of this and the samples holding the item. */
  lastSeenAt: integer("last_seen_at").notNull(),
  /** Seen while analytics or marketing consent was not given (kept from before samples). */
  beforeConsent: integer("before_consent").notNull().default(0),
  lastPath: text("last_path"),
  /** The page's host where it was seen (for a host item, the host itself). */
  host: text("host"),
}, (t) => [primaryKey({ columns: [t.siteId, t.kind, t.name] })]);

/** The latest sample of a page type in a consent state (bits: 1 analytics, 2 marketing). */
export const inventorySamples = sqliteTable("inventory_samples", {
  siteId: text("site_id").notNull(),
  pageKey: text("page_key").notNull(),
  state: integer("state").notNull(),
  /** Digest of the sample's sorted items: an unchanged sample rewrites nothing else. */
  digest: text("digest").notNull(),
  lastAt: integer("last_at").notNull(),
  /** The sampled page's URL. */
  path: text("path").notNull(),
}, (t) => [primaryKey({ columns: [t.siteId, t.pageKey, t.state] })]);

/** The items of each latest sample. */
export const inventorySampleItems = sqliteTable("inventory_sample_items", {
  siteId: text("site_id").notNull(),
  pageKey: text("page_key").notNull(),
  state: integer("state").notNull(),
  kind: text("kind").notNull(),
  name: text("name").notNull(),
}, (t) => [primaryKey({ columns: [t.siteId, t.pageKey, t.state, t.kind, t.name] }), index("inventory_sample_items_item").on(t.siteId, t.kind, t.name)]);

/** The first time an item was seen in a consent state, and on which page: the evidence. */
export const inventorySightings = sqliteTable("inventory_sightings", {
  siteId: text("site_id").notNull(),
  kind: text("kind").notNull(),
  name: text("name").notNull(),
  state: integer("state").notNull(),
  at: integer("at").notNull(),
  path: text("path").notNull(),
}, (t) => [primaryKey({ columns: [t.siteId, t.kind, t.name, t.state] })]);

/**
 * Visitors who reported an item before full consent, up to INVENTORY_WITNESSES of them per item
 * (docs/consent.md "Low evidence"): a violation fewer visitors saw is marked as such.
 */
export const inventoryWitnesses = sqliteTable("inventory_witnesses", {
  siteId: text("site_id").notNull(),
  kind: text("kind").notNull(),
  name: text("name").notNull(),
  /** visitor_rows.seq */
  visitor: integer("visitor").notNull(),
}, (t) => [primaryKey({ columns: [t.siteId, t.kind, t.name, t.visitor] })]);

/** Items visits reported that a site's full inventory could not keep (docs/consent.md "Limits"). */
export const inventoryDropped = sqliteTable("inventory_dropped", {
  siteId: text("site_id").primaryKey(),
  items: integer("items").notNull(),
  lastAt: integer("last_at").notNull(),
});

/** Scanner runs (docs/consent.md "Scans"). */
export const cookieScans = sqliteTable("cookie_scans", {
  id: text("id").primaryKey(),
  siteId: text("site_id").notNull(),
  /** queued | running | done | failed */
  status: text("status").notNull(),
  /** cli | dashboard | schedule */
  trigger: text("trigger").notNull(),
  queuedAt: integer("queued_at").notNull(),
  startedAt: integer("started_at"),
  finishedAt: integer("finished_at"),
  /** A running scan's claim: past it, another worker may take the scan over. */
  leaseUntil: integer("lease_until"),
  pages: integer("pages").notNull().default(0),
  found: integer("found").notNull().default(0),
  error: text("error"),
}, (t) => [index("cookie_scans_site").on(t.siteId, t.queuedAt), index("cookie_scans_status").on(t.status)]);

/** What a scan found: pass 1 without consent, pass 2 after accepting all. */
export const cookieScanItems = sqliteTable("cookie_scan_items", {
  scanId: text("scan_id").notNull(),
  kind: text("kind").notNull(),
  name: text("name").notNull(),
  pass: integer("pass").notNull(),
  /** The cookie's domain; the page's host for storage; the host itself for a host. */
  host: text("host").notNull(),
  /** The first URL it was seen on in this pass. */
  page: text("page").notNull(),
  at: integer("at").notNull(),
  /** Cookies: 1 HttpOnly, 0 not; null for storage and hosts. */
  httpOnly: integer("http_only"),
}, (t) => [primaryKey({ columns: [t.scanId, t.kind, t.name, t.pass] })]);

/** A site's own classification of a name, first in line and kept across rescans. */
export const cookieOverrides = sqliteTable("cookie_overrides", {
  siteId: text("site_id").notNull(),
  name: text("name").notNull(),
  category: text("category").notNull(),
  vendor: text("vendor").notNull().default(""),
  purpose: text("purpose").notNull().default(""),
  updatedAt: integer("updated_at").notNull(),
}, (t) => [primaryKey({ columns: [t.siteId, t.name] })]);

/** Saved funnels (spec 2.7), created with the admin CLI and run by the read API. */
export const funnels = sqliteTable("funnels", {
  id: text("id").primaryKey(),
  siteId: text("site_id").notNull(),
  name: text("name").notNull(),
  /** The definition (name, steps, mode, scope) as JSON, validated when saved. */
  definition: text("definition").notNull(),
  createdAt: integer("created_at").notNull(),
}, (t) => [index("funnels_site").on(t.siteId, t.createdAt)]);

/**
 * Leads (spec 2.11): contact details captured by popups, spin wheels, forms, one-tap sign-in,
 * the inbound webhook (`api`) and ad-platform connectors (`connector`). Contact fields are
 * personal data: read through lib/privacy (masking) only.
 */
export const leads = sqliteTable("leads", {
  id: text("id").primaryKey(),
  siteId: text("site_id").notNull(),
  createdAt: integer("created_at").notNull(),
  /** popup | spin | form | newsletter | onetap | api | connector */
  source: text("source").notNull(),
  /** The popup, form, wheel or platform it came from. */
  sourceName: text("source_name").notNull(),
  /** The sender's own id for the lead (externalId, a platform's lead id): a repeat is a duplicate. */
  externalId: text("external_id"),
  name: text("name"),
  email: text("email"),
  phone: text("phone"),
  company: text("company"),
  message: text("message"),
  /** Other answers, as JSON. */
  extra: text("extra").notNull().default("{}"),
  /** The visitor (visitor_rows.seq) it was merged into, when known. */
  visitor: integer("visitor"),
  /** Page path, country and attribution of the lead (from its visitor's session, or as sent). */
  path: text("path"),
  country: text("country"),
  channel: text("channel"),
  campaign: text("campaign"),
  sourceMedium: text("source_medium"),
}, (t) => [
  uniqueIndex("leads_external").on(t.siteId, t.externalId),
  index("leads_site_created").on(t.siteId, t.createdAt),
  index("leads_site_email").on(t.siteId, t.email),
  index("leads_visitor").on(t.visitor),
]);

/**
 * The outbound webhook outbox: one row per lead and endpoint, written in the lead's own
 * transaction, so a lead is never without its deliveries, and they survive restarts.
 */
export const deliveries = sqliteTable("deliveries", {
  /** Also sent as X-Svc-Delivery: the receiver's idempotency key. */
  id: text("id").primaryKey(),
  integrationId: text("integration_id").notNull(),
  leadId: text("lead_id").notNull(),
  event: text("event").notNull(),
  /** The exact body every attempt sends. */
  body: text("body").notNull(),
  /** pending | delivered | failed (gave up, or a 4xx) | refused (the target is not allowed) */
  status: text("status").notNull(),
  attempts: integer("attempts").notNull().default(0),
  nextAttemptAt: integer("next_attempt_at"),
  lastAttemptAt: integer("last_attempt_at"),
  lastStatus: integer("last_status"),
  lastError: text("last_error"),
  createdAt: integer("created_at").notNull(),
  deliveredAt: integer("delivered_at"),
}, (t) => [index("deliveries_due").on(t.status, t.nextAttemptAt), index("deliveries_integration").on(t.integrationId, t.createdAt)]);

/** Every delivery attempt: when, the answer (HTTP status or error) and how long it took. */
export const deliveryAttempts = sqliteTable("delivery_attempts", {
  deliveryId: text("delivery_id").notNull(),
  attempt: integer("attempt").notNull(),
  at: integer("at").notNull(),
  status: integer("status"),
  error: text("error"),
  ms: integer("ms").notNull(),
}, (t) => [primaryKey({ columns: [t.deliveryId, t.attempt] })]);

/**
 * Popups (spec 2.13, docs/engagement.md): a definition (layout, content, lead form, triggers,
 * targeting, frequency, schedule, A/B variants) validated by lib/engagement/popup-definition.ts,
 * made and changed with the admin CLI. `status` is kept beside the definition so lists and the
 * public config filter on it without parsing JSON.
 */
export const popups = sqliteTable("popups", {
  id: text("id").primaryKey(),
  siteId: text("site_id").notNull(),
  name: text("name").notNull(),
  /** draft | active | paused | archived */
  status: text("status").notNull(),
  definition: text("definition").notNull(),
  createdAt: integer("created_at").notNull(),
  updatedAt: integer("updated_at").notNull(),
}, (t) => [index("popups_site").on(t.siteId, t.createdAt)]);

/**
 * Who saw a popup, once per visitor (the A/B unit): the variant the visitor was assigned
 * (`holdout` for the held-out group, who are counted but shown nothing), when they first saw
 * it, how often they saw and closed it, and when they became its lead. Written by ingest from
 * `popup` events and by the lead endpoint.
 */
export const popupExposures = sqliteTable("popup_exposures", {
  popupId: text("popup_id").notNull(),
  /** visitor_rows.seq */
  visitor: integer("visitor").notNull(),
  variant: text("variant").notNull(),
  firstAt: integer("first_at").notNull(),
  views: integer("views").notNull().default(0),
  closes: integer("closes").notNull().default(0),
  leadAt: integer("lead_at"),
}, (t) => [primaryKey({ columns: [t.popupId, t.visitor] }), index("popup_exposures_first").on(t.popupId, t.firstAt), index("popup_exposures_lead").on(t.popupId, t.leadAt)]);

/** A popup's views, closes and submits per site-timezone day and variant: the period figures without a scan of the events. */
export const popupDays = sqliteTable("popup_days", {
  popupId: text("popup_id").notNull(),
  /** Days since 1970-01-01 in the site's timezone. */
  day: integer("day").notNull(),
  variant: text("variant").notNull(),
  views: integer("views").notNull().default(0),
  closes: integer("closes").notNull().default(0),
  submits: integer("submits").notNull().default(0),
}, (t) => [primaryKey({ columns: [t.popupId, t.day, t.variant] })]);

/** Spin-to-win wheels (spec 2.14): slices, prizes, the gating lead form, coupon expiry (lib/engagement/wheel-definition.ts). */
export const spinWheels = sqliteTable("spin_wheels", {
  id: text("id").primaryKey(),
  siteId: text("site_id").notNull(),
  name: text("name").notNull(),
  /** draft | active | paused | archived */
  status: text("status").notNull(),
  definition: text("definition").notNull(),
  createdAt: integer("created_at").notNull(),
  updatedAt: integer("updated_at").notNull(),
}, (t) => [index("spin_wheels_site").on(t.siteId, t.createdAt)]);

/** Each slice's stock, decremented in the draw's transaction (null: unlimited), and how many it awarded. */
export const spinSlices = sqliteTable("spin_slices", {
  wheelId: text("wheel_id").notNull(),
  slice: integer("slice").notNull(),
  stockLeft: integer("stock_left"),
  awarded: integer("awarded").notNull().default(0),
}, (t) => [primaryKey({ columns: [t.wheelId, t.slice] })]);

/** A slice's pool of unique coupon codes; each is handed out once (`spinId` set in the draw's transaction). */
export const couponCodes = sqliteTable("coupon_codes", {
  wheelId: text("wheel_id").notNull(),
  slice: integer("slice").notNull(),
  code: text("code").notNull(),
  spinId: text("spin_id"),
}, (t) => [primaryKey({ columns: [t.wheelId, t.code] }), index("coupon_codes_free").on(t.wheelId, t.slice, t.spinId)]);

/** Every spin: once per wheel per normalised e-mail and per visitor; the prize the server drew and the lead it made. */
export const spins = sqliteTable("spins", {
  id: text("id").primaryKey(),
  wheelId: text("wheel_id").notNull(),
  /** The page's own id for the request: a retry answers the first spin. */
  clientId: text("client_id").notNull(),
  createdAt: integer("created_at").notNull(),
  /** The visitor's UUID as the page sent it (hex), and the normalised e-mail. */
  visitorUid: text("visitor_uid").notNull(),
  email: text("email").notNull(),
  slice: integer("slice").notNull(),
  /** The coupon or static code won (null: no prize). */
  code: text("code"),
  expiresAt: integer("expires_at"),
  leadId: text("lead_id"),
}, (t) => [
  uniqueIndex("spins_client").on(t.wheelId, t.clientId),
  uniqueIndex("spins_email").on(t.wheelId, t.email),
  uniqueIndex("spins_visitor").on(t.wheelId, t.visitorUid),
  index("spins_created").on(t.wheelId, t.createdAt),
]);

/** A site's engagement settings: the cap on popups one session sees, across every popup. */
export const engagementSettings = sqliteTable("engagement_settings", {
  siteId: text("site_id").primaryKey(),
  popupsPerSession: integer("popups_per_session").notNull(),
});

/** Short links (docs/campaigns.md "Short links"); the slug's routing row is in the control store. */
export const shortLinks = sqliteTable("short_links", {
  id: text("id").primaryKey(),
  siteId: text("site_id").notNull(),
  slug: text("slug").notNull(),
  url: text("url").notNull(),
  /** JSON { source, medium, campaign, term, content }, each a string or null. */
  utm: text("utm").notNull(),
  title: text("title").notNull().default(""),
  /** JSON array of lower-case tags. */
  tags: text("tags").notNull().default("[]"),
  expiresAt: integer("expires_at"),
  maxClicks: integer("max_clicks"),
  fallbackUrl: text("fallback_url"),
  active: integer("active").notNull().default(1),
  /** Human and QR clicks ever (what maxClicks counts). */
  clicks: integer("clicks").notNull().default(0),
  createdAt: integer("created_at").notNull(),
  updatedAt: integer("updated_at").notNull(),
}, (t) => [uniqueIndex("short_links_slug").on(t.siteId, t.slug), index("short_links_created").on(t.siteId, t.createdAt)]);

/** Every request of a short link but HEAD: no IP, only what the stats show. */
export const shortLinkClicks = sqliteTable("short_link_clicks", {
  id: text("id").primaryKey(),
  linkId: text("link_id").notNull(),
  siteId: text("site_id").notNull(),
  at: integer("at").notNull(),
  /** human | bot | preview | qr */
  class: text("class").notNull(),
  country: text("country"),
  /** desktop | mobile | tablet */
  device: text("device"),
  referrerHost: text("referrer_host"),
}, (t) => [index("short_link_clicks_link").on(t.linkId, t.at)]);

/** The session a click landed in (ingest saw `tm_lc` in the landing page's URL). */
export const shortLinkSessions = sqliteTable("short_link_sessions", {
  clickId: text("click_id").primaryKey(),
  siteId: text("site_id").notNull(),
  linkId: text("link_id").notNull(),
  sessionSeq: integer("session_seq").notNull(),
  visitorSeq: integer("visitor_seq").notNull(),
  at: integer("at").notNull(),
}, (t) => [index("short_link_sessions_link").on(t.linkId, t.at)]);

/** Ad spend by platform, account, day and campaign (docs/campaigns.md "Ad spend"). */
export const adSpend = sqliteTable("ad_spend", {
  siteId: text("site_id").notNull(),
  platform: text("platform").notNull(),
  account: text("account").notNull().default(""),
  /** YYYY-MM-DD in the platform account's timezone. */
  date: text("date").notNull(),
  campaignId: text("campaign_id").notNull().default(""),
  campaignName: text("campaign_name").notNull(),
  utmSource: text("utm_source"),
  utmMedium: text("utm_medium"),
  utmCampaign: text("utm_campaign"),
  utmId: text("utm_id"),
  spend: real("spend").notNull(),
  currency: text("currency").notNull(),
  impressions: integer("impressions"),
  clicks: integer("clicks"),
  platformConversions: real("platform_conversions"),
  platformConversionValue: real("platform_conversion_value"),
  importId: text("import_id").notNull(),
  importedAt: integer("imported_at").notNull(),
}, (t) => [primaryKey({ columns: [t.siteId, t.platform, t.account, t.date, t.campaignId, t.campaignName] }), index("ad_spend_date").on(t.siteId, t.date)]);

/** Each import or push of spend rows. */
export const spendImports = sqliteTable("spend_imports", {
  id: text("id").primaryKey(),
  siteId: text("site_id").notNull(),
  /** cli | push */
  source: text("source").notNull(),
  /** ga4_cost | google_ads | meta_ads | json */
  format: text("format").notNull(),
  rows: integer("rows").notNull(),
  days: integer("days").notNull(),
  importedAt: integer("imported_at").notNull(),
}, (t) => [index("spend_imports_site").on(t.siteId, t.importedAt)]);

/**
 * E-mailed library reports (docs/reports.md "Schedules"): what to send, to whom, when (local
 * time in the site's timezone), and where the schedule stands. `runDueAt` is the scheduled
 * instant of the run still to be sent (its data window derives from it); `nextAttemptAt` is when
 * the hooks service tries it next (= `runDueAt`, or later after a failed attempt).
 */
export const reportSchedules = sqliteTable("report_schedules", {
  id: text("id").primaryKey(),
  siteId: text("site_id").notNull(),
  reportKey: text("report_key").notNull(),
  /** daily | weekly | monthly */
  frequency: text("frequency").notNull(),
  /** HH:MM, local to the site's timezone. */
  at: text("at").notNull(),
  /** ISO weekday 1 (Monday) – 7 (Sunday) for weekly schedules. */
  weekday: integer("weekday"),
  /** Day of the month 1–31 for monthly schedules (a shorter month sends on its last day). */
  day: integer("day"),
  /** csv | xlsx */
  format: text("format").notNull(),
  /** The user (control store id) whose permissions the sends use, re-checked at each send. */
  ownerUserId: text("owner_user_id").notNull(),
  active: integer("active").notNull(),
  /** Why an inactive schedule stopped: paused (by a person) | failures (3 failed attempts in a row). */
  pausedReason: text("paused_reason"),
  createdAt: integer("created_at").notNull(),
  updatedAt: integer("updated_at").notNull(),
  runDueAt: integer("run_due_at").notNull(),
  nextAttemptAt: integer("next_attempt_at").notNull(),
  /** Failed attempts in a row (reset by a sent or skipped run). */
  failures: integer("failures").notNull().default(0),
  lastRunAt: integer("last_run_at"),
  /** ok | failed | skipped */
  lastStatus: text("last_status"),
  lastError: text("last_error"),
}, (t) => [index("report_schedules_due").on(t.active, t.nextAttemptAt), index("report_schedules_site").on(t.siteId)]);

/**
 * A schedule's recipients. An org member's address is sent to while they stay a member; any
 * other address only once it is `confirmed` through the link mailed to it. `unsubscribed` (the
 * mail's link or List-Unsubscribe) is never sent to again.
 */
export const reportScheduleRecipients = sqliteTable("report_schedule_recipients", {
  scheduleId: text("schedule_id").notNull(),
  email: text("email").notNull(),
  /** member | pending | confirmed | unsubscribed */
  state: text("state").notNull(),
  updatedAt: integer("updated_at").notNull(),
}, (t) => [primaryKey({ columns: [t.scheduleId, t.email] })]);

/**
 * Each attempt to send a scheduled run. The row is the claim: (schedule, run, attempt) is
 * unique, so of two hooks processes that find the same run due, one inserts and sends and the
 * other's insert is ignored. An attempt still `sending` after its lease is counted as failed.
 */
export const reportRuns = sqliteTable("report_runs", {
  scheduleId: text("schedule_id").notNull(),
  runDueAt: integer("run_due_at").notNull(),
  attempt: integer("attempt").notNull(),
  startedAt: integer("started_at").notNull(),
  leaseUntil: integer("lease_until").notNull(),
  finishedAt: integer("finished_at"),
  /** sending | ok | failed | skipped */
  status: text("status").notNull(),
  error: text("error"),
  /** The report's full row count and the addresses it went to. */
  rows: integer("rows"),
  recipients: integer("recipients"),
}, (t) => [primaryKey({ columns: [t.scheduleId, t.runDueAt, t.attempt] })]);

/**
 * A site's data generation (docs/data-lifecycle.md): bumped in the same transaction as any
 * deletion of the site's events, sessions or visitors (a retention purge, a person's erasure).
 * The analytics engine reads only appended rows; a loaded site (and its snapshot) built at an
 * older generation is dropped and rebuilt, so reports count the deleted rows no more — in every
 * process, since the mark is in the store. No row = generation 0.
 */
export const dataGenerations = sqliteTable("data_generations", {
  siteId: text("site_id").primaryKey(),
  generation: integer("generation").notNull(),
  changedAt: integer("changed_at").notNull(),
});

/**
 * A site's recommendations (docs/recommendations.md): the latest finding of each rule, its
 * status (open | dismissed | snoozed | done) and the evidence a status was set against.
 */
export const recommendations = sqliteTable("recommendations", {
  siteId: text("site_id").notNull(),
  ruleKey: text("rule_key").notNull(),
  status: text("status").notNull(),
  score: real("score").notNull(),
  /** high | medium | low */
  severity: text("severity").notNull(),
  title: text("title").notNull(),
  body: text("body").notNull(),
  action: text("action").notNull(),
  /** JSON: the pages, channels, numbers the finding rests on. */
  evidence: text("evidence").notNull(),
  computedAt: integer("computed_at").notNull(),
  statusChangedAt: integer("status_changed_at"),
  /** The evidence a dismissal or "done" was given for: a material change reopens the item. */
  statusEvidence: text("status_evidence"),
  snoozedUntil: integer("snoozed_until"),
  /** 0 once the rule no longer fires (kept for its status history, not shown). */
  active: integer("active").notNull(),
}, (t) => [primaryKey({ columns: [t.siteId, t.ruleKey] })]);

/** The nightly job's last computation for a site: when, over which window, the site's metrics. */
export const recommendationRuns = sqliteTable("recommendation_runs", {
  siteId: text("site_id").primaryKey(),
  computedAt: integer("computed_at").notNull(),
  windowFrom: text("window_from").notNull(),
  windowTo: text("window_to").notNull(),
  sessions: integer("sessions").notNull(),
  /** JSON object: metric key → value. */
  metrics: text("metrics").notNull(),
});
