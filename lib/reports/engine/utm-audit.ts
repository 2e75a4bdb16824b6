import { PAID_CHANNELS } from "../../channels.ts";
import type { SessionDim } from "../../db/session-row.ts";
import { NOT_SET } from "../../analytics/engine.ts";
import type { SiteData } from "../../analytics/site-data.ts";
import { rowsInMemory, type Cell, type ReportRow, type ReportRun } from "../report.ts";
import { rowOf } from "./rows.ts";

/**
 * UTM tagging problems of the range's sessions (docs/reports.md "utm_audit"), by kind in this
 * order: paid traffic without a campaign, values that differ only in case, a source without a
 * medium, and source / medium pairs GA4's rules file under Unassigned. Each row names the
 * landing page most of its sessions started on.
 */
const ISSUES = ["untagged_paid", "inconsistent_case", "missing_medium", "unassigned"] as const;
type Issue = (typeof ISSUES)[number];
/** The UTM fields compared for case (ingest lower-cases source and medium, so in practice campaigns differ). */
const CASED: readonly ("source" | "medium" | "campaign")[] = ["source", "medium", "campaign"];

interface Finding {
  issue: Issue;
  field: string;
  value: string | null;
  source: string | null;
  medium: string | null;
  campaign: string | null;
  suggestion: string;
  sessions: number;
  /** Traffic tuples (SiteData's traffic TupleGroup ids) whose sessions it counts. */
  tuples: number[];
}

/** A traffic tuple's values (channel, source, medium, campaign as reports show them) and its sessions in the range. */
interface Traffic {
  tuple: number;
  channel: string;
  source: string;
  medium: string;
  campaign: string;
  sessions: number;
}

export const utmAudit: ReportRun = async (input) => {
  const site = await input.analytics();
  const data = site.data;
  const { from, to } = input.period;
  const traffic = trafficInRange(data, from, to);
  const findings = [...untaggedPaid(traffic), ...inconsistentCase(traffic), ...missingMedium(traffic), ...unassigned(traffic)];
  const landings = topLandings(data, from, to, findings);
  return rowsInMemory(findings.map((f, i): ReportRow => rowOf("utm_audit", { ...cellsOf(f), landing: landings[i] })));
};

const cellsOf = ({ issue, field, value, source, medium, campaign, suggestion, sessions }: Finding): Record<string, Cell> => ({ issue, field, value, source, medium, campaign, suggestion, sessions });

/** Sessions of the range per traffic tuple (channel, source, medium, campaign, term, content, referrer). */
function trafficInRange(data: SiteData, from: number, to: number): Traffic[] {
  const group = data.dims.channel.group;
  const sessions = new Float64Array(group.count);
  const tuples = group.tuples;
  const day = data.sessions.day;
  const [start, end] = data.sessionWindow(from, to);
  for (let p = start; p < end; p++) if (day[p] >= from && day[p] <= to) sessions[tuples[p]]++;
  const text = (dim: SessionDim, tuple: number) => data.dims[dim].keys[data.dims[dim].ofTuple[tuple]] ?? NOT_SET;
  const out: Traffic[] = [];
  for (let tuple = 0; tuple < group.count; tuple++) {
    if (sessions[tuple] > 0) out.push({ tuple, channel: text("channel", tuple), source: text("source", tuple), medium: text("medium", tuple), campaign: text("campaign", tuple), sessions: sessions[tuple] });
  }
  return out;
}

/** Tuples gathered under a key, with their sessions added up; most sessions first, then by key. */
function gather(traffic: Traffic[], keep: (t: Traffic) => boolean, keyOf: (t: Traffic) => string[]): { parts: string[]; sessions: number; tuples: number[] }[] {
  const groups = new Map<string, { parts: string[]; sessions: number; tuples: number[] }>();
  for (const t of traffic) {
    if (!keep(t)) continue;
    const parts = keyOf(t);
    const key = parts.join("\u0000");
    const g = groups.get(key) ?? { parts, sessions: 0, tuples: [] };
    g.sessions += t.sessions;
    g.tuples.push(t.tuple);
    groups.set(key, g);
  }
  return [...groups.entries()].sort(([ka, a], [kb, b]) => b.sessions - a.sessions || (ka < kb ? -1 : 1)).map(([, g]) => g);
}

