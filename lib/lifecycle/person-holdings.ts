import type { Arg } from "../db/statements.ts";
import { SESSION_ROW } from "../db/session-row.ts";
import type { Person } from "./person-find.ts";

/**
 * Every table that holds rows about a person, once: how to list them (the export) and how to
 * delete them (the erasure) use the same condition, so the two can never disagree. In erasure
 * order: rows that point at others (events at sessions, attempts at deliveries, deliveries and
 * spins at leads) go before what they point at.
 *
 * Kept on purpose (docs/data-lifecycle.md "What erasure keeps"): aggregate counters with no
 * person in them (site_hits, site_hit_minutes, popup_days, spin_slices.awarded), a won coupon's
 * `coupon_codes.spin_id` (the code stays handed out, so it is never given to someone else), and
 * `conversion_orders` (the shop's order id, so a replayed order is not counted twice).
 */
export interface Holding {
  /** The key in the export and in the counts. */
  key: HoldingKey;
  table: string;
  /** The rows' condition; its SQL refers to the table as `t`. */
  where: (p: Person) => { sql: string; args: Arg[] };
  /** The export's columns (over `t`), their values in the person's terms: UUIDs and texts, not seqs. */
  columns: string;
  order: string;
}

export const HOLDING_KEYS = [
  "events", "recentEvents", "consentRecords", "identityLinks", "shortLinkSessions", "popupExposures",
  "deliveryAttempts", "deliveries", "spins", "leads", "sessions", "visitors",
] as const;
export type HoldingKey = (typeof HOLDING_KEYS)[number];

const json = (values: Iterable<unknown>) => JSON.stringify([...values]);
const IN = (column: string) => `${column} IN (SELECT value FROM json_each(?))`;
const text = (column: string) => `(SELECT value FROM strings WHERE id = ${column})`;
const uuidOf = (hex: string) => `lower(hex(${hex}))`;
const sessionUid = (seq: string) => `(SELECT ${uuidOf("uid")} FROM session_rows WHERE seq = ${seq})`;
const visitorUid = (seq: string) => `(SELECT ${uuidOf("uid")} FROM visitor_rows WHERE seq = ${seq})`;

const bySessions = (p: Person) => ({ sql: `t.site = ? AND ${IN("t.session")}`, args: [p.siteRef, json(p.sessions)] });
const byLeads = (p: Person) => ({ sql: IN("t.lead_id"), args: [json(p.leadIds)] });

const SESSION_COLUMNS = SESSION_ROW.filter((c) => !["seq", "site", "uid", "visitor"].includes(c.column))
  .map((c) => (c.type === "text-ref" ? `${text(`t.${c.column}`)} AS ${c.column}` : `t.${c.column}`))
  .join(", ");

