import { readRows } from "../../db/statements.ts";
import { peopleOf } from "../../people/people-index.ts";
import { scoreFrom, tierIndex, TIERS } from "../../people/scoring.ts";
import { visitorFactsOf } from "../../people/visitor-facts.ts";
import { contactFor } from "../../privacy/mask.ts";
import { rowsInMemory, type ReportRow, type ReportRun } from "../report.ts";
import { isoAt } from "../../time.ts";
import { visitorIdOf } from "./keyset.ts";

/** hot and very_hot: a score of 50 or more (scoring.ts tierIndex). */
const HOT = TIERS.indexOf("hot");
/** Hot visitors whose leads are read at once. */
const CHUNK = 500;

type Raw = [createdAt: number, id: string, name: string | null, email: string | null, phone: string | null, company: string | null, source: string, channel: string | null, visitor: number, visitorHex: string | null];

/**
 * `hot_leads`: the leads captured in the range whose visitor scores hot or very hot today — the
 * visitor's score exactly as the visitors list computes it (scoring.ts `scoreFrom` over the
 * visitor's session points, last activity and lead count) — highest score first, then newest.
 * A lead without a visitor, or whose visitor never gave analytics consent, has no score (the
 * visitors list leaves such visitors out too) and is not listed. A visitor with two leads in
 * the range is two rows. The hot visitors are found on the columns first (few among many), and
 * only their leads are read, by the visitor index.
 */
export const hotLeadsReport: ReportRun = async ({ site, period, piiAccess, now, analytics }) => {
  const { data, store } = await analytics();
  const facts = visitorFactsOf(data);
  const people = await peopleOf(site.id, data, store);
  const scoreOf = new Map<number, number>();
  const { sessions, consented, points, lastSeenAt } = facts;
  for (let v = 0; v < sessions.length; v++) {
    if (sessions[v] === 0 || consented[v] === 0) continue;
    const leads = people.leadCount(v);
    if (leads === 0) continue;
    const score = scoreFrom(points[v], lastSeenAt[v], leads, now);
    if (tierIndex(score) >= HOT) scoreOf.set(v, score);
  }
  const hot = [...scoreOf.keys()];
  const { start, end } = period.range;
  const leads: Raw[] = [];
  for (let i = 0; i < hot.length; i += CHUNK) {
    const visitors = hot.slice(i, i + CHUNK);
    const rows = (await readRows(
      store,
      `SELECT l.created_at, l.id, l.name, l.email, l.phone, l.company, l.source, l.channel, l.visitor, nullif(lower(hex(v.uid)), '')
       FROM leads l LEFT JOIN visitor_rows v ON v.seq = l.visitor
       WHERE l.visitor IN (${visitors.map(() => "?").join(",")}) AND l.site_id = ? AND l.created_at >= ? AND l.created_at < ?`,
      [...visitors, site.id, start, end],
    )) as Raw[];
    leads.push(...rows);
  }
  leads.sort((a, b) => scoreOf.get(b[8])! - scoreOf.get(a[8])! || b[0] - a[0] || (a[1] < b[1] ? 1 : a[1] > b[1] ? -1 : 0));
  return rowsInMemory(
    leads.map(([createdAt, , name, email, phone, company, source, channel, v, visitorHex]): ReportRow => {
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
