import { desc, inArray } from "drizzle-orm";
import { leads } from "../db/tenant-schema.ts";
import { ApiError, invalid } from "../errors.ts";
import { uuidOfHex } from "../ids.ts";
import type { AnalyticsSite } from "../analytics/site-cache.ts";
import { readRows } from "../db/statements.ts";
import { CONVERSION, PAGEVIEW, type SiteData } from "../analytics/site-data.ts";
import { asMoney, asSeconds } from "../analytics/metrics.ts";
import { NOT_SET } from "../analytics/keyings.ts";
import { contactFor } from "../privacy/mask.ts";
import type { VisitorProfile } from "./models.ts";
import { leadItem } from "./leads.ts";
import { peopleOf } from "./people-index.ts";
import { identityLinks } from "./identity.ts";
import { readProgram } from "../lifecycle/read-program.ts";
import { intentOf, leadScore, scoreOf, stageOf, tierOf, type ScoreFacts } from "./scoring.ts";
import { visitorFactsOf } from "./visitor-facts.ts";
import { visitorUuids } from "./visitors.ts";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** Sessions listed in a profile (the totals and the score count all of them). */
const MAX_SESSIONS = 100;
/** A person is at most this many linked visitor ids (a shared device or a shared user id can link many). */
const MAX_LINKED = 100;

/**
 * `GET …/visitors/{visitorId}`: the person behind a visitor id — every visitor id linked to it
 * by identify() user ids (never by what a visitor typed: lib/people/identity.ts), their sessions with pages and sources,
 * campaigns, conversions, leads, the lead score with its reasons and history. Contact details
 * are masked without `analytics.pii.read`; a visitor without analytics consent is not found.
 */
export async function visitorProfile(site: AnalyticsSite, visitorId: string, pii: boolean, now: number): Promise<VisitorProfile> {
  if (!UUID.test(visitorId)) throw invalid("visitorId", "must be a UUID");
  const data = site.data;
  const notFound = () => new ApiError("NOT_FOUND", "Visitor not found", [{ path: "visitorId", message: "no consenting visitor of this site has this id" }]);
  if (data.siteRef < 0) throw notFound();
  const uid = Buffer.from(visitorId.replaceAll("-", ""), "hex");
  const found = (await readRows(site.store, "SELECT seq FROM visitor_rows WHERE site = ? AND uid = ?", [data.siteRef, uid]))[0]?.[0] as number | undefined;
  const facts = visitorFactsOf(data);
  if (found === undefined || found >= data.lastOfVisitor.length || facts.consented[found] !== 1) throw notFound();

  const people = await peopleOf(site.id, data, site.store);
  const linked = (await linkedVisitors(site, found)).filter((v) => v < data.lastOfVisitor.length && facts.consented[v] === 1);
  const sessions = linked.flatMap((v) => data.sessionsOf(v)).sort((a, b) => data.sessions.startedAt[a] - data.sessions.startedAt[b] || a - b);
  const leadRows = await site.store.db.select().from(leads).where(inArray(leads.visitor, linked)).orderBy(desc(leads.createdAt), desc(leads.id));

  // The person's facts, session by session: the score as each session ended, and at the end.
  const person: ScoreFacts = { lastSeenAt: 0, sessions: 0, pageviews: 0, engagedMs: 0, intent: 0, conversions: 0, revenue: 0, leads: 0, engaged: false };
  const leadTimes = leadRows.map((l) => l.createdAt).sort((a, b) => a - b);
  const s = data.sessions;
  const pv = data.table(PAGEVIEW);
  const scoreHistory: VisitorProfile["scoreHistory"] = [];
  const pagesOf = new Map<number, { path: string; title: string | null; at: string }[]>();
  for (const p of sessions) {
    const pages: { path: string; title: string | null; at: string }[] = [];
    for (const e of data.eventsOf(p)) {
      if (data.events.type[e] !== PAGEVIEW) continue;
      const row = data.rowOf(e);
      const path = data.paths.keys[pv.path[row]] ?? NOT_SET;
      person.intent |= intentOf(path);
      pages.push({ path, title: data.titleOf(pv.path[row]), at: new Date(pv.ts.at(row)).toISOString() });
    }
    pagesOf.set(p, pages);
    person.sessions++;
    person.pageviews += s.pageviews[p];
    person.engagedMs += s.engagedMs[p];
    person.conversions += s.conversions[p];
    person.revenue += s.revenue[p];
    person.engaged ||= s.engaged[p] === 1;
    const lastAt = data.lastAtOf(p);
    person.lastSeenAt = Math.max(person.lastSeenAt, lastAt);
    person.leads = leadTimes.filter((at) => at <= lastAt).length;
    const score = scoreOf(person, lastAt);
    scoreHistory.push({ at: new Date(lastAt).toISOString(), score, tier: tierOf(score) });
  }
  person.leads = leadRows.length;
  const { score, reasons } = leadScore(person, now);

  const shown = sessions.slice(-MAX_SESSIONS).reverse();
  const [sessionIds, visitorIds] = await Promise.all([sessionUuids(site, [...shown, ...conversionSessions(data, sessions)]), visitorUuids(site, linked)]);
  const latest = leadRows[0];
  const contact = contactFor({ name: latest?.name ?? null, email: latest?.email ?? null }, pii);
  const key = (dim: Parameters<typeof dimOf>[1], p: number) => dimOf(data, dim, p);
  return {
    visitorId: visitorIds.get(found)!,
    visitorIds: [found, ...linked.filter((v) => v !== found)].map((v) => visitorIds.get(v)!),
    userId: people.userOf.has(found) ? data.text(people.userOf.get(found)!) : null,
    name: contact.name,
    email: contact.email,
    leadScore: score,
    tier: tierOf(score),
    stage: stageOf(person),
    reasons,
    scoreHistory,
    firstSeenAt: new Date(s.startedAt[sessions[0]]).toISOString(),
    lastSeenAt: new Date(person.lastSeenAt).toISOString(),
    totals: { sessions: person.sessions, pageviews: person.pageviews, engagedSeconds: asSeconds(person.engagedMs), conversions: person.conversions, revenue: asMoney(person.revenue) },
    currency: site.currency,
    sessions: shown.map((p) => ({
      id: sessionIds.get(p)!,
      visitorId: visitorIds.get(s.visitor[p])!,
      startedAt: new Date(s.startedAt[p]).toISOString(),
      lastAt: new Date(data.lastAtOf(p)).toISOString(),
      pageviews: s.pageviews[p],
      engagedSeconds: asSeconds(s.engagedMs[p]),
      engaged: s.engaged[p] === 1,
      conversions: s.conversions[p],
      revenue: asMoney(s.revenue[p]),
      channel: key("channel", p) ?? "unassigned",
      source: key("source", p),
      medium: key("medium", p),
      campaign: key("campaign", p),
      referrer: key("referrer_host", p),
      landing: key("landing", p),
      exit: key("exit", p),
      device: key("device", p),
      browser: key("browser", p),
      os: key("os", p),
      country: key("country", p),
      region: key("region", p),
      city: key("city", p),
      pages: pagesOf.get(p)!,
    })),
    campaigns: campaignsOf(data, sessions),
    conversions: conversionsOf(data, sessions, sessionIds, site.currency),
    leads: leadRows.map((row) => leadItem(row, pii)),
    pii: pii && (leadRows.length > 0 || latest !== undefined),
  };
}

