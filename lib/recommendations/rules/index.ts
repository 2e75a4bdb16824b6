import type { Finding, SiteFacts } from "../facts.ts";
import { consentViolations } from "./consent-violations.ts";
import { mobileConversionGap } from "./mobile-conversion-gap.ts";
import { noConversions } from "./no-conversions.ts";
import { paidBounceHigh } from "./paid-bounce-high.ts";
import { paidUntagged } from "./paid-untagged.ts";
import { poorCls } from "./poor-cls.ts";
import { poorInp } from "./poor-inp.ts";
import { popupAbLoser } from "./popup-ab-loser.ts";
import { popupBelowPeers } from "./popup-below-peers.ts";
import { referrerNeverConverts } from "./referrer-never-converts.ts";
import { siteStale } from "./site-stale.ts";
import { slowLcp } from "./slow-lcp.ts";
import { unverifiedDomainHits } from "./unverified-domain-hits.ts";
import { webhookFailing } from "./webhook-failing.ts";

export type Rule = (facts: SiteFacts) => Finding | null;

/** The rules of docs/recommendations.md, in the doc's table order. */
export const RULES: Record<string, Rule> = {
  slow_lcp: slowLcp,
  poor_inp: poorInp,
  poor_cls: poorCls,
  paid_bounce_high: paidBounceHigh,
  paid_untagged: paidUntagged,
  no_conversions: noConversions,
  consent_violations: consentViolations,
  mobile_conversion_gap: mobileConversionGap,
  popup_ab_loser: popupAbLoser,
  popup_below_peers: popupBelowPeers,
  referrer_never_converts: referrerNeverConverts,
  webhook_failing: webhookFailing,
  site_stale: siteStale,
  unverified_domain_hits: unverifiedDomainHits,
};

/** Every finding for the site, highest score first; equal scores by ruleKey so the order is stable. */
export function rulesFor(facts: SiteFacts): Finding[] {
  return Object.values(RULES)
    .map((rule) => rule(facts))
    .filter((f): f is Finding => f !== null)
    .sort((a, b) => b.score - a.score || a.ruleKey.localeCompare(b.ruleKey));
}
