import type { Finding, SiteFacts } from "../facts.ts";
import { count, list } from "./format.ts";
import { scoreOf } from "./score.ts";

const HOUR = 3_600_000;

/** An outbound webhook disabled, or failing for over an hour: leads are not reaching the CRM. */
export function webhookFailing(facts: SiteFacts): Finding | null {
  const hooks = facts.webhooks.filter((w) => !w.enabled || (w.failingSince !== null && facts.now - w.failingSince > HOUR));
  if (hooks.length === 0) return null;
  const describe = (w: (typeof hooks)[number]) => !w.enabled
    ? `${w.name} is disabled`
    : `${w.name} has failed for ${count((facts.now - w.failingSince!) / HOUR)} hours`;
  return {
    ruleKey: "webhook_failing",
    severity: "high",
    score: scoreOf(Math.max(facts.leads, 1), 1, "high"),
    title: `Lead delivery is broken: ${list(hooks.map(describe))}`,
    body: `${list(hooks.map((w) => `${describe(w)} (${w.url})`))}. New leads are stored here but do not reach the receiving system; the site had ${count(facts.leads)} leads in the window.`,
    action: "Open Integrations → webhooks, check the receiving URL and its last error, fix the receiver and re-enable the webhook; then resend the leads it missed.",
    // failingSince as a time, not a number: a new failure after a recovery is a new incident
    // (identity), where a 20 % move of an epoch would never count.
    evidence: { webhooks: hooks.map((w) => ({ webhookId: w.webhookId, name: w.name, enabled: w.enabled, failingSince: w.failingSince === null ? null : new Date(w.failingSince).toISOString() })) },
  };
}
