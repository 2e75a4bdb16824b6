/**
 * `bun run bench tenants`: many sites, more than the analytics memory budget holds. 50 sites
 * of about 200 k events in 10 organizations (5 each; scripts/bench/tenant-fleet.ts builds and
 * caches them), asked round-robin by the load generator — a mix of reports over the read API,
 * each organization with its own API key — while the query service runs with a budget
 * (ANALYTICS_MEMORY_MB) that holds only a third of the sites. Round-robin over more sites than
 * fit is the least-recently-used policy's worst case: nearly every request finds its site
 * dropped and loads it again.
 *
 * The query service runs as its own process (split mode, the router in front), so its RSS is
 * the memory the sites cost, sampled through the run; loads, drops and bytes held come from
 * its /healthz. The budget is measured, not assumed: a calibration run loads the first
 * organization's sites with every report and divides.
 * Options: --orgs 10 --sites-per-org 5 --events-per-site 200000 --days 30 --seconds 60
 * --connections 4 --budget-mb N (instead of a third of the measured size) --fresh.
 */
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { Temporal } from "temporal-polyfill";
import type { LoadedSitesStats } from "../../lib/analytics/loaded-sites.ts";
import { flag, load, machine, median, memoryOf, startProcess } from "./harness.ts";
import { tenantFleet } from "./tenant-fleet.ts";

const orgs = flag("orgs", 10);
const sitesPerOrg = flag("sites-per-org", 5);
const eventsPerSite = flag("events-per-site", 200_000);
const days = flag("days", 30);
const seconds = flag("seconds", 60);
const connections = flag("connections", 4);
const givenBudgetMb = flag("budget-mb", 0);

const { dataDir, env, fleet } = await tenantFleet({ orgs, sitesPerOrg, eventsPerSite, days });
const siteCount = orgs * sitesPerOrg;
const today = Temporal.Now.plainDateISO("UTC");
const range = `from=${today.subtract({ days: days - 1 })}&to=${today}`;
const REPORTS = ["overview", "acquisition", "pages", "audience", "events", "behaviour"].map((r) => `analytics/${r}?${range}`);

/** Every (site, report) of the run, in the order the load generator takes them: each pass over the sites asks the next report. */
const targets = (routerUrl: string) =>
  REPORTS.flatMap((report) =>
    fleet.orgs.flatMap((org) => org.sites.map((site) => ({ url: `${routerUrl}/api/v1/orgs/${org.orgId}/sites/${site}/${report}`, headers: { authorization: `Bearer ${org.key}` } }))),
  );

/** The query service (its own process, with the budget) and a router in front of it. */
async function start(budgetMb: number) {
  const query = await startProcess(["services/query/main.ts"], { ...env, ANALYTICS_MEMORY_MB: String(budgetMb) });
  const router = await startProcess(["services/router/main.ts"], { ...env, QUERY_URL: query.url });
  const stats = async () => ((await (await fetch(`${query.url}/healthz`)).json()) as { analytics: LoadedSitesStats }).analytics;
  return { query, router, stats, stop: async () => (await router.stop(), await query.stop()) };
}

async function ask(url: string, headers: Record<string, string>): Promise<void> {
  const res = await fetch(url, { headers });
  if (res.status !== 200) throw new Error(`${url}: ${res.status} ${await res.text()}`);
  await res.arrayBuffer();
}

// Calibration: the first organization's sites, every report, with room for all of them.
let budgetMb = givenBudgetMb;
let perSiteBytes = 0;
{
  const s = await start(1_048_576);
  const first = targets(s.router.url).filter((t) => t.headers.authorization === `Bearer ${fleet.orgs[0].key}`);
  for (const t of first) await ask(t.url, t.headers);
  await Bun.sleep(50); // the measure after each report runs
  const held = await s.stats();
  perSiteBytes = held.bytes / held.sites;
  await s.stop();
  if (!budgetMb) budgetMb = Math.max(1, Math.round((perSiteBytes * siteCount) / 3 / 2 ** 20));
}

const s = await start(budgetMb);
const idle = memoryOf(s.query.proc.pid).rssMiB;
const targetFile = join(dataDir, "targets.json");
writeFileSync(targetFile, JSON.stringify(targets(s.router.url)));
const before = await s.stats();
const rss: number[] = [];
let sampling = true;
const sampler = (async () => {
  while (sampling) {
    rss.push(memoryOf(s.query.proc.pid).rssMiB);
    await Bun.sleep(250);
  }
})();
const started = performance.now();
const result = await load(["--targets-file", targetFile, "--seconds", String(seconds), "--connections", String(connections), "--warmup", "0"]);
const minutes = (performance.now() - started) / 60_000;
sampling = false;
await sampler;
const after = await s.stats();
const { peakMiB } = memoryOf(s.query.proc.pid);
await s.stop();

const mib = (bytes: number) => (bytes / 2 ** 20).toFixed(1);
const peakRss = Math.max(...rss);
console.log(`\nTenants: ${siteCount} sites in ${orgs} organizations, ${Math.round(fleet.eventsPerSite.reduce((a, b) => a + b, 0) / fleet.eventsPerSite.length).toLocaleString("en")} events each (${days} days); ${machine()}`);
console.log(`fixture: ${sitesPerOrg} sites seeded in ${fleet.seedSeconds.toFixed(0)} s, copied to ${orgs - 1} more organizations in ${fleet.copySeconds.toFixed(1)} s (${dataDir})`);
console.log(`one site loaded with every report: ${mib(perSiteBytes)} MiB measured; budget ANALYTICS_MEMORY_MB=${budgetMb} (${(budgetMb * 2 ** 20 / perSiteBytes).toFixed(1)} of ${siteCount} sites)\n`);
console.log(`${connections} connections round-robin over ${siteCount} sites × ${REPORTS.length} reports for ${seconds} s: ${result.requests} requests (${result.errors} errors), ${(result.requests / (minutes * 60)).toFixed(1)} requests/s`);
console.log(`latency per request: p50 ${result.p50} ms, p95 ${result.p95} ms, p99 ${result.p99} ms, max ${result.max} ms`);
console.log(`loads ${after.loads - before.loads} (${((after.loads - before.loads) / minutes).toFixed(0)}/min), drops ${after.drops - before.drops} (${((after.drops - before.drops) / minutes).toFixed(0)}/min); held at the end: ${after.sites} sites, ${mib(after.bytes)} MiB`);
console.log(
  `query service RSS: idle ${idle} MiB; during the run median ${median(rss)} MiB, highest sample ${peakRss} MiB, peak (VmHWM) ${peakMiB} MiB = budget ${budgetMb} MiB + ${peakMiB - budgetMb} MiB`,
);
