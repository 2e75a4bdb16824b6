import type { Finding, SiteFacts } from "../facts.ts";
import { count, percent } from "./format.ts";
import { scoreOf } from "./score.ts";

/** Paid sessions (click id or paid channel) without utm_campaign: their campaign cannot be told apart. */
export function paidUntagged(facts: SiteFacts): Finding | null {
  const { sessions, untagged } = facts.paid;
  if (untagged === 0 || sessions === 0) return null;
  const share = untagged / sessions;
  return {
    ruleKey: "paid_untagged",
    severity: "medium",
    score: scoreOf(untagged, 1, "medium"),
    title: `${count(untagged)} paid sessions have no campaign tag`,
    body: `${percent(share)} of your ${count(sessions)} paid sessions (an ad click id or a paid channel) arrived without utm_campaign, so campaign reports cannot say which campaign paid for them.`,
    action: "Add utm_source, utm_medium and utm_campaign to every ad's final URL (or an account-level tracking template), then check the UTM audit report for links still missing them.",
    evidence: { paidSessions: sessions, untaggedSessions: untagged },
  };
}
