import { sqliteTable, text, integer, real, primaryKey, index, uniqueIndex } from "drizzle-orm/sqlite-core";

/** control.sqlite: everything the router needs to resolve a request without a tenant file. */

export const orgs = sqliteTable("orgs", {
  id: text("id").primaryKey(),
  name: text("name").notNull(),
  industry: text("industry").notNull().default("general"),
  plan: text("plan").notNull().default("self_hosted"),
  licenceStatus: text("licence_status").notNull().default("active"),
  /** JSON array of feature keys switched off for this org. */
  disabledFeatures: text("disabled_features").notNull().default("[]"),
  /** Bring-your-own database URL (file:, libsql:, https:); null = the managed tenants/<id>.sqlite. */
  dbUrl: text("db_url"),
  /** Every member must pass a TOTP second factor in their dashboard sessions. */
  requireTwoFactor: integer("require_two_factor", { mode: "boolean" }).notNull().default(false),
  /** Retention (docs/data-lifecycle.md): months raw events, sessions and visitors are kept (GA4's longest: 25). */
  retentionMonths: integer("retention_months").notNull().default(25),
  /** Days a delivered webhook's body and its attempts' contact details are kept (the attempt's record stays). */
  deliveryBodyDays: integer("delivery_body_days").notNull().default(30),
  /** Opted out of industry benchmarks (docs/recommendations.md): contributes nothing, receives no peer rows. */
  benchmarkOptOut: integer("benchmark_opt_out", { mode: "boolean" }).notNull().default(false),
  createdAt: integer("created_at").notNull(),
});

export const users = sqliteTable("users", {
  id: text("id").primaryKey(),
  name: text("name").notNull(),
  email: text("email").notNull(),
  /** Argon2id PHC string (Bun.password); null = no password set, sign-in impossible. */
  passwordHash: text("password_hash"),
  emailVerifiedAt: integer("email_verified_at"),
  /** Base32 TOTP secret once two-factor is confirmed. */
  totpSecret: text("totp_secret"),
  /** Base32 secret of an enrolment not yet confirmed with a code. */
  totpPendingSecret: text("totp_pending_secret"),
  /** The last TOTP time step accepted: a code of that step or earlier is refused (replay). */
  totpLastStep: integer("totp_last_step"),
  twoFactorEnabledAt: integer("two_factor_enabled_at"),
  createdAt: integer("created_at").notNull(),
}, (t) => [uniqueIndex("users_email").on(t.email)]);

/** Single-use second-factor codes, stored as SHA-256 like keys. */
export const recoveryCodes = sqliteTable("recovery_codes", {
  hash: text("hash").primaryKey(),
  userId: text("user_id").notNull().references(() => users.id),
  usedAt: integer("used_at"),
  createdAt: integer("created_at").notNull(),
}, (t) => [index("recovery_codes_user").on(t.userId)]);

/** Dashboard sign-ins: the id is the SHA-256 (hex) of the cookie value, which is never stored. */
export const userSessions = sqliteTable("user_sessions", {
  id: text("id").primaryKey(),
  userId: text("user_id").notNull().references(() => users.id),
  createdAt: integer("created_at").notNull(),
  lastSeenAt: integer("last_seen_at").notNull(),
  secondFactorAt: integer("second_factor_at"),
  /** This session enrolled the user's authenticator: the second factor is not missing, but it is no step-up. */
  enrolledAt: integer("enrolled_at"),
  revokedAt: integer("revoked_at"),
  ip: text("ip"),
  userAgent: text("user_agent"),
}, (t) => [index("user_sessions_user").on(t.userId)]);

/**
 * Password and second-factor checks, counted for the sign-in lock (lib/auth/account-lock.ts): a
 * row is written before the check runs and deleted when it succeeds, so a row is a failure or a
 * check still running. Keyed by the e-mail address as typed (lowercased), known or not, so an
 * unknown address locks like a known one, and by the client address (`source`). Rows older than
 * the lock's lookback are deleted as new ones come.
 */
