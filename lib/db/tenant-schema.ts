import { sqliteTable, text, integer, real, primaryKey, index, uniqueIndex } from "drizzle-orm/sqlite-core";

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
}, (t) => [index("integrations_site").on(t.siteId)]);

/**
 * Every accepted tracking event, appended in arrival order (rowid); `id` is the event UUID
 * from the script and `id_hash` its 64-bit hash. One index serves both time-range reads and
 * deduplication: unique (site, ts, id_hash) — a retried event carries the same id and time, so
 * it collides, and keys ordered by time keep inserts near the index's right edge (a random-key
 * index slows down as the store grows).
 */
export const events = sqliteTable("events", {
  id: text("id").notNull(),
  idHash: integer("id_hash").notNull(),
  siteId: text("site_id").notNull(),
  sessionId: text("session_id").notNull(),
  visitorId: text("visitor_id").notNull(),
  ts: integer("ts").notNull(),
  /** pageview | engagement | event | conversion | identify | scroll | outbound | download | form_submit | vital | consent | popup | spin | inventory */
  type: text("type").notNull(),
  /** Event name, conversion name, vital name (LCP…), form id, popup/spin id. */
  name: text("name"),
  path: text("path"),
  title: text("title"),
  /** Conversion value, vital value, scroll percent, engaged ms. */
  value: real("value"),
  currency: text("currency"),
  orderId: text("order_id"),
  href: text("href"),
  props: text("props"),
}, (t) => [uniqueIndex("events_site_ts_id").on(t.siteId, t.ts, t.idHash)]);

/** One row per session, kept up to date at ingest (DESIGN section 5 counts from here). */
export const sessions = sqliteTable("sessions", {
  id: text("id").primaryKey(),
  siteId: text("site_id").notNull(),
  visitorId: text("visitor_id").notNull(),
  startedAt: integer("started_at").notNull(),
  lastAt: integer("last_at").notNull(),
  /** Calendar date (site timezone) of the first event. */
  day: text("day").notNull(),
  landingPath: text("landing_path"),
  landingAt: integer("landing_at"),
  exitPath: text("exit_path"),
  exitAt: integer("exit_at"),
  pageviews: integer("pageviews").notNull().default(0),
  events: integer("events").notNull().default(0),
  engagedMs: integer("engaged_ms").notNull().default(0),
  conversions: integer("conversions").notNull().default(0),
  /** Sum of conversion values in the site currency. */
  revenue: real("revenue").notNull().default(0),
  /** GA4 engaged session: ≥ 10 s engaged, or ≥ 2 pageviews, or ≥ 1 conversion. */
  engaged: integer("engaged").notNull().default(0),
  source: text("source"),
  medium: text("medium"),
  campaign: text("campaign"),
  channel: text("channel").notNull(),
  referrerHost: text("referrer_host"),
  browser: text("browser"),
  os: text("os"),
  device: text("device"),
  country: text("country"),
  region: text("region"),
  city: text("city"),
  language: text("language"),
  screen: text("screen"),
  /** The visitor's first session. */
  isNew: integer("is_new").notNull().default(0),
  consentAnalytics: integer("consent_analytics").notNull().default(0),
  consentMarketing: integer("consent_marketing").notNull().default(0),
}, (t) => [index("sessions_site_day").on(t.siteId, t.day), index("sessions_visitor").on(t.visitorId, t.startedAt)]);

export const visitors = sqliteTable("visitors", {
  siteId: text("site_id").notNull(),
  id: text("id").notNull(),
  firstSeenAt: integer("first_seen_at").notNull(),
  lastSeenAt: integer("last_seen_at").notNull(),
  sessions: integer("sessions").notNull().default(0),
  pageviews: integer("pageviews").notNull().default(0),
  conversions: integer("conversions").notNull().default(0),
  revenue: real("revenue").notNull().default(0),
  firstChannel: text("first_channel"),
  firstSource: text("first_source"),
  firstCampaign: text("first_campaign"),
  lastChannel: text("last_channel"),
  lastSource: text("last_source"),
  lastCampaign: text("last_campaign"),
  lastTouchAt: integer("last_touch_at"),
  country: text("country"),
  device: text("device"),
  userId: text("user_id"),
  /** 1 once the visitor gave analytics consent (only those appear in visitor lists). */
  consented: integer("consented").notNull().default(0),
}, (t) => [primaryKey({ columns: [t.siteId, t.id] }), index("visitors_site_last").on(t.siteId, t.lastSeenAt)]);

/** identify(): visitor ids that share a customer user id. */
export const identities = sqliteTable("identities", {
  siteId: text("site_id").notNull(),
  userId: text("user_id").notNull(),
  visitorId: text("visitor_id").notNull(),
  firstAt: integer("first_at").notNull(),
}, (t) => [primaryKey({ columns: [t.siteId, t.userId, t.visitorId] })]);

/** Conversion order ids seen per site: an orderId is counted once per site, ever. */
export const conversionOrders = sqliteTable("conversion_orders", {
  siteId: text("site_id").notNull(),
  orderId: text("order_id").notNull(),
  eventId: text("event_id").notNull(),
  at: integer("at").notNull(),
}, (t) => [primaryKey({ columns: [t.siteId, t.orderId] })]);

/** Consent choices as the script reported them (the consent log). */
export const consentLog = sqliteTable("consent_log", {
  id: text("id").primaryKey(),
  siteId: text("site_id").notNull(),
  visitorId: text("visitor_id").notNull(),
  sessionId: text("session_id").notNull(),
  at: integer("at").notNull(),
  analytics: integer("analytics").notNull(),
  marketing: integer("marketing").notNull(),
  path: text("path"),
}, (t) => [index("consent_site_at").on(t.siteId, t.at)]);

/** Cookies, storage keys and third-party hosts the script saw on the site's pages. */
export const inventory = sqliteTable("inventory", {
  siteId: text("site_id").notNull(),
  /** cookie | storage | host */
  kind: text("kind").notNull(),
  name: text("name").notNull(),
  firstSeenAt: integer("first_seen_at").notNull(),
  lastSeenAt: integer("last_seen_at").notNull(),
  /** Seen while analytics or marketing consent was not given. */
  beforeConsent: integer("before_consent").notNull().default(0),
  lastPath: text("last_path"),
}, (t) => [primaryKey({ columns: [t.siteId, t.kind, t.name] })]);
