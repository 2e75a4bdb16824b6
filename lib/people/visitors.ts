import { invalid } from "../errors.ts";
import { NOT_SET } from "../analytics/keyings.ts";
import { nthSmallest } from "../analytics/percentile.ts";
import { reportPeriod } from "../analytics/period.ts";
import type { AnalyticsSite } from "../analytics/site-cache.ts";
import { readRows } from "../db/statements.ts";
import type { SiteData } from "../analytics/site-data.ts";
import { contactFor } from "../privacy/mask.ts";
import { pageWindow } from "../paging.ts";
import { PAGE_SIZE, VISITOR_VIEWS, type VisitorList, type VisitorListItem, type VisitorListQuery } from "./models.ts";
import { peopleOf, type PeopleIndex } from "./people-index.ts";
import { scoreFrom, scoreOf, stageIndex, stageOf, STAGES, tierIndex, tierOf, TIERS, type ScoreFacts, type Stage, type Tier } from "./scoring.ts";
import { visitorFactsOf, type VisitorFacts } from "./visitor-facts.ts";

/**
 * `GET …/visitors` (spec 2.10, 4.9): the visitors with a session in the range who consented to
 * analytics, scored, filtered and paged. One pass over the range's sessions and one over the
 * site's visitors; only the page asked for is sorted and read from the store.
 */

type View = (typeof VISITOR_VIEWS)[number];
const oneOf = <T extends string>(value: string | undefined, field: string, values: readonly T[]): T | undefined => {
  if (value === undefined) return undefined;
  if (!(values as readonly string[]).includes(value)) throw invalid(field, `must be one of ${values.join(", ")}`);
  return value as T;
};

export async function visitorsList(site: AnalyticsSite, query: VisitorListQuery, pii: boolean, now: number): Promise<VisitorList> {
  const view: View = oneOf(query.view, "view", VISITOR_VIEWS) ?? "recent";
  const tier = oneOf<Tier>(query.tier, "tier", TIERS);
  const stage = oneOf<Stage>(query.stage, "stage", STAGES);
  const period = reportPeriod(query, site.timezone, now);
  const { page } = pageWindow(query.page, PAGE_SIZE);
  const data = site.data;
  const facts = visitorFactsOf(data);
  const people = await peopleOf(site.id, data, site.store);
  const byText = query.q !== undefined ? await visitorsMatching(site, people, query.q, pii) : null;

  const active = activeVisitors(data, period.from, period.to, query.channel, query.campaign);
  const tiers = Object.fromEntries(TIERS.map((t) => [t, 0])) as Record<Tier, number>;
  const stages = Object.fromEntries(STAGES.map((s) => [s, 0])) as Record<Stage, number>;
  // One pass over the visitors, on columns: the score is the visitor's session points plus
  // recency and leads (scoring.ts scoreFrom), the stage from revenue, leads and engagement.
  const chosen = new Int32Array(active.length);
  const keys = new Float64Array(active.length);
  let total = 0;
  const minScore = query.minScore ?? 0;
  const { consented, points, lastSeenAt, revenue, engaged } = facts;
  const { leadsByVisitor, identifiedVisitors } = people;
  const wantedTier = tier === undefined ? -1 : TIERS.indexOf(tier);
  const wantedStage = stage === undefined ? -1 : STAGES.indexOf(stage);
  const tierCounts = new Float64Array(TIERS.length);
  const stageCounts = new Float64Array(STAGES.length);
  for (let v = 0; v < active.length; v++) {
    if (active[v] === 0 || consented[v] === 0) continue;
    if (byText && !byText.has(v)) continue;
    const leads = v < leadsByVisitor.length ? leadsByVisitor[v] : 0;
    const score = scoreFrom(points[v], lastSeenAt[v], leads, now);
    if (score < minScore) continue;
    if (view === "hot" && score < 50) continue;
    if (view === "identified" && !(v < identifiedVisitors.length && identifiedVisitors[v] === 1)) continue;
    const t = tierIndex(score);
    const st = stageIndex(revenue[v], leads, engaged[v] === 1);
    if (view === "customers" && STAGES[st] !== "customer") continue;
    // Facets: each counts the list as filtered by everything but itself.
    const tierOk = wantedTier < 0 || t === wantedTier;
    const stageOk = wantedStage < 0 || st === wantedStage;
    if (stageOk) tierCounts[t]++;
    if (tierOk) stageCounts[st]++;
    if (!tierOk || !stageOk) continue;
    chosen[total] = v;
    // Newest activity first; the hot view by score first. Scores fit above 2^43 ms.
    keys[total] = view === "hot" ? score * 2 ** 43 + lastSeenAt[v] : lastSeenAt[v];
    total++;
  }
  TIERS.forEach((t, i) => (tiers[t] = tierCounts[i]));
  STAGES.forEach((st, i) => (stages[st] = stageCounts[i]));
  const onPage = pageOf(chosen.subarray(0, total), keys.subarray(0, total), page);
  return {
    items: await listItems(site, facts, people, onPage, pii, now),
    total,
    page,
    pages: Math.ceil(total / PAGE_SIZE),
    tiers,
    stages,
    currency: site.currency,
    canExport: false,
  };
}