export const signInAttempts = sqliteTable("sign_in_attempts", {
  id: integer("id").primaryKey({ autoIncrement: true }),
  address: text("address").notNull(),
  source: text("source").notNull(),
  at: integer("at").notNull(),
}, (t) => [index("sign_in_attempts_address_at").on(t.address, t.at), index("sign_in_attempts_source_at").on(t.source, t.at), index("sign_in_attempts_at").on(t.at)]);

/** E-mail verification links: the token's SHA-256 (hex), valid 24 h, used once. */
export const emailTokens = sqliteTable("email_tokens", {
  hash: text("hash").primaryKey(),
  userId: text("user_id").notNull().references(() => users.id),
  expiresAt: integer("expires_at").notNull(),
  usedAt: integer("used_at"),
  createdAt: integer("created_at").notNull(),
}, (t) => [index("email_tokens_user").on(t.userId)]);

/**
 * An invitation link (`PUBLIC_URL/accept-invitation?token=…`): SHA-256 of its token, the member it
 * lets set a password, valid 7 days and once. Apart from e-mail verification tokens: those must
 * never set a password.
 */
export const invitations = sqliteTable("invitations", {
  hash: text("hash").primaryKey(),
  orgId: text("org_id").notNull().references(() => orgs.id),
  userId: text("user_id").notNull().references(() => users.id),
  invitedBy: text("invited_by").notNull(),
  expiresAt: integer("expires_at").notNull(),
  usedAt: integer("used_at"),
  createdAt: integer("created_at").notNull(),
}, (t) => [index("invitations_user").on(t.userId)]);

export const memberships = sqliteTable("memberships", {
  orgId: text("org_id").notNull().references(() => orgs.id),
  userId: text("user_id").notNull().references(() => users.id),
  role: text("role").notNull(),
  createdAt: integer("created_at").notNull(),
}, (t) => [primaryKey({ columns: [t.orgId, t.userId] })]);

export const apiKeys = sqliteTable("api_keys", {
  id: text("id").primaryKey(),
  orgId: text("org_id").notNull().references(() => orgs.id),
  /** The creator: the key acts with this user's current role. */
  userId: text("user_id").notNull().references(() => users.id),
  name: text("name").notNull().default(""),
  /** Visible prefix of the secret, e.g. `exk_3kTb9Q`. */
  prefix: text("prefix").notNull(),
  /** SHA-256 (hex) of the whole key; the key itself is never stored. */
  hash: text("hash").notNull(),
  /** JSON array of permission names, or ["*"] for all. */
  permissions: text("permissions").notNull(),
  /** JSON array of site ids, or null for every site of the org. */
  sites: text("sites"),
  expiresAt: integer("expires_at"),
  revokedAt: integer("revoked_at"),
  rotatedAt: integer("rotated_at"),
  lastUsedAt: integer("last_used_at"),
  lastUsedIp: text("last_used_ip"),
  createdAt: integer("created_at").notNull(),
}, (t) => [uniqueIndex("api_keys_hash").on(t.hash), index("api_keys_org").on(t.orgId)]);

export const sites = sqliteTable("sites", {
  id: text("id").primaryKey(),
  orgId: text("org_id").notNull().references(() => orgs.id),
  name: text("name").notNull(),
  siteKey: text("site_key").notNull(),
  domain: text("domain").notNull(),
  timezone: text("timezone").notNull().default("UTC"),
  currency: text("currency").notNull().default("USD"),
  paused: integer("paused", { mode: "boolean" }).notNull().default(false),
  /** JSON consent settings the tracking script reads (docs/tracking.md); {} = defaults. */
  consent: text("consent").notNull().default("{}"),
  createdAt: integer("created_at").notNull(),
}, (t) => [uniqueIndex("sites_site_key").on(t.siteKey), index("sites_org").on(t.orgId)]);

