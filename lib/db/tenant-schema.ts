import { sqliteTable, text, integer, primaryKey, index } from "drizzle-orm/sqlite-core";

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