const dimOf = (data: SiteData, dim: keyof SiteData["dims"], p: number): string | null => data.dims[dim].keys[data.dims[dim].at(p)];

/** The visitor and every visitor linked to it by identify() user ids (lib/people/identity.ts, the one rule), at most MAX_LINKED. */
async function linkedVisitors(site: AnalyticsSite, start: number): Promise<number[]> {
  const links = await readProgram(site.store, identityLinks(site.data.siteRef, { visitors: [start], users: [] }, MAX_LINKED));
  return [...links.visitors].slice(0, MAX_LINKED);
}

async function sessionUuids(site: AnalyticsSite, positions: number[]): Promise<Map<number, string>> {
  if (positions.length === 0) return new Map();
  const s = site.data.sessions;
  const bySeq = new Map(positions.map((p) => [s.seq[p], p]));
  const rows = await readRows(site.store, `SELECT seq, lower(hex(uid)) FROM session_rows WHERE seq IN (${[...bySeq.keys()].join(",")})`, []);
  return new Map(
    (rows as [number, string][]).map(([seq, hex]) => [bySeq.get(seq)!, uuidOfHex(hex)]),
  );
}

/** Sessions with conversions (their ids are shown with the conversions). */
const conversionSessions = (data: SiteData, sessions: number[]) => sessions.filter((p) => data.sessions.conversions[p] > 0);

function campaignsOf(data: SiteData, sessions: number[]): VisitorProfile["campaigns"] {
  const byKey = new Map<string, VisitorProfile["campaigns"][number]>();
  for (const p of sessions) {
    const campaign = dimOf(data, "campaign", p);
    // Only real campaigns: sessions without one read "(not set)".
    if (campaign === null || campaign === NOT_SET) continue;
    const source = dimOf(data, "source", p) ?? NOT_SET;
    const medium = dimOf(data, "medium", p) ?? NOT_SET;
    const at = new Date(data.sessions.startedAt[p]).toISOString();
    const k = `${campaign}\u0000${source}\u0000${medium}`;
    const c = byKey.get(k);
    if (c) (c.sessions++, (c.lastAt = at));
    else byKey.set(k, { campaign, source, medium, sessions: 1, firstAt: at, lastAt: at });
  }
  return [...byKey.values()];
}

function conversionsOf(data: SiteData, sessions: number[], sessionIds: Map<number, string>, siteCurrency: string): VisitorProfile["conversions"] {
  const t = data.table(CONVERSION);
  const out: (VisitorProfile["conversions"][number] & { ts: number })[] = [];
  for (const p of conversionSessions(data, sessions)) {
    for (const e of data.eventsOf(p)) {
      if (data.events.type[e] !== CONVERSION) continue;
      const row = data.rowOf(e);
      out.push({ name: data.labels.keys[t.name[row]] ?? NOT_SET, value: asMoney(t.value[row]), currency: data.text(t.aux[row]) ?? siteCurrency, at: new Date(t.ts.at(row)).toISOString(), sessionId: sessionIds.get(p)!, ts: t.ts.at(row) });
    }
  }
  return out.sort((a, b) => b.ts - a.ts).map(({ ts: _, ...c }) => c);
}
