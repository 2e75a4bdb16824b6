import type { Finding, SiteFacts } from "../facts.ts";
import { channelName, count, list, percent } from "./format.ts";
import { beyond, scoreOf } from "./score.ts";

/** A paid channel's bounce rate above the industry's p75 bounce rate (needs an eligible peer group). */
export function paidBounceHigh(facts: SiteFacts): Finding | null {
  const p75 = facts.peers.bounceRate?.p75;
  if (p75 === undefined || p75 <= 0) return null;
  const channels = facts.paidChannels.filter((c) => c.sessions > 0 && c.bounceRate > p75);
  if (channels.length === 0) return null;
  const sessions = channels.reduce((s, c) => s + c.sessions, 0);
  const weighted = channels.reduce((s, c) => s + c.sessions * beyond(c.bounceRate, p75), 0);
  return {
    ruleKey: "paid_bounce_high",
    severity: "medium",
    score: scoreOf(1, weighted, "medium"),
    title: `Paid traffic bounces more than most of your industry: ${list(channels.map((c) => `${channelName(c.channel)} ${percent(c.bounceRate)}`))}`,
    body: `${count(sessions)} paid sessions came from ${list(channels.map((c) => channelName(c.channel)))} with a bounce rate above your industry's 75th percentile of ${percent(p75)}. You pay for these visits, and more of them leave without engaging than on three in four sites of your industry.`,
    action: "Check that each ad's promise matches its landing page, send campaigns to a dedicated landing page rather than the home page, and pause the keywords or placements with the highest bounce.",
    evidence: { peerP75: p75, channels: channels.map((c) => ({ channel: c.channel, sessions: c.sessions, bounceRate: c.bounceRate })) },
  };
}