/** Visitors with a session in [from, to] (of the channel and campaign, when given), as marks by visitor seq. */
function activeVisitors(data: SiteData, from: number, to: number, channel?: string, campaign?: string): Uint8Array {
  from |= 0;
  to |= 0;
  const s = data.sessions;
  const marks = new Uint8Array(data.lastOfVisitor.length);
  // -1: no filter; a value the site never saw matches nothing.
  const channelCode = channel === undefined ? -1 : data.dims.channel.codeOf(channel);
  const campaignCode = campaign === undefined ? -1 : data.dims.campaign.codeOf(campaign);
  if ((channel !== undefined && channelCode < 0) || (campaign !== undefined && campaignCode < 0)) return marks;
  const channels = data.dims.channel, campaigns = data.dims.campaign;
  const window = data.sessionWindow(from, to);
  for (let p = window[0] | 0, end = window[1] | 0; p < end; p++) {
    const d = s.day[p];
    if (d < from || d > to) continue;
    if (channelCode >= 0 && channels.at(p) !== channelCode) continue;
    if (campaignCode >= 0 && campaigns.at(p) !== campaignCode) continue;
    marks[s.visitor[p]] = 1;
  }
  return marks;
}

/**
 * `q`: visitors whose id starts with it, or — for a caller who may read contact details — whose
 * leads' name or e-mail contains it. Without `analytics.pii.read` a masked list must not confirm
 * that a given e-mail exists (docs/data-lifecycle.md "Searching people by contact details").
 */
async function visitorsMatching(site: AnalyticsSite, people: PeopleIndex, q: string, pii: boolean): Promise<Set<number>> {
  const needle = q.trim().toLowerCase();
  const out = new Set<number>();
  if (needle === "") return out;
  if (pii) for (const [v, contact] of people.leadsOf) {
    if (contact.name?.toLowerCase().includes(needle) || contact.email?.toLowerCase().includes(needle)) out.add(v);
  }
  // The start of a visitor id: a range of the (site, uid) index, so no scan of every visitor.
  const range = visitorIdRange(needle);
  if (range && site.data.siteRef >= 0) {
    const rows = await readRows(site.store, "SELECT seq FROM visitor_rows WHERE site = ? AND uid BETWEEN ? AND ? LIMIT 10000", [site.data.siteRef, ...range]);
    for (const [seq] of rows as [number][]) out.add(seq);
  }
  return out;
}

/** The uid range of visitor ids starting with `q` (hex digits, dashes ignored); null when `q` cannot start one. */
export function visitorIdRange(q: string): [Buffer, Buffer] | null {
  const hex = q.trim().toLowerCase().replaceAll("-", "");
  if (!/^[0-9a-f]{1,32}$/.test(hex)) return null;
  return [Buffer.from(hex.padEnd(32, "0"), "hex"), Buffer.from(hex.padEnd(32, "f"), "hex")];
}

/** The visitors of one page, by descending key (ties: the later visitor first), without sorting the rest. */
function pageOf(chosen: Int32Array, keys: Float64Array, page: number): number[] {
  const end = Math.min(chosen.length, page * PAGE_SIZE);
  const start = (page - 1) * PAGE_SIZE;
  if (start >= end) return [];
  // The end-th largest key bounds the page; only those at or above it are sorted.
  const threshold = nthSmallest(keys.slice(), chosen.length - end);
  const top: number[] = [];
  for (let i = 0; i < chosen.length; i++) if (keys[i] >= threshold) top.push(i);
  top.sort((a, b) => keys[b] - keys[a] || chosen[b] - chosen[a]);
  return top.slice(start, end).map((i) => chosen[i]);
}

async function listItems(site: AnalyticsSite, facts: VisitorFacts, people: PeopleIndex, visitors: number[], pii: boolean, now: number): Promise<VisitorListItem[]> {
  if (visitors.length === 0) return [];
  const uuids = await visitorUuids(site, visitors);
  const data = site.data;
  const f = {} as ScoreFacts;
  return visitors.map((v) => {
    const leads = people.leadCount(v);
    facts.factsOf(v, leads, f);
    const score = scoreOf(f, now);
    const contact = contactFor({ name: people.leadsOf.get(v)?.name ?? null, email: people.leadsOf.get(v)?.email ?? null }, pii);
    const first = firstSessionOf(data, v);
    const last = data.lastOfVisitor[v];
    return {
      visitorId: uuids.get(v)!,
      name: contact.name,
      email: contact.email,
      leadScore: score,
      tier: tierOf(score),
      stage: stageOf(f),
      sessions: facts.sessions[v],
      pageviews: facts.pageviews[v],
      conversions: facts.conversions[v],
      revenue: Math.round(facts.revenue[v] * 100) / 100,
      country: data.dims.country.keys[data.dims.country.at(last)],
      device: data.dims.device.keys[data.dims.device.at(last)],
      firstSeenAt: new Date(facts.firstSeenAt[v]).toISOString(),
      lastSeenAt: new Date(facts.lastSeenAt[v]).toISOString(),
      firstTouch: touchOf(data, first),
      lastTouch: touchOf(data, last),
    };
  });
}

export function firstSessionOf(data: SiteData, v: number): number {
  let p = data.lastOfVisitor[v];
  while (data.prevOfVisitor[p] >= 0) p = data.prevOfVisitor[p];
  return p;
}

/** A session's channel, source and campaign, with GA4's placeholders for none. */
export function touchOf(data: SiteData, p: number) {
  const key = (dim: "channel" | "source" | "campaign") => data.dims[dim].keys[data.dims[dim].at(p)];
  return { channel: key("channel") ?? "unassigned", source: key("source") ?? "(direct)", campaign: key("campaign") ?? NOT_SET };
}

/** Visitor UUIDs for visitor seqs (read by the site's data, which keeps them). */
export async function visitorUuids(site: AnalyticsSite, visitors: number[]): Promise<Map<number, string>> {
  await site.data.loadVisitorIds(site.store, visitors);
  return new Map(visitors.map((v) => [v, site.data.visitorUuid(v)]));
}
