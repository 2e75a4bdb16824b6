import type { Finding, SiteFacts } from "../facts.ts";
import { count, list } from "./format.ts";
import { scoreOf } from "./score.ts";

/** Hits from hosts that are not verified domains of the site (rejected hosts). */
export function unverifiedDomainHits(facts: SiteFacts): Finding | null {
  const hosts = facts.rejectedHosts.filter((h) => h.hits > 0);
  if (hosts.length === 0) return null;
  const hits = hosts.reduce((s, h) => s + h.hits, 0);
  const top = [...hosts].sort((a, b) => b.hits - a.hits || a.host.localeCompare(b.host)).slice(0, 5);
  return {
    ruleKey: "unverified_domain_hits",
    severity: "medium",
    score: scoreOf(hits, 1, "medium"),
    title: `${count(hits)} hits rejected from ${hosts.length === 1 ? "an unverified domain" : `${count(hosts.length)} unverified domains`}`,
    body: `Hits came from ${list(top.map((h) => `${h.host} (${count(h.hits)})`))}${hosts.length > top.length ? ` and ${count(hosts.length - top.length)} more` : ""}, which ${hosts.length === 1 ? "is not a verified domain" : "are not verified domains"} of this site, so they were not counted.`,
    action: "If a host is yours (a new domain, a staging or country site), add and verify it in Site settings → domains; if not, someone copied your snippet and the hits can be ignored.",
    evidence: { hosts: [...hosts].sort((a, b) => a.host.localeCompare(b.host)).map((h) => ({ host: h.host, hits: h.hits })) },
  };
}