export const HOLDINGS: readonly Holding[] = [
  {
    key: "events",
    table: "event_rows",
    // event_rows has no index but its key: one pass over the table.
    where: bySessions,
    columns: `${sessionUid("t.session")} AS session_id, t.ts, t.type, ${text("t.name")} AS name, ${text("t.path")} AS path, ${text("t.title")} AS title, ${text("t.href")} AS href, t.value, ${text("t.currency")} AS currency, t.order_id, t.props`,
    order: "t.seq",
  },
  { key: "recentEvents", table: "recent_events", where: bySessions, columns: `${sessionUid("t.session")} AS session_id, t.ts, t.type, ${text("t.path")} AS path`, order: "t.ts" },
  {
    key: "consentRecords",
    table: "consent_rows",
    where: (p) => ({ sql: `t.site = ? AND (${IN("t.visitor")} OR ${IN("t.session")})`, args: [p.siteRef, json(p.visitors.keys()), json(p.sessions)] }),
    columns: `t.at, ${visitorUid("t.visitor")} AS visitor_id, ${sessionUid("t.session")} AS session_id, t.analytics, t.marketing, ${text("t.path")} AS path`,
    order: "t.seq",
  },
  {
    key: "identityLinks",
    table: "identity_rows",
    where: (p) => ({ sql: `t.site = ? AND ${IN("t.visitor")}`, args: [p.siteRef, json(p.visitors.keys())] }),
    columns: `${text("t.user")} AS user_id, ${visitorUid("t.visitor")} AS visitor_id, t.first_at`,
    order: "t.first_at",
  },
  {
    key: "shortLinkSessions",
    table: "short_link_sessions",
    where: (p) => ({ sql: `t.site_id = ? AND (${IN("t.visitor_seq")} OR ${IN("t.session_seq")})`, args: [p.siteId, json(p.visitors.keys()), json(p.sessions)] }),
    columns: `t.click_id, t.link_id, ${sessionUid("t.session_seq")} AS session_id, ${visitorUid("t.visitor_seq")} AS visitor_id, t.at`,
    order: "t.at",
  },
  {
    key: "popupExposures",
    table: "popup_exposures",
    where: (p) => ({ sql: `${IN("t.visitor")} AND t.popup_id IN (SELECT id FROM popups WHERE site_id = ?)`, args: [json(p.visitors.keys()), p.siteId] }),
    columns: `t.popup_id, ${visitorUid("t.visitor")} AS visitor_id, t.variant, t.first_at, t.views, t.closes, t.lead_at`,
    order: "t.first_at",
  },
  {
    key: "deliveryAttempts",
    table: "delivery_attempts",
    where: (p) => ({ sql: `t.delivery_id IN (SELECT id FROM deliveries WHERE ${IN("lead_id")})`, args: [json(p.leadIds)] }),
    columns: "t.delivery_id, t.attempt, t.at, t.status, t.error, t.ms",
    order: "t.delivery_id, t.attempt",
  },
  {
    key: "deliveries",
    table: "deliveries",
    where: byLeads,
    columns: "t.id, t.integration_id, t.lead_id, t.event, t.body, t.status, t.attempts, t.last_attempt_at, t.last_status, t.last_error, t.created_at, t.delivered_at",
    order: "t.created_at, t.id",
  },
  {
    key: "spins",
    table: "spins",
    // By e-mail only when the operator asked for that address: an e-mail in a visitor's lead was typed, it proves nothing.
    where: (p) => ({
      sql: `t.wheel_id IN (SELECT id FROM spin_wheels WHERE site_id = ?) AND (${IN("t.visitor_uid")} OR lower(t.email) = ? OR ${IN("t.lead_id")})`,
      args: [p.siteId, json(p.visitors.values()), p.email, json(p.leadIds)],
    }),
    columns: "t.id, t.wheel_id, t.created_at, t.visitor_uid, t.email, t.slice, t.code, t.expires_at, t.lead_id",
    order: "t.created_at, t.id",
  },
  {
    key: "leads",
    table: "leads",
    where: (p) => ({ sql: IN("t.id"), args: [json(p.leadIds)] }),
    columns: `t.id, t.created_at, t.source, t.source_name, t.external_id, t.name, t.email, t.phone, t.company, t.message, t.extra, ${visitorUid("t.visitor")} AS visitor_id, t.path, t.country, t.channel, t.campaign, t.source_medium`,
    order: "t.created_at, t.id",
  },
  {
    key: "sessions",
    table: "session_rows",
    where: (p) => ({ sql: `t.site = ? AND ${IN("t.seq")}`, args: [p.siteRef, json(p.sessions)] }),
    columns: `${uuidOf("t.uid")} AS session_id, ${visitorUid("t.visitor")} AS visitor_id, ${SESSION_COLUMNS}`,
    order: "t.started_at, t.seq",
  },
  {
    key: "visitors",
    table: "visitor_rows",
    where: (p) => ({ sql: `t.site = ? AND ${IN("t.seq")}`, args: [p.siteRef, json(p.visitors.keys())] }),
    columns: `${uuidOf("t.uid")} AS visitor_id, t.first_seen_at, t.last_seen_at, t.sessions, ${text("t.user")} AS user_id, t.consented`,
    order: "t.seq",
  },
];
