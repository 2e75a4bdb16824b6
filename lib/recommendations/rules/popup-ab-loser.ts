import type { Finding, SiteFacts } from "../facts.ts";
import { count, list, percent } from "./format.ts";
import { scoreOf, shortOf } from "./score.ts";

/** A finished A/B test whose losing variant is still shown. */
export function popupAbLoser(facts: SiteFacts): Finding | null {
  const losers = facts.popups.filter((p) => p.ab !== null && p.ab.finished && p.ab.loser !== null && p.ab.loserVisitors > 0
    && p.ab.winnerRate !== null && p.ab.loserRate !== null && p.ab.winnerRate > 0);
  if (losers.length === 0) return null;
  const weighted = losers.reduce((s, p) => s + p.ab!.loserVisitors * shortOf(p.ab!.loserRate!, p.ab!.winnerRate!), 0);
  const visitors = losers.reduce((s, p) => s + p.ab!.loserVisitors, 0);
  return {
    ruleKey: "popup_ab_loser",
    severity: "medium",
    score: scoreOf(1, weighted, "medium"),
    title: `A/B test over, but the losing variant still shows: ${list(losers.map((p) => p.name))}`,
    body: losers.map((p) => `"${p.name}": variant ${p.ab!.loser} (${percent(p.ab!.loserRate!)} lead rate) lost to ${p.ab!.winner} (${percent(p.ab!.winnerRate!)}) yet was shown to ${count(p.ab!.loserVisitors)} visitors in the window.`).join(" ")
      + ` ${count(visitors)} visitors saw a variant known to convert worse.`,
    action: "End the test and send all traffic to the winning variant (popup settings → A/B test → keep the winner).",
    evidence: { popups: losers.map((p) => ({ popupId: p.popupId, name: p.name, winner: p.ab!.winner, loser: p.ab!.loser, winnerRate: p.ab!.winnerRate, loserRate: p.ab!.loserRate, loserVisitors: p.ab!.loserVisitors })) },
  };
}
