import { readRows } from "../../db/statements.ts";
import { peopleOf } from "../../people/people-index.ts";
import { scoreFrom, tierIndex, TIERS } from "../../people/scoring.ts";
import { visitorFactsOf } from "../../people/visitor-facts.ts";
import { contactFor } from "../../privacy/mask.ts";
import { rowsInMemory, type ReportRow, type ReportRun } from "../report.ts";
import { isoAt, visitorIdOf } from "./keyset.ts";

/** hot and very_hot: a score of 50 or more (scoring.ts tierIndex). */
const HOT = TIERS.indexOf("hot");
/** Leads read back by rowid this many at a time. */
const CHUNK = 500;

type Raw = [rowid: number, createdAt: number, id: string, name: string | null, email: string | null, phone: string | null, company: string | null, source: string, channel: string | null, visitor: number, visitorHex: string | null];

/**
 * `hot_leads`: the leads captured in the range whose visitor scores hot or very hot today — the
 * visitor's score exactly as the visitors list computes it (scoring.ts `scoreFrom` over the
 * visitor's session points, last activity and lead count) — highest score first, then newest.
 * A lead without a visitor, or whose visitor never gave analytics consent, has no score (the
 * visitors list leaves such visitors out too) and is not listed. A visitor with two leads in
 * the range is two rows.
 */
export const hotLeadsReport: ReportRun = async ({ site, period, piiAccess, now, analytics }) => {
  const { data, store } = await analytics();
  const facts = visitorFactsOf(data);
  const people = await peopleOf(site.id, data, store);
  const { start, end } = period.range;
  const candidates = (await readRows(store, "SELECT rowid, visitor FROM leads WHERE site_id = ? AND created_at >= ? AND created_at < ? AND visitor IS NOT NULL", [site.id, start, end])) as [number, number][];
  const scoreOf = new Map<number, number>();
  const hot: number[] = [];
  for (const [rowid, v] of candidates) {
    if (v >= facts.sessions.length || facts.sessions[v] === 0 || facts.consented[v] === 0) continue;
    let score = scoreOf.get(v);
    if (score === undefined) scoreOf.set(v, (score = scoreFrom(facts.points[v], facts.lastSeenAt[v], people.leadCount(v), now)));
    if (tierIndex(score) >= HOT) hot.push(rowid);
  }
  const leads: Raw[] = [];
  for (let i = 0; i < hot.length; i += CHUNK) {
    const ids = hot.slice(i, i + CHUNK);
    const rows = (await readRows(
      store,
      `SELECT l.rowid, l.created_at, l.id, l.name, l.email, l.phone, l.company, l.source, l.channel, l.visitor, nullif(lower(hex(v.uid)), '')
       FROM leads l LEFT JOIN visitor_rows v ON v.seq = l.visitor WHERE l.rowid IN (${ids.map(() => "?").join(",")})`,
      ids,
    )) as Raw[];
    leads.push(...rows);
  }
  leads.sort((a, b) => scoreOf.get(b[9])! - scoreOf.get(a[9])! || b[1] - a[1] || (a[2] < b[2] ? 1 : a[2] > b[2] ? -1 : 0));
  return rowsInMemory(
    leads.map(([, createdAt, , name, email, phone, company, source, channel, v, visitorHex]): ReportRow => {
      const score = scoreOf.get(v)!;
      return {
        score,
        tier: TIERS[tierIndex(score)],
        ...contactFor({ name, email, phone, company }, piiAccess),
        createdAt: isoAt(createdAt),
        lastSeenAt: isoAt(facts.lastSeenAt[v]),
        sessions: facts.sessions[v],
        conversions: facts.conversions[v],
        source,
        channel,
        visitorId: visitorIdOf(visitorHex),
      };
    }),
  );
};
