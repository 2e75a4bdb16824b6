import type { Finding, SiteFacts } from "../facts.ts";
import { count } from "./format.ts";
import { scoreOf } from "./score.ts";

/** Enough traffic to expect conversions (BENCHMARK_MIN_SESSIONS) and none in the window. */
export function noConversions(facts: SiteFacts): Finding | null {
  if (facts.sessions < facts.minSessions || facts.conversions > 0) return null;
  return {
    ruleKey: "no_conversions",
    severity: "high",
    score: scoreOf(facts.sessions, 1, "high"),
    title: `No conversions in ${count(facts.sessions)} sessions`,
    body: `The site had ${count(facts.sessions)} sessions from ${facts.window.from} to ${facts.window.to} and not one counted as a conversion. Either no conversion goal is set up, or its event is not being sent.`,
    action: "Define the actions that matter (a lead form, a purchase, a sign-up) as conversion goals in the site's settings, and check in the real-time view that their events arrive.",
    evidence: { sessions: facts.sessions, conversions: 0 },
  };
}
