import type { Finding, SiteFacts } from "../facts.ts";
import { STALE_AFTER_MS } from "../../sites/status.ts";
import { count } from "./format.ts";
import { scoreOf } from "./score.ts";

/** The site's status is `stale` (docs/site-status.md): hits stopped arriving. */
export function siteStale(facts: SiteFacts): Finding | null {
  if (facts.siteStatus !== "stale") return null;
  return {
    ruleKey: "site_stale",
    severity: "high",
    score: scoreOf(Math.max(facts.sessions, 1), 1, "high"),
    title: `${facts.siteName} has stopped sending data`,
    body: `No hit has arrived from ${facts.siteName} for over ${STALE_AFTER_MS / 3_600_000} hours, after ${count(facts.sessions)} sessions in the window. The tracking snippet was probably removed or broken by a site change, and everything since is missing from the reports.`,
    action: "Check that the tracking snippet is still in the pages' <head> on the live site (Site settings → install), and that no consent or ad-block rule stops it.",
    evidence: { status: "stale", sessions: facts.sessions },
  };
}
