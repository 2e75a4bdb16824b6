import type { Finding, SiteFacts } from "../facts.ts";
import { count, list, plural } from "./format.ts";
import { scoreOf } from "./score.ts";

/** The cookie inventory lists cookies or trackers set without the consent they need. */
export function consentViolations(facts: SiteFacts): Finding | null {
  const { count: n, names } = facts.consentViolations;
  if (n === 0) return null;
  const shownNames = names.slice(0, 5);
  const more = names.length - shownNames.length;
  return {
    ruleKey: "consent_violations",
    severity: "high",
    score: scoreOf(Math.max(facts.sessions, 1), 1, "high"),
    title: `${plural(n, "cookie")} set before consent`,
    body: `The latest cookie scan found ${plural(n, "item")} set without the visitor's consent: ${list(shownNames)}${more > 0 ? ` and ${count(more)} more` : ""}. Under the GDPR and the ePrivacy rules, non-essential cookies need consent first; every one of the ${count(facts.sessions)} sessions in the window was exposed.`,
    action: "Open the cookie inventory, assign each listed cookie to its category, and load the scripts that set them only after consent (through the consent banner's categories).",
    evidence: { count: n, names: [...names].sort() },
  };
}
