import type { Finding, SiteFacts } from "../facts.ts";
import { count, list } from "./format.ts";
import { scoreOf } from "./score.ts";

const MIN_SESSIONS = 200;

/** A top-5 referrer with ≥ 200 sessions and no conversion. */
export function referrerNeverConverts(facts: SiteFacts): Finding | null {
  const referrers = facts.referrers.slice(0, 5).filter((r) => r.sessions >= MIN_SESSIONS && r.conversions === 0);
  if (referrers.length === 0) return null;
  const sessions = referrers.reduce((s, r) => s + r.sessions, 0);
  return {
    ruleKey: "referrer_never_converts",
    severity: "low",
    score: scoreOf(sessions, 1, "low"),
    title: `Traffic from ${list(referrers.map((r) => r.host))} never converts`,
    body: `${list(referrers.map((r) => `${r.host} sent ${count(r.sessions)} sessions`))} in the window, without a single conversion.`,
    action: "Look at where these links point and what visitors expect from them: send them to a page that fits the referring context, or stop paying for placements there.",
    evidence: { referrers: referrers.map((r) => ({ host: r.host, sessions: r.sessions, conversions: 0 })) },
  };
}