/** Sessions of a paid channel whose campaign was not set (a click id without UTM tags), by source / medium. */
function untaggedPaid(traffic: Traffic[]): Finding[] {
  return gather(traffic, (t) => PAID_CHANNELS.has(t.channel) && t.campaign === NOT_SET, (t) => [t.source, t.medium]).map(({ parts: [source, medium], sessions, tuples }) => ({
    issue: "untagged_paid", field: "campaign", value: null, source, medium, campaign: NOT_SET, sessions, tuples,
    suggestion: "Add utm_source, utm_medium and utm_campaign to the ads' landing URLs (or their tracking template)",
  }));
}

/** UTM values that differ from another only by letter case: a row per spelling, naming the most used one. */
function inconsistentCase(traffic: Traffic[]): Finding[] {
  return CASED.flatMap((field) => {
    const spellings = gather(traffic, (t) => t[field] !== NOT_SET, (t) => [t[field].toLowerCase(), t[field]]);
    const byLower = Map.groupBy(spellings, (s) => s.parts[0]);
    return [...byLower.keys()].sort().flatMap((lower) => {
      const variants = byLower.get(lower)!;
      if (variants.length < 2) return [];
      // gather() ordered them by sessions, then by spelling: the first is the most used.
      const best = variants[0].parts[1];
      return variants.map(({ parts: [, value], sessions, tuples }): Finding => ({
        issue: "inconsistent_case", field, value, source: null, medium: null, campaign: null, sessions, tuples,
        [field]: value,
        suggestion: value === best ? `Most used spelling: write "${best}" everywhere` : `Write "${best}" (the most used spelling) instead of "${value}"`,
      }));
    });
  });
}

/** utm_source sent without utm_medium, by source and campaign. */
function missingMedium(traffic: Traffic[]): Finding[] {
  return gather(traffic, (t) => t.source !== NOT_SET && t.medium === NOT_SET, (t) => [t.source, t.campaign]).map(({ parts: [source, campaign], sessions, tuples }) => ({
    issue: "missing_medium", field: "medium", value: null, source, medium: NOT_SET, campaign, sessions, tuples,
    suggestion: `Add utm_medium (cpc, email, social, referral, affiliate, display…) to the links tagged utm_source=${source}`,
  }));
}

/** Source / medium pairs GA4's channel rules file under Unassigned (a missing medium is reported above instead). */
function unassigned(traffic: Traffic[]): Finding[] {
  return gather(traffic, (t) => t.channel === "unassigned" && t.medium !== NOT_SET, (t) => [t.source, t.medium]).map(({ parts: [source, medium], sessions, tuples }) => ({
    issue: "unassigned", field: "medium", value: medium, source, medium, campaign: null, sessions, tuples,
    suggestion: `No default channel takes the medium "${medium}": use one GA4 knows (cpc, email, social, referral, affiliate, display…)`,
  }));
}

/** Each finding's top landing page: most of its sessions started there (then by path). One pass over the range's sessions. */
function topLandings(data: SiteData, from: number, to: number, findings: Finding[]): string[] {
  const rowsOfTuple = new Map<number, number[]>();
  findings.forEach((f, i) => f.tuples.forEach((t) => rowsOfTuple.set(t, [...(rowsOfTuple.get(t) ?? []), i])));
  const counts = findings.map(() => new Map<number, number>());
  const group = data.dims.channel.group;
  const tuples = group.tuples;
  // Most sessions belong to no finding: a mark per tuple skips them without a map lookup.
  const flagged = new Uint8Array(group.count);
  for (const t of rowsOfTuple.keys()) flagged[t] = 1;
  const landing = data.dims.landing;
  const day = data.sessions.day;
  const [start, end] = data.sessionWindow(from, to);
  for (let p = start; p < end; p++) {
    if (flagged[tuples[p]] === 0 || day[p] < from || day[p] > to) continue;
    const rows = rowsOfTuple.get(tuples[p])!;
    const page = landing.at(p);
    for (const i of rows) counts[i].set(page, (counts[i].get(page) ?? 0) + 1);
  }
  const path = (code: number) => landing.keys[code] ?? NOT_SET;
  return counts.map((c) => {
    let best = -1;
    for (const [code, n] of c) if (best < 0 || n > c.get(best)! || (n === c.get(best)! && path(code) < path(best))) best = code;
    return best < 0 ? NOT_SET : path(best);
  });
}
