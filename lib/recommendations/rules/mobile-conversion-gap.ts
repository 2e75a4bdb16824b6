import type { Finding, SiteFacts } from "../facts.ts";
import { count, percent } from "./format.ts";
import { scoreOf, shortOf } from "./score.ts";

const MIN_SESSIONS = 200;

/** Mobile converts at less than half desktop's rate, both with ≥ 200 sessions. */
export function mobileConversionGap(facts: SiteFacts): Finding | null {
  const { mobile, desktop } = facts.devices;
  if (mobile.sessions < MIN_SESSIONS || desktop.sessions < MIN_SESSIONS || desktop.conversionRate <= 0) return null;
  const half = desktop.conversionRate / 2;
  if (mobile.conversionRate >= half) return null;
  return {
    ruleKey: "mobile_conversion_gap",
    severity: "medium",
    score: scoreOf(mobile.sessions, shortOf(mobile.conversionRate, half), "medium"),
    title: `Mobile converts at ${percent(mobile.conversionRate)}, desktop at ${percent(desktop.conversionRate)}`,
    body: `${count(mobile.sessions)} mobile sessions converted at ${percent(mobile.conversionRate)}, less than half of desktop's ${percent(desktop.conversionRate)} over ${count(desktop.sessions)} sessions. Something in the path to conversion is harder on a phone.`,
    action: "Walk through the conversion path on a phone: form fields and buttons large enough to tap, no popups covering the form, and the page fast on a mobile connection (see the web vitals report by device).",
    evidence: { mobile: { ...mobile }, desktop: { ...desktop } },
  };
}