export const domains = sqliteTable("domains", {
  id: text("id").primaryKey(),
  siteId: text("site_id").notNull().references(() => sites.id),
  orgId: text("org_id").notNull().references(() => orgs.id),
  hostname: text("hostname").notNull(),
  isPrimary: integer("is_primary", { mode: "boolean" }).notNull().default(false),
  includeSubdomains: integer("include_subdomains", { mode: "boolean" }).notNull().default(false),
  /** pending | verified | failed */
  status: text("status").notNull().default("pending"),
  method: text("method").notNull().default("dns"),
  /** true when ownership was proven by the DNS record, false when an operator forced it. */
  strong: integer("strong", { mode: "boolean" }).notNull().default(false),
  token: text("token").notNull(),
  verifiedAt: integer("verified_at"),
  createdAt: integer("created_at").notNull(),
}, (t) => [uniqueIndex("domains_site_host").on(t.siteId, t.hostname), index("domains_host").on(t.hostname)]);

/**
 * Short-link slugs of every site (docs/campaigns.md): `GET /l/{slug}` resolves here without
 * opening a tenant file. One instance, one `/l/` namespace: a slug is taken once.
 */
export const shortSlugs = sqliteTable("short_slugs", {
  slug: text("slug").primaryKey(),
  orgId: text("org_id").notNull().references(() => orgs.id),
  siteId: text("site_id").notNull().references(() => sites.id),
  linkId: text("link_id").notNull(),
}, (t) => [index("short_slugs_link").on(t.linkId)]);

/**
 * What leaves a tenant store for benchmarks (docs/recommendations.md): one site's aggregate
 * metrics over a window, written by the nightly job. Aggregates only, never a row.
 */
export const benchmarkInputs = sqliteTable("benchmark_inputs", {
  siteId: text("site_id").notNull(),
  orgId: text("org_id").notNull(),
  industry: text("industry").notNull(),
  /** The window's last day (YYYY-MM-DD, the site's timezone); it spans 28 days. */
  windowTo: text("window_to").notNull(),
  sessions: integer("sessions").notNull(),
  /** JSON object: metric key → value (absent when the site has no data for it). */
  metrics: text("metrics").notNull(),
  computedAt: integer("computed_at").notNull(),
}, (t) => [primaryKey({ columns: [t.siteId, t.windowTo] }), index("benchmark_inputs_industry").on(t.industry, t.windowTo)]);

/** An industry's published percentiles per metric and day, or why they are withheld. */
export const benchmarkResults = sqliteTable("benchmark_results", {
  industry: text("industry").notNull(),
  /** The UTC day the job ran for (YYYY-MM-DD). */
  day: text("day").notNull(),
  metric: text("metric").notNull(),
  orgs: integer("orgs").notNull(),
  eligible: integer("eligible", { mode: "boolean" }).notNull(),
  /** Why not eligible: too_few_orgs | dominant_org | no_data; null when eligible. */
  reason: text("reason"),
  p25: real("p25"),
  p50: real("p50"),
  p75: real("p75"),
  /** The contributing sites' sessions in the window, p25 and p75 (the group's size band). */
  sizeP25: integer("size_p25"),
  sizeP75: integer("size_p75"),
  computedAt: integer("computed_at").notNull(),
}, (t) => [primaryKey({ columns: [t.industry, t.day, t.metric] })]);

/** Timed jobs run once a day across processes: inserting the (job, day) row is the claim. */
export const jobRuns = sqliteTable("job_runs", {
  job: text("job").notNull(),
  day: text("day").notNull(),
  /** Which process claimed it (host:pid). */
  owner: text("owner").notNull(),
  startedAt: integer("started_at").notNull(),
  finishedAt: integer("finished_at"),
  /** JSON summary of what it did, once finished. */
  result: text("result"),
}, (t) => [primaryKey({ columns: [t.job, t.day] })]);
