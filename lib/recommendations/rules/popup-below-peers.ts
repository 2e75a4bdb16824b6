import type { Finding, SiteFacts } from "../facts.ts";
import { count, list, percent } from "./format.ts";
import { scoreOf, shortOf } from "./score.ts";

/** A popup whose conversion rate (leads ÷ visitors) is below the industry's p25 (needs an eligible peer group). */
export function popupBelowPeers(facts: SiteFacts): Finding | null {
  const p25 = facts.peers.popupConversionRate?.p25;
  if (p25 === undefined || p25 <= 0) return null;
  const popups = facts.popups.filter((p) => p.conversionRate !== null && p.conversionRate < p25);
  if (popups.length === 0) return null;
  const weighted = popups.reduce((s, p) => s + p.visitors * shortOf(p.conversionRate!, p25), 0);
  return {
    ruleKey: "popup_below_peers",
    severity: "low",
    score: scoreOf(1, weighted, "low"),
    title: `${list(popups.map((p) => `"${p.name}"`))} ${popups.length === 1 ? "converts" : "convert"} below most of your industry`,
    body: `${list(popups.map((p) => `"${p.name}" turned ${count(p.visitors)} visitors into ${count(p.leads)} leads (${percent(p.conversionRate!)})`))}; three in four popups in your industry do better than ${percent(p25)}.`,
    action: "Test a clearer offer, fewer form fields, or a later trigger (exit intent or scroll depth instead of on load) with an A/B test.",
    evidence: { peerP25: p25, popups: popups.map((p) => ({ popupId: p.popupId, name: p.name, visitors: p.visitors, leads: p.leads, conversionRate: p.conversionRate })) },
  };
}
